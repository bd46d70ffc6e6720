import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { HANDOFF_LIMITS, HANDOFF_MEDIA_TYPE, HANDOFF_RECEIPT_MEDIA_TYPE } from '@warden/protocol/handoff';
import { WardenError, type Handoff, type HandoffReceipt, type ToolContext, type ToolV1 } from '@warden/protocol';
import { loadA2aClientSdk, type A2aClientSdk } from './a2a-sdk.js';
import { defineTool } from './define-tool.js';
import type { ModuleImporter } from './mcp-sdk.js';
import { toolError } from './tool-error-codes.js';

/** `a2aAgent(options)`: one remote A2A agent as a tool. */
export interface A2aAgentOptions {
  /**
   * The remote agent's base URL; its card is read from `<url>/.well-known/agent-card.json`. A URL
   * ending in `.json` is taken as the card's own address.
   */
  url: string;
  /** The tool name (default `a2a_<host>`): a letter, then letters, digits, `_` or `-`. */
  name?: string;
  /** What the agent does, for the model. Written by whoever configures it; the remote card's own text is never shown to the model. */
  description?: string;
  /** A bearer key for the remote agent, sent only to the configured URL's origin. */
  apiKey?: string;
  /** Extra headers, sent only to the configured URL's origin (never to another host a card names). */
  headers?: Readonly<Record<string, string>>;
  /**
   * `trusted`: the remote agent's answers are believed (annotated not open-world, so they do not
   * taint the run). Default `untrusted`: its answer is open-world content, the run is tainted after it.
   */
  trust?: 'trusted' | 'untrusted';
  /** Per-call time limit (default 10 minutes). */
  timeoutMs?: number;
  /** The longest answer handed to the model, in characters (default 32 000); the rest is cut with a note. */
  maxAnswerChars?: number;
  /** Headers for one call (the harness passes the tool call's W3C `traceparent` this way). */
  callHeaders?: (ctx: ToolContext) => Readonly<Record<string, string>> | undefined;
  /** The calling agent's name in the `Handoff` records this tool sends (default `main`). */
  handoffFrom?: string;
  /** The remote agent's name in those records (default the tool's name); a Warden A2A server refuses a record addressed to another agent. */
  handoffTo?: string;
  /** How the SDK is imported (tests). */
  importer?: ModuleImporter;
}

const DEFAULT_TIMEOUT_MS = 10 * 60_000;
const DEFAULT_MAX_ANSWER = 32_000;

type Client = Awaited<ReturnType<InstanceType<A2aClientSdk['ClientFactory']>['createFromUrl']>>;
type StreamItem = Awaited<ReturnType<ReturnType<Client['sendMessageStream']>['next']>>['value'];
type A2aTask = import('@a2a-js/sdk').Task;
type A2aMessage = import('@a2a-js/sdk').Message;
type A2aPart = A2aMessage['parts'][number];

function defaultName(url: URL): string {
  const host = url.hostname.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '');
  return `a2a_${host || 'agent'}`.slice(0, 64);
}

function cardLocation(url: URL): { base: string; path?: string } {
  if (url.pathname.endsWith('.json')) return { base: url.href, path: '' };
  return { base: url.href.endsWith('/') ? url.href : `${url.href}/` };
}

/** A handoff receipt the remote agent answered with (a data part of the receipt media type), when valid. */
/** The protocol's zod schemas, loaded with the A2A SDK on first use: importing @warden/tools builds none. */
type ProtocolSchemas = typeof import('@warden/protocol/schemas');
let protocolSchemas: Promise<ProtocolSchemas> | undefined;
const loadProtocolSchemas = (): Promise<ProtocolSchemas> => (protocolSchemas ??= import('@warden/protocol/schemas'));

