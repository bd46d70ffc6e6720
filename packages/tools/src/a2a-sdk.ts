import { installCommand, loadOptionalPeer, type ModuleImporter } from '@warden/protocol/vocabulary';
import { toolError } from './tool-error-codes.js';

/** The install command named when the optional peer is missing. */
export const A2A_SDK_INSTALL = installCommand('@a2a-js/sdk');

/** The parts of the official A2A SDK (`@a2a-js/sdk`) the client tool uses, loaded on first use. */
export interface A2aClientSdk {
  ClientFactory: typeof import('@a2a-js/sdk/client').ClientFactory;
  ClientFactoryOptions: typeof import('@a2a-js/sdk/client').ClientFactoryOptions;
  JsonRpcTransportFactory: typeof import('@a2a-js/sdk/client').JsonRpcTransportFactory;
  RestTransportFactory: typeof import('@a2a-js/sdk/client').RestTransportFactory;
  DefaultAgentCardResolver: typeof import('@a2a-js/sdk/client').DefaultAgentCardResolver;
  Message: typeof import('@a2a-js/sdk').Message;
  TaskState: typeof import('@a2a-js/sdk').TaskState;
}

const defaultImporter: ModuleImporter = (specifier) => import(specifier);

/**
 * Loads `@a2a-js/sdk` (an optional peer dependency) the first time an A2A agent tool is called.
 * A missing SDK is a `tool.remote_agent_sdk_missing` ToolError naming the install command.
 */
export function loadA2aClientSdk(importModule: ModuleImporter = defaultImporter): Promise<A2aClientSdk> {
  return loadOptionalPeer(
    ['@a2a-js/sdk'],
    async () => {
      const [main, client] = (await Promise.all([importModule('@a2a-js/sdk'), importModule('@a2a-js/sdk/client')])) as [
        typeof import('@a2a-js/sdk'),
        typeof import('@a2a-js/sdk/client'),
      ];
      return {
        ClientFactory: client.ClientFactory,
        ClientFactoryOptions: client.ClientFactoryOptions,
        JsonRpcTransportFactory: client.JsonRpcTransportFactory,
        RestTransportFactory: client.RestTransportFactory,
        DefaultAgentCardResolver: client.DefaultAgentCardResolver,
        Message: main.Message,
        TaskState: main.TaskState,
      };
    },
    (install, error) => toolError('tool.remote_agent_sdk_missing', `A2A agents need the optional peer dependency @a2a-js/sdk, which is not installed: run \`${install}\``, `Run \`${install}\` in your project.`, error),
  );
}
