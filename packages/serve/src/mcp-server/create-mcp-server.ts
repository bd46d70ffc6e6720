import type { Readable, Writable } from 'node:stream';
import { ConfigError, type OptionKeys } from '@warden/protocol';
import { strictOptions } from '@warden/protocol/checks';
import { isTraceContextCarrier } from '@warden/harness';
import type { TraceContextCarrier } from '@warden/harness';
import { failedCall, runAgentCall, type AgentCallOutcome } from './agent-call.js';
import { agentInput, agentInputJsonSchema, agentOutputJsonSchema, describeIssues } from './agent-tool-schema.js';
import { isUsableKey, MIN_KEY_LENGTH, type KeyGrant } from './bearer-keys.js';
import { AGENT_NAME, defaultApprovalInstructions, MCP_AGENT_KEYS, type ApprovalInstructions, type McpAgent } from './mcp-agent.js';
import { listenMcpHttp, type McpHttpOptions, type RunningMcpHttp } from './mcp-http.js';
import { loadMcpServerSdk, type McpServerSdk } from './mcp-server-sdk.js';
import { configError } from '../coded-errors.js';

export interface McpServerOptions {
  /** The agents to serve, one tool each. */
  agents: readonly McpAgent[];
  /** The server's name in the MCP handshake (default `warden`). */
  name?: string;
  version?: string;
  /** Runs at once across every connection (default 4); a call beyond it is refused, not queued. */
  maxConcurrentRuns?: number;
  /** The longest task a call may send (default 32 000 characters). */
  maxTaskChars?: number;
  /** How a tool result tells the caller that a person must decide a parked approval. */
  approvalInstructions?: ApprovalInstructions;
}

export interface StdioIo {
  stdin?: Readable;
  stdout?: Writable;
}

export interface RunningMcpStdio {
  /** Settles when the client goes away (stdin ends) or `close` is called. */
  readonly closed: Promise<void>;
  close(): Promise<void>;
}

/** A Warden MCP server: governed agents as tools, over stdio or streamable HTTP (stateless). */
export interface WardenMcpServer {
  /** The tool names, one per agent. */
  readonly tools: readonly string[];
  /** Serves one client over stdio (default: this process's stdin/stdout). */
  serveStdio(io?: StdioIo): Promise<RunningMcpStdio>;
  /** Listens for streamable HTTP (stateless): bearer keys, Host/Origin checks, size and concurrency limits. */
  listen(options: McpHttpOptions): Promise<RunningMcpHttp>;
  /** Aborts the calls in flight, stops every transport and waits for the runs to end. Does not close the agents' harnesses. */
  close(): Promise<void>;
}

const MCP_SERVER_KEYS = { agents: true, name: true, version: true, maxConcurrentRuns: true, maxTaskChars: true, approvalInstructions: true } as const satisfies OptionKeys<McpServerOptions>;
const STDIO_KEYS = { stdin: true, stdout: true } as const satisfies OptionKeys<StdioIo>;
const MCP_HTTP_KEYS = {
  port: true, host: true, path: true, keys: true, allowedHosts: true, allowedOrigins: true, maxBodyBytes: true, maxConcurrentRequests: true,
} as const satisfies OptionKeys<McpHttpOptions>;

function invalid(message: string): ConfigError {
  return configError({ code: 'config.invalid', message, hint: 'fix the agents given to createMcpServer' });
}

