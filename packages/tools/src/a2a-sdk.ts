import type { ModuleImporter } from './mcp-sdk.js';
import { toolError } from './tool-error-codes.js';

/** The install command named when the optional peer is missing. */
export const A2A_SDK_INSTALL = 'npm install @a2a-js/sdk';

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

function isMissingModule(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND';
}

/**
 * Loads `@a2a-js/sdk` (an optional peer dependency) the first time an A2A agent tool is called.
 * A missing SDK is a `tool.remote_agent_sdk_missing` ToolError naming the install command.
 */
export async function loadA2aClientSdk(importModule: ModuleImporter = defaultImporter): Promise<A2aClientSdk> {
  try {
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
  } catch (error) {
    if (isMissingModule(error)) {
      throw toolError(
        'tool.remote_agent_sdk_missing',
        `A2A agents need the optional peer dependency @a2a-js/sdk, which is not installed: run \`${A2A_SDK_INSTALL}\``,
        `Run \`${A2A_SDK_INSTALL}\` in your project.`,
        error,
      );
    }
    throw error;
  }
}