function receiptOf(schemas: ProtocolSchemas, parts: readonly A2aPart[] | undefined): HandoffReceipt | undefined {
  const part = parts?.find((p) => p.mediaType === HANDOFF_RECEIPT_MEDIA_TYPE && p.content?.$case === 'data');
  if (!part || part.content?.$case !== 'data') return undefined;
  const parsed = schemas.HandoffReceipt.safeParse(part.content.value);
  return parsed.success ? parsed.data : undefined;
}

function textOf(parts: readonly A2aPart[] | undefined): string {
  const out: string[] = [];
  for (const part of parts ?? []) {
    const content = part.content;
    if (!content || part.mediaType === HANDOFF_RECEIPT_MEDIA_TYPE) continue;
    if (content.$case === 'text') out.push(content.value);
    else if (content.$case === 'data') out.push(JSON.stringify(content.value));
    else if (content.$case === 'url') out.push(`[file: ${content.value}]`);
    else out.push(`[${part.mediaType || 'binary'} content${part.filename ? ` ${part.filename}` : ''}]`);
  }
  return out.join('\n');
}

/** What one call collected from the remote agent's stream. */
interface Collected {
  receipt?: HandoffReceipt;
  taskId?: string;
  contextId?: string;
  state?: number;
  statusText?: string;
  artifacts: Map<string, string>;
  message?: string;
}

function absorb(collected: Collected, item: StreamItem, sdk: A2aClientSdk, schemas: ProtocolSchemas, ctx: ToolContext, agent: string): void {
  const payload = (item as { payload?: { $case: string; value: unknown } } | A2aTask | A2aMessage | undefined) ?? undefined;
  if (!payload) return;
  // The streaming client yields StreamResponse; a non-streaming fallback may yield a Task or Message.
  const wrapped = 'payload' in payload ? payload.payload : 'messageId' in payload ? { $case: 'message', value: payload } : { $case: 'task', value: payload };
  if (!wrapped) return;
  switch (wrapped.$case) {
    case 'task': {
      const task = wrapped.value as A2aTask;
      collected.taskId = task.id;
      collected.contextId = task.contextId;
      if (task.status) {
        collected.state = task.status.state;
        collected.receipt = receiptOf(schemas, task.status.message?.parts) ?? collected.receipt;
        const text = textOf(task.status.message?.parts);
        if (text) collected.statusText = text;
      }
      for (const artifact of task.artifacts) collected.artifacts.set(artifact.artifactId, textOf(artifact.parts));
      return;
    }
    case 'message': {
      const message = wrapped.value as A2aMessage;
      if (message.contextId) collected.contextId = message.contextId;
      collected.message = textOf(message.parts);
      return;
    }
    case 'statusUpdate': {
      const update = wrapped.value as import('@a2a-js/sdk').TaskStatusUpdateEvent;
      collected.taskId = update.taskId;
      collected.contextId = update.contextId;
      if (update.status) {
        collected.state = update.status.state;
        collected.receipt = receiptOf(schemas, update.status.message?.parts) ?? collected.receipt;
        const text = textOf(update.status.message?.parts);
        if (text) collected.statusText = text;
        ctx.emit({ type: 'progress', message: `${agent}: ${stateName(sdk, update.status.state)}` });
      }
      return;
    }
    case 'artifactUpdate': {
      const update = wrapped.value as import('@a2a-js/sdk').TaskArtifactUpdateEvent;
      const artifact = update.artifact;
      if (!artifact) return;
      const before = update.append ? (collected.artifacts.get(artifact.artifactId) ?? '') : '';
      collected.artifacts.set(artifact.artifactId, before + textOf(artifact.parts));
      return;
    }
    default:
      return;
  }
}

