// `@warden/protocol/net`: explicit named re-exports only; adding a name here makes it public API.
export { parseHostSpec, hostSpecAllows, formatHostSpec, defaultPorts, normalizeHostName, urlTarget, scopeHostText } from './host-port.js';
export { HTTP_SERVER_TIMEOUTS, isLoopbackName, defaultAllowedHosts, hostOriginCheck } from './http-guard.js';
export { parseSandboxSpec, formatSandboxSpec } from './sandbox.js';
