// Explicit named re-exports only: adding a name here makes it public API.
export { createMcpServer } from './mcp-server/create-mcp-server.js';
export type { McpServerOptions, WardenMcpServer, RunningMcpStdio, StdioIo } from './mcp-server/create-mcp-server.js';
export type { McpAgent, ApprovalInstructions } from './mcp-server/mcp-agent.js';
export type { McpHttpOptions, RunningMcpHttp } from './mcp-server/mcp-http.js';
export type { AgentCallOutput, AgentCallRefusal, AgentCallApproval } from './mcp-server/agent-call.js';
export { createA2AServer } from './a2a-server/create-a2a-server.js';
export type { A2aServerOptions, WardenA2aServer, A2aAgent } from './a2a-server/create-a2a-server.js';
export type { A2aHttpOptions, RunningA2aHttp } from './a2a-server/a2a-http.js';
export type { A2aPushOptions } from './a2a-server/a2a-push.js';
