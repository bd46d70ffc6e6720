import { installCommand, isMissingModule } from '@warden/protocol/vocabulary';
import { toolError } from '../coded-errors.js';

/** The install command named when the optional peer is missing. */
export const A2A_SDK_INSTALL = installCommand('@a2a-js/sdk');

/** The parts of the official A2A SDK the server uses, loaded on first use. */
export interface A2aServerSdk {
  main: typeof import('@a2a-js/sdk');
  server: typeof import('@a2a-js/sdk/server');
  errors: typeof import('@a2a-js/sdk/errors');
}

let loading: Promise<A2aServerSdk> | undefined;

/**
 * Loads `@a2a-js/sdk` (an optional peer of `@warden/harness`) the first time an A2A server is
 * built: programs that never serve A2A never load it. A missing SDK is a typed
 * `tool.remote_agent_sdk_missing` error naming the install command. Only the framework-free parts are
 * used (the request handler and JSON-RPC transport handler), so Express is not needed.
 */
export function loadA2aServerSdk(): Promise<A2aServerSdk> {
  loading ??= (async () => {
    try {
      const [main, server, errors] = await Promise.all([import('@a2a-js/sdk'), import('@a2a-js/sdk/server'), import('@a2a-js/sdk/errors')]);
      return { main, server, errors };
    } catch (error) {
      loading = undefined;
      if (!isMissingModule(error)) throw error;
      throw toolError({
        code: 'tool.remote_agent_sdk_missing',
        message: `serving A2A needs the optional peer dependency @a2a-js/sdk, which is not installed: run \`${A2A_SDK_INSTALL}\``,
        hint: `Run \`${A2A_SDK_INSTALL}\` in your project.`,
        cause: error,
      });
    }
  })();
  return loading;
}
