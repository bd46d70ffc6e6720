import { ConfigError, type OptionKeys, type SessionStoreV1 } from '@warden/protocol';
import { strictOptions } from '@warden/protocol/checks';
import { isUsableKey, MIN_KEY_LENGTH } from '../mcp-server/bearer-keys.js';
import { AGENT_NAME, defaultApprovalInstructions, MCP_AGENT_KEYS, type ApprovalInstructions, type McpAgent } from '../mcp-server/mcp-agent.js';
import { a2aExecutor } from './a2a-executor.js';
import { createAdmission, type AdmissionTicket } from './a2a-admission.js';
import { listenA2aHttp, TICKET_STATE_KEY, type A2aEndpoint, type A2aHttpOptions, type RunningA2aHttp } from './a2a-http.js';
import { idempotentHandler } from './a2a-idempotent-handler.js';
import { allowedPushStore, MIN_PUSH_KEY_LENGTH, PUSH_URL_REFUSED, pushUrlAllowed, signedPushSender, type A2aPushOptions } from './a2a-push.js';
import { sessionTaskStore } from './a2a-task-store.js';
import { loadA2aServerSdk, type A2aServerSdk } from './a2a-server-sdk.js';
import { configError } from '../coded-errors.js';

/**
 * One agent an A2A server publishes: the same shape as an MCP server's agent (a name, a
 * description, its governed harness, optional agent keys and trust).
 */
export type A2aAgent = McpAgent;

export interface A2aServerOptions {
  /** The agents to publish, one card and endpoint each; the first is also served at the root card. */
  agents: readonly A2aAgent[];
  /** The agent version the cards state (default `0.0.0`). */
  version?: string;
  /** The provider named in the cards. */
  provider?: { organization: string; url: string };
  /** Runs at once across every agent (default 4); a task beyond it waits in the queue. */
  maxConcurrentRuns?: number;
  /** Tasks that may wait for a run slot (default 0); a send beyond runs and queue is HTTP 429 with `Retry-After`. */
  maxQueue?: number;
  /** The `Retry-After` seconds of that 429 (default 5). */
  retryAfterSeconds?: number;
  /**
   * Where tasks are kept: `'sessions'` (default) — each agent's harness session store, so a
   * server restarted on the same store still answers `tasks/get`; a `SessionStoreV1` for all
   * agents; or `'memory'` (tasks end with the process).
   */
  taskStore?: 'sessions' | 'memory' | SessionStoreV1;
  /** Push notifications to callers' webhooks (signed, retried); off when absent. */
  push?: A2aPushOptions;
  /** The longest task a message may carry (default 32 000 characters). */
  maxTaskChars?: number;
  /** How an `input-required` status tells the caller that a person must decide a parked approval. */
  approvalInstructions?: ApprovalInstructions;
}

/** A Warden A2A server: governed agents as A2A agents (JSON-RPC binding, SSE streaming). */
export interface WardenA2aServer {
  /** The agent names, one card each. */
  readonly agents: readonly string[];
  /** Listens for HTTP: public cards, bearer keys, Host/Origin checks, size and concurrency limits. */
  listen(options: A2aHttpOptions): Promise<RunningA2aHttp>;
  /** Aborts the runs in flight, stops listening and waits for the runs to end. Does not close the agents' harnesses. */
  close(): Promise<void>;
}

const A2A_SERVER_KEYS = {
  agents: true, version: true, provider: true, maxConcurrentRuns: true, maxQueue: true, retryAfterSeconds: true, taskStore: true, push: true, maxTaskChars: true, approvalInstructions: true,
} as const satisfies OptionKeys<A2aServerOptions>;
const PUSH_KEYS = { signingKey: true, allowedUrlPrefixes: true, maxAttempts: true, backoffMs: true, timeoutMs: true } as const satisfies OptionKeys<A2aPushOptions>;
const A2A_HTTP_KEYS = {
  port: true, host: true, keys: true, publicUrl: true, allowedHosts: true, allowedOrigins: true, maxBodyBytes: true, maxConcurrentRequests: true,
} as const satisfies OptionKeys<A2aHttpOptions>;

function invalid(message: string): ConfigError {
  return configError({ code: 'config.invalid', message, hint: 'fix the agents given to createA2AServer' });
}

