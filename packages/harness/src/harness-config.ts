import { RailSpec } from '@warden/governance';
import { AgentName, GateMode } from '@warden/protocol/schemas';
import { z } from 'zod';

const positiveInt = z.number().int().positive();
const AgentNameKey = z.string().regex(/^[A-Za-z][A-Za-z0-9_-]{0,51}$/, 'an agent name is a letter, then letters, digits, _ or - (at most 52)');
const AgentBudget = z.strictObject({ tokens: positiveInt.optional(), usd: z.number().positive().optional(), steps: positiveInt.optional() });

/**
 * Who an agent is (issue 40): `owner` (answerable for it), `purpose` (the governance file's
 * purposes; a delegate's must match or narrow its parent's), `tools` it may hold (names or globs;
 * a delegate holds the intersection of every identity above it) and `domains` it is used in
 * (refused when the governance file prohibits one).
 */
export const AgentIdentityEntry = z.strictObject({
  owner: z.string().min(1),
  purpose: z.string().min(1).optional(),
  tools: z.array(z.string().min(1)).optional(),
  domains: z.array(z.string().min(1)).optional(),
});
/** A delegate's identity: its owner defaults to its parent's. */
export const DelegateIdentityEntry = AgentIdentityEntry.partial();

/** One agent the conversation can be handed to (`transfer_to_<name>`). */
export const HandoffAgentEntry = z.strictObject({
  /** What the model chooses by. */
  description: z.string().min(1),
  /** Its instructions, added to the harness's system prompt. */
  instructions: z.string().optional(),
  /** Its allowlist: narrowed to the tools the harness's agent holds. */
  tools: z.array(z.string().min(1)),
  /** A stricter mode for this agent (a looser one is ignored: the harness's mode still decides). */
  mode: GateMode.optional(),
  /** What it sees of the conversation: `full` (default), `summary` (what was said), `none` (the user's last message). */
  history: z.enum(['full', 'summary', 'none']).optional(),
  /** Default true: it answers the next turn too. */
  sticky: z.boolean().optional(),
  maxTurns: positiveInt.optional(),
  /** Its share: what it may spend from the moment it takes over. */
  budget: AgentBudget.optional(),
  /** Agents it may hand on to (other entries, or `handoffs.name`). */
  handoffs: z.array(AgentNameKey).optional(),
  /** Its identity, under the harness's (`identity`): tools intersected, purpose matched or narrowed. */
  identity: DelegateIdentityEntry.optional(),
});
export type HandoffAgentEntry = z.infer<typeof HandoffAgentEntry>;

/** A template `spawn_agent` builds run-time agents from. */
export const RuntimeAgentTemplateEntry = z.strictObject({
  description: z.string().min(1),
  instructions: z.string().optional(),
  tools: z.array(z.string().min(1)),
  maxTurns: positiveInt.optional(),
  budget: AgentBudget.optional(),
  /** Fraction of what the run has left a spawned agent may use (default 0.5). */
  budgetShare: z.number().positive().max(1).optional(),
  identity: DelegateIdentityEntry.optional(),
});

/** The built-in workspace tools; each can be switched off (`builtinTools: { shell: false }`). */
export const BUILTIN_TOOL_NAMES = ['read_file', 'list_files', 'grep', 'write_file', 'edit_file', 'shell', 'remember', 'use_skill'] as const;
export type BuiltinToolName = (typeof BUILTIN_TOOL_NAMES)[number];

const BuiltinTools = z.strictObject(Object.fromEntries(BUILTIN_TOOL_NAMES.map((name) => [name, z.boolean().optional()])) as Record<BuiltinToolName, z.ZodOptional<z.ZodBoolean>>);

