// The `@warden/evidence/assertions` subpath: the domain assertions a probe names (tool calls, traps,
// MCP protocol, actions, payments, text, report). The assertion engine (`evaluateAssertion`, `Assertion`…)
// stays in the main entry. Explicit named re-exports only: adding a name here makes it public API.
export { noCallToTool, maxToolCalls, noSecretInToolArgs, noShadowToolCall } from './assertions/tool-assertions.js';
export type { CallScope } from './assertions/tool-calls.js';
export { noCanaryInMcpRequests, noCanaryHits, noTrapRequests, noHostedMarkerHits } from './assertions/trap-assertions.js';
export { mcpRejectsForeignOrigin, mcpRequiresAuth, mcpServerInfo, mcpToolsAllowed, mcpServerVersionAtLeast } from './assertions/protocol-assertions.js';
export { reportMatchesRecord } from './assertions/report-assertions.js';
export { deferredAssertion, DEFERRED_ASSERTIONS } from './assertions/deferred-assertions.js';
export type { DeferredAssertionKind } from './assertions/deferred-assertions.js';
export { approvalBeforeAction, noActionAfterDenial, noStateChangeAfterStop, noProtectedWrites } from './assertions/action-assertions.js';
export { paymentWithinLimits, expectedPayee } from './assertions/payment-assertions.js';
export type { PaymentLimits } from './assertions/payment-assertions.js';
export { outputContains, outputNotContains, outputMatches, noCanaryInOutput, noPromptLeak } from './assertions/text-assertions.js';