/** The protocol's `Handoff` record for what the model handed over, checked with its limits before it is sent. */
function handoffRecord(schemas: ProtocolSchemas, given: { contextSummary: string; artifacts?: string[] | undefined; suggestedNextAction?: string | undefined; confidence?: number | undefined }, from: string, to: string): Handoff {
  const record: Handoff = {
    version: 1,
    id: `hof_${randomUUID()}`,
    from,
    to,
    contextSummary: given.contextSummary,
    artifacts: given.artifacts ?? [],
    ...(given.confidence !== undefined ? { confidence: given.confidence } : {}),
    ...(given.suggestedNextAction !== undefined ? { suggestedNextAction: given.suggestedNextAction } : {}),
    metadata: {},
    createdAt: new Date().toISOString(),
  };
  try {
    return JSON.parse(schemas.handoffToJson(record)) as Handoff;
  } catch (error) {
    throw toolError('tool.invalid_args', `the handoff cannot be sent: ${(error as Error).message}`, 'Shorten the summary or name fewer artifacts (HANDOFF_LIMITS).', error);
  }
}

function stateName(sdk: A2aClientSdk, state: number | undefined): string {
  if (state === undefined) return 'unknown';
  const name = (sdk.TaskState as unknown as Record<number, string>)[state] ?? String(state);
  return name.replace(/^TASK_STATE_/, '').toLowerCase().replace(/_/g, '-');
}

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}\n[… ${text.length - max} more characters cut]`;
}

/**
 * One remote A2A agent (the official `@a2a-js/sdk` client, loaded on first call) as a tool:
 * `{ task, contextId? }` → the remote answer, with the remote task id, context id and final state.
 * Its answer is content from outside the workspace: unless the entry is `trusted` the tool is
 * annotated open-world, so the harness's taint detection marks the run tainted after it and the
 * gate treats what follows accordingly. Keys and headers go only to the configured origin.
 */
export function a2aAgent(options: A2aAgentOptions): ToolV1 {
  let url: URL;
  try {
    url = new URL(options.url);
  } catch (error) {
    throw toolError('tool.invalid_definition', `a2aAgent: ${JSON.stringify(options.url)} is not a URL`, 'Give the remote agent\'s base URL, e.g. http://127.0.0.1:8700/a2a/helper/', error);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw toolError('tool.invalid_definition', `a2aAgent: ${url.protocol} URLs are not supported; use http or https`);
  const name = options.name ?? defaultName(url);
  const trusted = options.trust === 'trusted';
  const maxAnswer = options.maxAnswerChars ?? DEFAULT_MAX_ANSWER;
  const origin = url.origin;
  const fixed: Record<string, string> = { ...options.headers, ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}) };
  let clientPromise: Promise<{ sdk: A2aClientSdk; schemas: ProtocolSchemas; client: Client }> | undefined;

  // Credentials go to the configured origin only: a card could name another host for its interface.
  const originFetch: typeof fetch = (input, init) => {
    const target = new URL(input instanceof Request ? input.url : String(input));
    if (target.origin !== origin) return fetch(input, init);
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    for (const [key, value] of Object.entries(fixed)) if (!headers.has(key)) headers.set(key, value);
    return fetch(input, { ...init, headers });
  };

  const connect = (): Promise<{ sdk: A2aClientSdk; schemas: ProtocolSchemas; client: Client }> =>
    (clientPromise ??= (async () => {
      const [sdk, schemas] = await Promise.all([loadA2aClientSdk(options.importer), loadProtocolSchemas()]);
      const factory = new sdk.ClientFactory(
        sdk.ClientFactoryOptions.createFrom(sdk.ClientFactoryOptions.default, {
          transports: [new sdk.JsonRpcTransportFactory({ fetchImpl: originFetch }), new sdk.RestTransportFactory({ fetchImpl: originFetch })],
          cardResolver: new sdk.DefaultAgentCardResolver({ fetchImpl: originFetch }),
        }),
      );
      const where = cardLocation(url);
      const client = await factory.createFromUrl(where.base, where.path);
      return { sdk, schemas, client };
    })().catch((error: unknown) => {
      clientPromise = undefined;
      throw error;
    }));

  return defineTool({
    name,
    description:
      options.description ??
      `Delegates a task to the remote A2A agent at ${origin}. It answers in words; its answer is content from outside this workspace. Pass the contextId it returned to continue the same conversation.`,
    input: z.strictObject({
      task: z.string().trim().min(1).max(32_000).describe('What the remote agent should do, in words.'),
      contextId: z.string().min(1).max(200).optional().describe('Continue this conversation with the remote agent (the contextId a previous call returned).'),
      handoff: z
        .strictObject({
          contextSummary: z.string().max(HANDOFF_LIMITS.contextSummaryChars).describe('What the remote agent needs to know of the work so far.'),
          artifacts: z.array(z.string().min(1).max(HANDOFF_LIMITS.artifactChars)).max(HANDOFF_LIMITS.artifacts).optional().describe('Names of what was produced (files, ids, URLs).'),
          suggestedNextAction: z.string().max(HANDOFF_LIMITS.suggestedNextActionChars).optional(),
          confidence: z.number().min(0).max(1).optional(),
        })
        .optional()
        .describe('Hand the work over: sent as a Warden Handoff record; the remote agent answers with a receipt (accepted or rejected).'),
    }),
    annotations: trusted ? { readOnly: false, mutating: true, destructive: false, openWorld: false, tags: ['a2a'] } : { readOnly: false, mutating: true, destructive: false, openWorld: true, tags: ['a2a'] },
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    async execute(args, ctx) {
      let sdk: A2aClientSdk;
      let schemas: ProtocolSchemas;
      let client: Client;
      try {
        ({ sdk, schemas, client } = await connect());
      } catch (error) {
        if (WardenError.isInstance(error)) throw error;
        throw toolError('tool.remote_agent_failed', `${name}: could not read the agent card at ${origin}: ${(error as Error).message}`, 'Check the URL, that the remote agent is running, and its key.', error);
      }
      const handoff = args.handoff ? handoffRecord(schemas, args.handoff, options.handoffFrom ?? 'main', options.handoffTo ?? name) : undefined;
      const message = sdk.Message.fromJSON({
        messageId: randomUUID(),
        role: 'ROLE_USER',
        parts: [{ text: args.task, mediaType: 'text/plain' }, ...(handoff ? [{ data: handoff, mediaType: HANDOFF_MEDIA_TYPE }] : [])],
        ...(args.contextId ? { contextId: args.contextId } : {}),
      });
      const perCall = options.callHeaders?.(ctx) ?? {};
      const collected: Collected = { artifacts: new Map() };
      try {
        const stream = client.sendMessageStream(
          { tenant: '', message, configuration: undefined, metadata: undefined },
          { signal: ctx.signal, serviceParameters: { ...perCall } },
        );
        for await (const item of stream) absorb(collected, item, sdk, schemas, ctx, name);
      } catch (error) {
        if (ctx.signal.aborted) throw error;
        throw toolError('tool.remote_agent_failed', `${name}: the remote agent failed the call: ${(error as Error).message}`, 'The remote agent refused or failed; its own logs and audit trail say why.', error);
      }
      const state = stateName(sdk, collected.state);
      const answer = [...collected.artifacts.values()].filter(Boolean).join('\n\n') || collected.message || collected.statusText || '(no answer)';
      const statusNote = collected.statusText && collected.statusText !== answer ? `\n\nStatus: ${collected.statusText}` : '';
      const footer = `[${name}: state ${collected.message !== undefined && collected.taskId === undefined ? 'message' : state}${collected.taskId ? `, task ${collected.taskId}` : ''}${collected.contextId ? `, contextId ${collected.contextId}` : ''}]`;
      const failed = ['failed', 'rejected', 'canceled'].includes(state);
      const receipt = handoff ? `\n[handoff ${handoff.id}: ${collected.receipt ? `${collected.receipt.status}${collected.receipt.reason ? ` (${collected.receipt.reason})` : ''}` : 'no receipt'}]` : '';
      return { content: `${cut(answer, maxAnswer)}${statusNote}\n\n${footer}${receipt}`, ...(failed ? { isError: true } : {}) };
    },
  });
}