function checkAgents(agents: readonly McpAgent[]): void {
  if (agents.length === 0) throw invalid('createMcpServer needs at least one agent');
  const seen = new Set<string>();
  for (const [i, agent] of agents.entries()) {
    strictOptions(`createMcpServer agents[${i}]`, MCP_AGENT_KEYS, agent);
    if (!AGENT_NAME.test(agent.name)) throw invalid(`agent name "${agent.name}" is not 1-64 letters, digits, _ and -`);
    if (seen.has(agent.name)) throw invalid(`two agents are named "${agent.name}"`);
    seen.add(agent.name);
    if (!agent.description.trim()) throw invalid(`agent "${agent.name}" has no description`);
    // The caller is a program: nobody sits at a terminal to answer a prompt.
    if (agent.harness.approver?.kind === 'person') throw invalid(`agent "${agent.name}" asks a person at a prompt; serve it with approver "durable" (questions park) or "none"`);
    for (const key of agent.keys ?? []) {
      if (!isUsableKey(key)) throw invalid(`a key of agent "${agent.name}" is not at least ${MIN_KEY_LENGTH} characters of A-Z a-z 0-9 . _ ~ + / -`);
    }
  }
}

type ToolResult = { content: Array<{ type: 'text'; text: string }>; structuredContent?: Record<string, unknown>; isError?: boolean };

function toResult(outcome: AgentCallOutcome): ToolResult {
  return { content: [{ type: 'text', text: outcome.text }], structuredContent: outcome.output, ...(outcome.isError ? { isError: true } : {}) };
}

function rejected(agent: string, code: string, message: string): ToolResult {
  return toResult({ text: `${agent}: ${message}`, output: { agent, stopReason: 'rejected', steps: 0, tainted: false, refusals: [], pendingApprovals: [], error: { code, message } }, isError: true });
}

/**
 * Builds an MCP server (the official SDK, loaded on first use) whose tools are governed Warden
 * agents. A call `{ task, sessionId? }` runs the agent's harness — the same gate, approvals,
 * session store and audit trail as every other run — and returns the answer text with
 * `{ stopReason, sessionId, steps, refusals, pendingApprovals }` as structured content; when
 * the client sends a progress token, each step and tool decision is a progress notification.
 */