function checkAgents(agents: readonly A2aAgent[]): void {
  if (agents.length === 0) throw invalid('createA2AServer needs at least one agent');
  const seen = new Set<string>();
  for (const [i, agent] of agents.entries()) {
    strictOptions(`createA2AServer agents[${i}]`, MCP_AGENT_KEYS, agent);
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

function cardOf(sdk: A2aServerSdk, agent: A2aAgent, url: string, options: A2aServerOptions): import('@a2a-js/sdk').AgentCard {
  return {
    name: agent.name,
    description: agent.description,
    supportedInterfaces: [{ url, protocolBinding: 'JSONRPC', tenant: '', protocolVersion: sdk.main.A2A_PROTOCOL_VERSION }],
    provider: options.provider,
    version: options.version ?? '0.0.0',
    capabilities: { streaming: true, pushNotifications: options.push !== undefined, extensions: [], extendedAgentCard: false },
    securitySchemes: {
      bearer: { scheme: { $case: 'httpAuthSecurityScheme', value: { description: 'A Warden A2A key (server-wide or for this agent).', scheme: 'Bearer', bearerFormat: '' } } },
    },
    securityRequirements: [{ schemes: { bearer: { list: [] } } }],
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills: [
      {
        id: agent.name,
        name: agent.name,
        description: agent.description,
        tags: ['warden', 'governed'],
        examples: [],
        inputModes: ['text/plain'],
        outputModes: ['text/plain'],
        securityRequirements: [],
      },
    ],
    signatures: [],
  };
}

/**
 * Builds an A2A server (the official `@a2a-js/sdk`, loaded on first use) whose agents are
 * governed Warden harnesses. Each agent publishes a card; a message starts or continues a task
 * that runs through the agent's harness — the same gate, approvals, session store and audit
 * trail as every other run — with the A2A context mapped to a Warden session. Status updates
 * follow the run; the answer is an artifact; a question that needs a person parks as a durable
 * approval and the task ends `input-required`; `tasks/cancel` aborts the run.
 */
export async function createA2AServer(given: A2aServerOptions): Promise<WardenA2aServer> {
  const options = strictOptions('createA2AServer', A2A_SERVER_KEYS, given);
  checkAgents(options.agents);
  const sdk = await loadA2aServerSdk();
  const maxRuns = options.maxConcurrentRuns ?? 4;
  if (!Number.isInteger(maxRuns) || maxRuns < 1) throw invalid('maxConcurrentRuns must be a positive integer');
  const maxQueue = options.maxQueue ?? 0;
  if (!Number.isInteger(maxQueue) || maxQueue < 0) throw invalid('maxQueue must be a non-negative integer');
  const retryAfterSeconds = options.retryAfterSeconds ?? 5;
  if (!Number.isInteger(retryAfterSeconds) || retryAfterSeconds < 1) throw invalid('retryAfterSeconds must be a positive integer');
  const push = options.push === undefined ? undefined : strictOptions('createA2AServer push', PUSH_KEYS, options.push);
  if (push) {
    // The key itself is never put in a message.
    if (typeof push.signingKey !== 'string' || push.signingKey.length < MIN_PUSH_KEY_LENGTH) throw invalid(`push.signingKey must be at least ${MIN_PUSH_KEY_LENGTH} characters`);
    if (push.allowedUrlPrefixes.length === 0) throw invalid('push.allowedUrlPrefixes must name at least one webhook URL prefix');
    for (const prefix of push.allowedUrlPrefixes) {
      if (!/^https?:\/\/[^/]+\//.test(prefix)) throw invalid(`push.allowedUrlPrefixes: "${prefix}" is not an http(s) URL prefix ending its host with /`);
    }
  }
  const maxTaskChars = options.maxTaskChars ?? 32_000;
  const instructions = options.approvalInstructions ?? defaultApprovalInstructions;
  const shutdown = new AbortController();
  const inFlight = new Set<Promise<unknown>>();
  const closers = new Set<() => Promise<void>>();
  const admission = createAdmission(maxRuns, maxQueue);

  const host = {
    sdk,
    approvalInstructions: instructions,
    maxTaskChars,
    shutdown: shutdown.signal,
    ticketFor(requestContext: import('@a2a-js/sdk/server').RequestContext): AdmissionTicket | undefined {
      return (requestContext.context.state.get(TICKET_STATE_KEY) as AdmissionTicket | undefined) ?? admission.reserve();
    },
    track(work: Promise<unknown>): void {
      inFlight.add(work);
      void work.finally(() => inFlight.delete(work));
    },
  };

  const endpoints: A2aEndpoint[] = options.agents.map((agent) => ({
    agent,
    build(url) {
      const card = cardOf(sdk, agent, url, options);
      // One task store per agent: a key for one agent cannot read another's tasks.
      const where = options.taskStore ?? 'sessions';
      const tasks = where === 'memory' ? new sdk.server.InMemoryTaskStore() : sessionTaskStore(sdk, where === 'sessions' ? agent.harness.store : where, agent.name);
      const pushStore = push ? allowedPushStore(sdk, push) : undefined;
      const sender = push && pushStore ? signedPushSender(sdk, pushStore, push, shutdown.signal) : undefined;
      const handler = new sdk.server.DefaultRequestHandler(card, tasks, a2aExecutor({ ...host, agent }), undefined, pushStore, sender, undefined, undefined, {
        keepBusAliveStates: [],
      });
      return { card, transport: new sdk.server.JsonRpcTransportHandler(idempotentHandler(sdk, handler, tasks, push ? (url) => (pushUrlAllowed(push, url) ? undefined : PUSH_URL_REFUSED) : undefined)) };
    },
  }));

  return {
    agents: options.agents.map((agent) => agent.name),
    async listen(httpOptions) {
      const served = await listenA2aHttp(
        sdk,
        strictOptions('a2aServer.listen', A2A_HTTP_KEYS, httpOptions),
        endpoints,
        () => ({ running: admission.running, maxConcurrentRuns: maxRuns, queued: admission.queued, maxQueue, draining: shutdown.signal.aborted }),
        { reserve: () => admission.reserve(), retryAfterSeconds },
      );
      const stop = async (): Promise<void> => {
        closers.delete(stop);
        await served.close();
      };
      closers.add(stop);
      return { ...served, close: stop };
    },
    async close() {
      shutdown.abort();
      admission.shutdown();
      await Promise.allSettled([...inFlight]);
      await Promise.allSettled([...closers].map((stop) => stop()));
    },
  };
}