/** One MCP server: a stdio command or a streamable-HTTP endpoint, with its trust level and tool filter. */
export const McpServerEntry = z.strictObject({
  command: z.string().min(1).optional(),
  args: z.array(z.string()).optional(),
  env: z.record(z.string(), z.string()).optional(),
  cwd: z.string().min(1).optional(),
  url: z.string().url().optional(),
  headers: z.record(z.string(), z.string()).optional(),
  /**
   * `trusted`: its tool descriptions and results are treated like the user's own words (they do not
   * taint the run) and its readOnly/destructive hints are believed. Default `untrusted`.
   */
  trust: z.enum(['trusted', 'untrusted']).optional(),
  /** Only these tools (names as the server lists them; `*` globs allowed). */
  tools: z.array(z.string().min(1)).optional(),
  /** Tool fingerprints saved by `warden mcp pin`; a tool that changed is refused. */
  pins: z.record(z.string(), z.string()).optional(),
  /** A stdio server runs inside the OS sandbox with the shell's bounds when the sandbox is on; `false` starts it outside. */
  sandbox: z.boolean().optional(),
  /** Hosts a sandboxed stdio server may reach through the filtering proxy (default: none): `host` (ports 80/443), `host:port`, `host:*`, `scheme://host:port`. */
  allowedHosts: z.array(z.string().min(1)).optional(),
  /** `true`: a run goes on (with a warning) when this server does not start. Default: the run fails with `tool.mcp_connect_failed`. */
  optional: z.boolean().optional(),
});
export type McpServerEntry = z.infer<typeof McpServerEntry>;

/** One remote A2A agent the harness's agent may delegate to, as a tool named `name`. */
export const A2aAgentEntry = z.strictObject({
  /** The tool name the model calls (a letter, then letters, digits, `_` or `-`). */
  name: z.string().regex(/^[A-Za-z][A-Za-z0-9_-]{0,63}$/, 'a tool name is a letter, then letters, digits, _ and -, at most 64'),
  /** The remote agent's base URL (its card is at `<url>/.well-known/agent-card.json`). */
  url: z.string().url(),
  /** What the remote agent does, for the model (the remote card's own words are never shown to it). */
  description: z.string().min(1).optional(),
  /** The environment variable holding its bearer key (sent only to the URL's origin). */
  keyEnv: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/).optional(),
  headers: z.record(z.string(), z.string()).optional(),
  /** `trusted`: its answers do not taint the run. Default `untrusted`: its answer is open-world content. */
  trust: z.enum(['trusted', 'untrusted']).optional(),
  timeoutMs: positiveInt.optional(),
  /** The local agent named as `from` in the Handoff records this tool sends (default `main`). */
  handoffFrom: AgentName.optional(),
  /**
   * The remote agent named as `to` in those records (default the entry's `name`). A Warden A2A server
   * refuses a record addressed to another agent than the one it serves at the URL.
   */
  handoffTo: AgentName.optional(),
});
export type A2aAgentEntry = z.infer<typeof A2aAgentEntry>;

/** A provider plugin: a module whose export builds a provider, selectable as `provider: name`. */
export const ProviderPluginEntry = z.strictObject({
  /** The provider id it is selected by (lower-case letters, digits, `-`); not a built-in provider's id. */
  name: z.string().regex(/^[a-z][a-z0-9-]{0,63}$/, 'a provider name is a lower-case letter, then lower-case letters, digits and -'),
  /** A package name, or a path (relative to the config file, or to the workspace for library callers) to a file or package folder. */
  module: z.string().min(1),
  /** The export holding the factory (`(context) => ProviderV1`) or a `{ create }` plugin object (default `default`). */
  export: z.string().regex(/^[A-Za-z_$][A-Za-z0-9_$]*$/).optional(),
});
export type ProviderPluginEntry = z.infer<typeof ProviderPluginEntry>;

/**
 * Everything about a harness that can be written down: a config file, the CLI flags and library
 * callers all go through this one schema (published as JSON Schema in
 * `@warden/harness/harness-config.schema.json`). Values that cannot be written down (a provider
 * object, a store, extra tools, hooks) are added by `HarnessOptions`.
 */