export async function createMcpServer(given: McpServerOptions): Promise<WardenMcpServer> {
  const options = strictOptions('createMcpServer', MCP_SERVER_KEYS, given);
  checkAgents(options.agents);
  const sdk = await loadMcpServerSdk();
  const maxRuns = options.maxConcurrentRuns ?? 4;
  const maxTaskChars = options.maxTaskChars ?? 32_000;
  if (!Number.isInteger(maxRuns) || maxRuns < 1) throw invalid('maxConcurrentRuns must be a positive integer');
  const input = agentInput(maxTaskChars);
  const inputSchema = agentInputJsonSchema(maxTaskChars);
  const outputSchema = agentOutputJsonSchema();
  const instructions = options.approvalInstructions ?? defaultApprovalInstructions;
  const byName = new Map(options.agents.map((agent) => [agent.name, agent]));
  const shutdown = new AbortController();
  const inFlight = new Set<Promise<unknown>>();
  const busySessions = new Set<string>();
  const closers = new Set<() => Promise<void>>();
  let running = 0;

  async function call(agent: McpAgent, args: unknown, signal: AbortSignal, progress?: (message: string) => void, traceContext?: TraceContextCarrier): Promise<ToolResult> {
    const parsed = input.safeParse(args ?? {});
    if (!parsed.success) return rejected(agent.name, 'mcp.invalid_arguments', `invalid arguments: ${describeIssues(parsed.error)}`);
    const { sessionId } = parsed.data;
    if (shutdown.signal.aborted) return rejected(agent.name, 'mcp.shutting_down', 'the server is shutting down');
    if (running >= maxRuns) return rejected(agent.name, 'mcp.busy', `${running} runs are in progress (the limit is ${maxRuns}); try again shortly`);
    if (sessionId && busySessions.has(sessionId)) return rejected(agent.name, 'mcp.session_busy', `session ${sessionId} is running another call; wait for it to end`);
    running += 1;
    if (sessionId) busySessions.add(sessionId);
    const work = runAgentCall(agent, { task: parsed.data.task, ...(sessionId ? { sessionId } : {}) }, {
      signal: AbortSignal.any([signal, shutdown.signal]),
      ...(progress ? { progress } : {}),
      ...(traceContext ? { traceContext } : {}),
      approvalInstructions: instructions,
    }).catch((error: unknown) => failedCall(agent.name, error, sessionId));
    inFlight.add(work);
    try {
      return toResult(await work);
    } finally {
      inFlight.delete(work);
      running -= 1;
      if (sessionId) busySessions.delete(sessionId);
    }
  }

  function build(grant: KeyGrant): InstanceType<McpServerSdk['Server']> {
    const { types } = sdk;
    const granted = options.agents.filter((agent) => grant.kind === 'all' || grant.agents.has(agent.name));
    const server = new sdk.Server({ name: options.name ?? 'warden', version: options.version ?? '0.0.0' }, { capabilities: { tools: {} } });
    server.setRequestHandler(types.ListToolsRequestSchema, () => ({
      tools: granted.map((agent) => ({
        name: agent.name,
        description: agent.description,
        inputSchema,
        outputSchema,
        annotations: { title: agent.name, readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
      })),
    }));
    server.setRequestHandler(types.CallToolRequestSchema, async (request, extra) => {
      const agent = byName.get(request.params.name);
      if (!agent || !granted.includes(agent)) throw new types.McpError(types.ErrorCode.InvalidParams, `unknown tool: ${request.params.name}`);
      const token = request.params._meta?.progressToken;
      let step = 0;
      const progress =
        token === undefined
          ? undefined
          : (message: string) => {
              step += 1;
              extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress: step, message } }).catch(() => undefined);
            };
      return call(agent, request.params.arguments, extra.signal, progress, callerTrace(request.params._meta, extra.requestInfo?.headers));
    });
    return server;
  }

  const close = async (): Promise<void> => {
    shutdown.abort();
    await Promise.allSettled([...inFlight]);
    await Promise.allSettled([...closers].map((stop) => stop()));
  };

  return {
    tools: options.agents.map((agent) => agent.name),
    async serveStdio(given = {}) {
      const io = strictOptions('mcpServer.serveStdio', STDIO_KEYS, given);
      const stdin = io.stdin ?? process.stdin;
      const transport = new sdk.StdioServerTransport(stdin, io.stdout ?? process.stdout);
      const server = build({ kind: 'all' });
      let resolveClosed!: () => void;
      const closed = new Promise<void>((resolve) => (resolveClosed = resolve));
      const stop = async (): Promise<void> => {
        stdin.off('end', onEnd);
        closers.delete(stop);
        await server.close().catch(() => undefined);
        resolveClosed();
      };
      const onEnd = (): void => void stop();
      server.onclose = () => resolveClosed();
      stdin.on('end', onEnd);
      closers.add(stop);
      await server.connect(transport);
      return { closed, close: stop };
    },
    async listen(httpOptions) {
      const running = await listenMcpHttp(sdk, strictOptions('mcpServer.listen', MCP_HTTP_KEYS, httpOptions), { agents: options.agents, build });
      const stop = async (): Promise<void> => {
        closers.delete(stop);
        await running.close();
      };
      closers.add(stop);
      return { ...running, close: stop };
    },
    close,
  };
}

/**
 * The caller's W3C trace context: the HTTP request's `traceparent`/`tracestate` headers, or the
 * same names in the call's `_meta` (how a stdio client can carry it). Anything malformed is ignored.
 */
function callerTrace(meta: Record<string, unknown> | undefined, headers: Record<string, string | string[] | undefined> | undefined): TraceContextCarrier | undefined {
  const pick = (name: string): unknown => {
    const fromHeader = headers?.[name];
    return typeof fromHeader === 'string' ? fromHeader : meta?.[name];
  };
  const traceparent = pick('traceparent');
  const tracestate = pick('tracestate');
  const carrier = { traceparent, ...(tracestate !== undefined ? { tracestate } : {}) };
  return isTraceContextCarrier(carrier) ? carrier : undefined;
}
