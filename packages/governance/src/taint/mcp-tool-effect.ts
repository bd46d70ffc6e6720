import type { EffectClass, ToolAnnotations } from '@warden/protocol';

/**
 * The effect class of one MCP tool, for the rule "a named server authorizes its tools' ordinary
 * effects only" (issue 34 item 4): a subset of the protocol's effect classes.
 */
export type McpToolEffect = Extract<EffectClass, 'ordinary' | 'destructive' | 'egress' | 'runs-later'>;

/** Why a tool got its class: a word of its name, an MCP annotation, or the annotations it lacks. */
export type McpEffectBasis = 'name' | 'destructive_hint' | 'open_world_hint' | 'not_read_only' | 'no_annotations' | 'read_only';

/** The effect class of an MCP tool's effect (they are the protocol's classes already). */
export function effectClass(effect: McpToolEffect): EffectClass {
  return effect;
}

/** Verbs of a name that delete, overwrite or stop something (`drop_table`, `deleteIssue`, `kill-job`). */
const DESTRUCTIVE_VERBS = new Set([
  'delete', 'del', 'drop', 'remove', 'rm', 'truncate', 'wipe', 'reset', 'purge', 'kill', 'destroy', 'erase', 'clear', 'terminate',
  'revoke', 'overwrite', 'uninstall', 'unlink', 'prune', 'flush', 'rollback', 'exec', 'execute', 'shutdown', 'empty',
]);
/** Verbs that send, publish or deploy (egress a person cannot take back). */
const EGRESS_VERBS = new Set(['send', 'post', 'publish', 'deploy', 'push', 'notify', 'tweet', 'share', 'upload', 'broadcast', 'release', 'reply', 'invite', 'transfer', 'pay', 'submit', 'forward', 'merge', 'dm']);
/** Verbs that make something run or persist later (jobs, hooks, memory). */
const RUNS_LATER_VERBS = new Set(['schedule', 'remember', 'memorize', 'subscribe', 'install', 'persist', 'trigger', 'enable', 'register']);
/** Nouns of the same effects: they count unless the name starts with a verb that only reads (`get_email`, `list_jobs`). */
const DESTRUCTIVE_NOUNS = new Set(['sql', 'shell', 'command']);
const EGRESS_NOUNS = new Set(['webhook', 'sms', 'message', 'email', 'mail']);
const RUNS_LATER_NOUNS = new Set(['cron', 'hook', 'job', 'workflow', 'automation', 'recurring', 'memory']);
/** First words that only read: a noun after one is what is read, not what is done. */
const READ_VERBS = new Set(['get', 'list', 'read', 'search', 'find', 'fetch', 'query', 'show', 'describe', 'view', 'lookup', 'count', 'check', 'inspect', 'browse', 'download', 'summarize', 'summarise', 'explain', 'status', 'whoami', 'echo']);

/** The words of a tool's own name (after `<server>__`), split at `_`, `-`, `.`, `/` and camelCase. */
export function toolNameWords(name: string): string[] {
  const own = name.includes('__') ? name.slice(name.indexOf('__') + 2) : name;
  return own
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_./-]+/)
    .map((w) => w.toLowerCase())
    .filter((w) => w.length > 0);
}

/** The server's own hints, as @warden/tools records them in `tags` (`mcp-hint:readOnly=true`, `mcp-hints:none`). */
function hint(tags: readonly string[], key: string): boolean | undefined {
  if (tags.includes(`mcp-hint:${key}=true`)) return true;
  if (tags.includes(`mcp-hint:${key}=false`)) return false;
  return undefined;
}

/**
 * The class of an MCP tool from its name and its server's hints. The name wins over a hint that
 * says less (a `delete_repo` that claims `readOnlyHint` is still destructive); a tool whose server
 * declares no annotations, or that does not say it is read-only, counts as destructive unless the
 * server says in so many words that it is neither destructive nor open-world.
 */
export function mcpToolEffect(name: string, annotations: ToolAnnotations | undefined): { effect: McpToolEffect; basis: McpEffectBasis } {
  const words = toolNameWords(name);
  const reads = READ_VERBS.has(words[0] ?? '');
  const has = (verbs: ReadonlySet<string>, nouns: ReadonlySet<string>): boolean => words.some((w) => verbs.has(w) || (!reads && nouns.has(w)));
  if (has(DESTRUCTIVE_VERBS, DESTRUCTIVE_NOUNS)) return { effect: 'destructive', basis: 'name' };
  if (has(EGRESS_VERBS, EGRESS_NOUNS)) return { effect: 'egress', basis: 'name' };
  if (has(RUNS_LATER_VERBS, RUNS_LATER_NOUNS)) return { effect: 'runs-later', basis: 'name' };
  const tags = annotations?.tags ?? [];
  if (tags.includes('mcp-hints:none')) return { effect: 'destructive', basis: 'no_annotations' };
  const readOnly = hint(tags, 'readOnly');
  if (readOnly === true) return { effect: 'ordinary', basis: 'read_only' };
  // The MCP defaults: not read-only means it may be destructive and open-world unless it says otherwise.
  const destructive = hint(tags, 'destructive');
  if (destructive !== false) return { effect: 'destructive', basis: destructive === true ? 'destructive_hint' : 'not_read_only' };
  if (hint(tags, 'openWorld') !== false) return { effect: 'egress', basis: 'open_world_hint' };
  return { effect: 'ordinary', basis: 'not_read_only' };
}

/** True for a tool an MCP client made (`<server>__<tool>`, tagged `mcp`). */
export function isMcpTool(name: string, annotations: ToolAnnotations | undefined): boolean {
  return name.includes('__') && (annotations?.tags ?? []).includes('mcp');
}