export const HarnessConfig = z.strictObject({
  $schema: z.string().optional(),
  /** The workspace the agent is jailed to (default: the current directory). */
  workdir: z.string().min(1).optional(),
  /** A provider name (`openai`, `anthropic`, `gemini`, `ollama`, `azure-openai`, `bedrock`, `vertex-gemini`, `openai-responses`, …; `warden providers` lists them); default from the environment. */
  provider: z.string().min(1).optional(),
  model: z.string().min(1).optional(),
  /** Providers from plugin packages, loaded by module specifier; `provider` (or `--provider`) selects one by its `name`. */
  providerPlugins: z.array(ProviderPluginEntry).optional(),
  /** Any OpenAI-compatible endpoint. */
  baseUrl: z.string().url().optional(),
  /** Provider timeouts: `idleMs`, how long a stalled stream may stay silent (default 120 s); `requestMs`, the wait for response headers. */
  timeouts: z.strictObject({ idleMs: positiveInt.optional(), requestMs: positiveInt.optional() }).optional(),
  /** Default `safe`. */
  mode: GateMode.optional(),
  /**
   * The work style, separate from the safety mode (issue 47): `chat` (a conversation: no workspace
   * tools unless `builtinTools` turns some on), `research` (a numbered source ledger the answer
   * cites), `cowork` (a todo list kept live and across resume, and questions to the person). Unset:
   * the plain loop.
   */
  style: z.enum(['chat', 'research', 'cowork']).optional(),
  /** How far a research run goes: `quick`, `standard` (default) or `deep` bound its turns and sources. */
  depth: z.enum(['quick', 'standard', 'deep']).optional(),
  /** `none` (default): every ask is denied. `yes`: an automatic yes (never for what needs a person). `durable`: park asks for a person to decide later. */
  approver: z.enum(['none', 'yes', 'durable']).optional(),
  /** Built-in tools to switch off (all are on by default). */
  builtinTools: BuiltinTools.optional(),
  shell: z
    .strictObject({
      timeoutMs: positiveInt.optional(),
      /**
       * The OS sandbox (bubblewrap) for every command: `auto` (default) uses it where it works and
       * says once when it does not; `on` refuses to run commands without it; `off` never uses it.
       */
      sandbox: z.enum(['auto', 'on', 'off']).optional(),
      /** More paths commands may write (absolute, or relative to the workspace). */
      writablePaths: z.array(z.string().min(1)).optional(),
      /** Paths under the home folder commands may read (the rest of home is hidden). */
      readableHomePaths: z.array(z.string().min(1)).optional(),
      /** Hosts commands may reach through the sandbox's filtering proxy (default: `scope.hosts`), each on its ports: `host` (80/443 only), `host:port`, `host:*`, `scheme://host:port`. */
      allowedHosts: z.array(z.string().min(1)).optional(),
    })
    .optional(),
  /** MCP servers whose tools the agent gets (behind the same gate), by name. */
  mcpServers: z.record(z.string().regex(/^[A-Za-z0-9_-]+$/, 'a server name is letters, digits, _ and -'), McpServerEntry).optional(),
  /** Remote A2A agents the agent may delegate to, one tool each (behind the same gate; answers are untrusted unless `trust: 'trusted'`). */
  a2aAgents: z.array(A2aAgentEntry).optional(),
  /**
   * The declared governance: `file` (`governance.yaml` or `.json`, relative to the workspace) with
   * the default `purpose` and data subject `jurisdiction` of runs whose tags do not say, and the
   * `region` the provider's calls go to when its adapter knows it.
   */
  governance: z
    .strictObject({ file: z.string().min(1), purpose: z.string().min(1).optional(), jurisdiction: z.string().min(1).optional(), region: z.string().min(1).optional() })
    .optional(),
  /** The agent's identity: sub-agents, handoff targets and spawned agents act under the intersection of it and their own. */
  identity: AgentIdentityEntry.optional(),
  /** Where the tools' schema fingerprints are pinned, relative to the workspace (default `.warden/tool-pins.json`; with `governance` only). */
  toolPins: z.string().min(1).optional(),
  /** Policy files (YAML or JSON), relative to the workspace. */
  policies: z.array(z.string().min(1)).optional(),
  /** Extra protected paths on top of `.env*`, `.git`, `.warden`. */
  protectedPaths: z.array(z.string().min(1)).optional(),
  /** What the run may touch once it has read untrusted content, beyond what the task names. */
  scope: z
    .strictObject({
      paths: z.array(z.string().min(1)).optional(),
      /** Hosts on their ports: `api.example.com` (80 and 443 only), `db.internal:5432`, `db.internal:*` (every port), `http://localhost:3000`. */
      hosts: z.array(z.string().min(1)).optional(),
      /** Tool names or globs (`docs__search`, `docs__*`); a task that names an MCP server and says "MCP" or "server" adds that server's tools itself. */
      tools: z.array(z.string().min(1)).optional(),
    })
    .optional(),
  /**
   * Per-tool controls by tool name (built-in, MCP `<server>__<tool>`, remote agent or program tool):
   * `permission` (`allow` → `ask` → `deny`) can only tighten what the gate and the tool itself
   * decide; `cacheable` answers identical calls within a run from a cache (true: 5 minutes, or
   * `{ ttlMs }`), refused for tools that are mutating, destructive or open-world.
   */
  toolControls: z
    .record(
      z.string().min(1),
      z.strictObject({
        permission: z.enum(['allow', 'ask', 'deny']).optional(),
        cacheable: z.union([z.boolean(), z.strictObject({ ttlMs: positiveInt })]).optional(),
      }),
    )
    .optional(),
  /** Guardrails on the run (governance's `guardrails`): forbidden and required tools, required text, placeholders, cost, personal data; and the content rails (`input`, `output`). */
  guardrails: z
    .strictObject({
      requireTools: z.array(z.string().min(1)).optional(),
      forbidTools: z.array(z.string().min(1)).optional(),
      mustInclude: z.array(z.string().min(1)).optional(),
      noPlaceholders: z.boolean().optional(),
      maxCostUsd: z.number().nonnegative().optional(),
      pii: z.boolean().optional(),
      onViolation: z.enum(['retry', 'fail', 'warn']).optional(),
      maxRetries: z.number().int().min(0).max(10).optional(),
      /**
       * Content rails on the task before the first model call: detector names (`noPii`, `noSecrets`,
       * `noInjection`, `grounded`, `notToxic`, `noRepetition`, `requireCitation`), `{ rail, …options }`,
       * or `{ judge: policy | sentence, onError: block | allow | raise }`. A finding refuses the run
       * (recorded under `warn`).
       */
      input: z.array(RailSpec).optional(),
      /** Content rails on the final answer (same forms): a finding is handled by `onViolation`. */
      output: z.array(RailSpec).optional(),
      /** On the input, remove what the detectors found (exact spans) instead of refusing the run. */
      redactInput: z.boolean().optional(),
    })
    .optional(),
  /**
   * The model reviewer (governance's `modelReviewer`): the run's model takes a second look at every
   * call the gate allowed (default: every tool not annotated read-only) and fails closed — a
   * malformed, unsure, low-confidence or unavailable review turns the allow into `onFailure`
   * (default `ask`), a `dangerous` verdict into `onDangerous` (default `deny`).
   */
  review: z
    .strictObject({
      minConfidence: z.number().min(0).max(1).optional(),
      instructions: z.string().min(1).optional(),
      timeoutMs: positiveInt.optional(),
      onFailure: z.enum(['ask', 'deny']).optional(),
      onDangerous: z.enum(['ask', 'deny']).optional(),
      tools: z.array(z.string().min(1)).optional(),
      maxArgsChars: positiveInt.optional(),
    })
    .optional(),
  /** Sub-agents the model may delegate to, with their tool allowlists. */
  subagents: z
    .record(
      z.string().regex(/^[A-Za-z0-9_-]+$/),
      z.strictObject({ description: z.string().min(1), system: z.string().optional(), tools: z.array(z.string().min(1)), maxTurns: positiveInt.optional(), identity: DelegateIdentityEntry.optional() }),
    )
    .optional(),
  /**
   * Agents the conversation can be handed to, in the same run and session. A receiving agent never
   * holds more than the harness's agent: its tools are narrowed to the harness's, every call goes
   * through the harness's gate (its `mode` can only be stricter), and scope, taint, approver, hooks
   * and audit trail are the run's.
   */
  handoffs: z
    .strictObject({
      /** The harness's own agent's name (default `main`). */
      name: AgentNameKey.optional(),
      /** Handoffs granted per run (default 5). */
      maxHandoffs: z.number().int().min(0).max(100).optional(),
      agents: z.record(AgentNameKey, HandoffAgentEntry),
    })
    .optional(),
  /** `spawn_agent` (off unless given): bounded agents created at run time from these templates. */
  runtimeAgents: z
    .strictObject({
      /** Spin-ups per run (default 5). */
      maxRuntimeAgents: z.number().int().min(0).max(100).optional(),
      /** 1 (default): a spawned agent cannot spawn. */
      maxDepth: z.number().int().min(1).max(3).optional(),
      /** A cap on what any spawned agent may hold. */
      tools: z.array(z.string().min(1)).optional(),
      templates: z.record(AgentNameKey, RuntimeAgentTemplateEntry),
    })
    .optional(),
  /** A directory (JSONL), `sqlite:FILE`, `postgres://…`, `mysql://…`, `redis://…` or `s3://bucket/prefix/` (default `WORKDIR/.warden/sessions`); read by `@warden/sessions`. */
  sessions: z.string().min(1).optional(),
  /** Where durable approvals live (default: beside the sessions). */
  approvals: z.string().min(1).optional(),
  /** The audit trail: default `WORKDIR/.warden/audit.jsonl`; `false` turns it off. */
  audit: z.union([z.literal(false), z.strictObject({ file: z.string().min(1).optional(), keyEnv: z.string().min(1).optional() })]).optional(),
  maxTurns: positiveInt.optional(),
  budget: z.strictObject({ tokens: positiveInt.optional(), usd: z.number().positive().optional(), steps: positiveInt.optional() }).optional(),
  /**
   * Model prices (US dollars per million tokens) over the built-in table, for `costUsd`, budgets and
   * spend reports. A model with no price anywhere is reported as of unknown cost, never as $0.
   */
  prices: z
    .array(
      z.strictObject({
        provider: z.string().min(1).optional(),
        model: z.string().min(1),
        input: z.number().nonnegative(),
        output: z.number().nonnegative(),
        cacheRead: z.number().nonnegative().optional(),
        cacheWrite: z.number().nonnegative().optional(),
        reasoning: z.number().nonnegative().optional(),
        contextWindow: positiveInt.optional(),
        asOf: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date such as 2025-08-01').optional(),
        source: z.string().min(1).optional(),
      }),
    )
    .optional(),
  /** Stream model output (default true). */
  streaming: z.boolean().optional(),
  /** Extra, trusted instructions for the system prompt. */
  instructions: z.string().optional(),
  /**
   * OpenTelemetry spans for every run (GenAI semantic conventions), through `@opentelemetry/api` (an
   * optional peer) and whatever SDK the program registered. `true`, or `{ captureContent }` to also
   * record prompts, answers and tool arguments and results — redacted first. Off by default.
   */
  tracing: z.union([z.boolean(), z.strictObject({ captureContent: z.boolean().optional(), maxContentChars: positiveInt.optional() })]).optional(),
  /**
   * Plan-first runs: before anything untrusted is read, the model writes a plan from the task alone;
   * it is linted (a plan with errors or secrets is refused), approved once in safe mode, and calls
   * that conform to it are not asked about again — anything else follows the normal rules.
   */
  planFirst: z.boolean().optional(),
  /**
   * Working memory: the `memory_remember` and `recall` tools over facts kept per owner in the
   * session store, with importance and decay (`halfLifeSteps`, default 20; `maxContextItems`,
   * default 10 000). Facts remembered after untrusted content are marked, and recalling one taints
   * the run; memory is never put in the system prompt. Off by default.
   */
  workingMemory: z.union([z.boolean(), z.strictObject({ halfLifeSteps: positiveInt.max(100_000).optional(), maxContextItems: positiveInt.optional() })]).optional(),
  /** The project memory file (default `WARDEN.md`) and the skills folder (default `skills`). */
  memoryFile: z.string().min(1).optional(),
  skillsDir: z.string().min(1).optional(),
});
export type HarnessConfig = z.infer<typeof HarnessConfig>;

/** The config keys, for "did you mean" and for checking docs against the schema. */
export const HARNESS_CONFIG_KEYS: readonly string[] = Object.keys(HarnessConfig.shape);

/** The JSON Schema editors complete config files with (draft 2020-12). */
export function harnessConfigJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(HarnessConfig, { target: 'draft-2020-12' });
}
