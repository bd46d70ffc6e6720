import type { EffectClass, ToolAnnotations } from '@warden/protocol';
import { globToRegExp } from '../policy/glob.js';

/** Where network use goes: the `egress` class is keyed by scheme, host **and** port (issue 34). */
export interface EgressKey {
  scheme: string;
  host: string;
  port: number;
}

const DEFAULT_PORTS: Record<string, number> = { http: 80, https: 443, ws: 80, wss: 443, ftp: 21, ssh: 22, git: 9418, redis: 6379, postgres: 5432, postgresql: 5432, mysql: 3306, mongodb: 27017, amqp: 5672, smtp: 25 };

/** The egress key of a URL (`https://api.example.com/x` → https, api.example.com, 443), or undefined when it has no host or no known port. */
export function egressKey(url: string): EgressKey | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  const scheme = parsed.protocol.replace(/:$/, '').toLowerCase();
  const host = parsed.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '').toLowerCase();
  const port = parsed.port !== '' ? Number(parsed.port) : DEFAULT_PORTS[scheme];
  if (host === '' || port === undefined) return undefined;
  return { scheme, host, port };
}

/** One row of the tool-call part of the effect table: tools named like `glob` have `class`. */
export interface ToolEffectRow {
  glob: string;
  class: Extract<EffectClass, 'destructive' | 'egress' | 'runs-later' | 'instructs-agents'>;
}

/**
 * Tool calls by name, for tools that declare nothing better (an MCP server's tools among them):
 * names that delete, drop, wipe or kill are `destructive`; names that send, post, publish or deploy
 * are `egress`; names that schedule or remember persist (`runs-later`, `instructs-agents`). The MCP
 * wiring reads this together with the tool's annotations (`toolEffectClass`).
 */
export const TOOL_EFFECT_TABLE: readonly ToolEffectRow[] = [
  ...['*delete*', '*drop*', '*truncate*', '*destroy*', '*wipe*', '*purge*', '*erase*', '*remove*', '*kill*', '*terminate*', '*reset*', '*flush*', '*overwrite*', '*force_push*', '*rewrite*'].map((glob) => ({ glob, class: 'destructive' as const })),
  ...['send*', '*_send', '*_send_*', 'post_*', '*_post', '*email*', '*mail', '*message*', '*slack*', '*discord*', '*sms*', '*webhook*', 'publish*', '*_publish', 'deploy*', '*_deploy', '*upload*', 'git_push', '*_push'].map((glob) => ({ glob, class: 'egress' as const })),
  ...['*schedule*', '*cron*', '*_hook', '*hooks*'].map((glob) => ({ glob, class: 'runs-later' as const })),
  ...['remember', 'memory_*', '*_memory', '*instruction*'].map((glob) => ({ glob, class: 'instructs-agents' as const })),
];

/**
 * The effect table's run-state row (issue 47): the work styles' own tools change only the run's
 * notes — a todo list, a source ledger, a question put to the person — never a workspace file, the
 * network, or anything that runs later. They declare `readOnly`, so no mode asks about them, and
 * they have no effect class. Matched by exact name: an MCP server's `x__todo_write` is not one.
 */
export const RUN_STATE_TOOLS: readonly string[] = Object.freeze(['todo_write', 'ask_user', 'record_source']);

const COMPILED = TOOL_EFFECT_TABLE.map((row) => ({ row, regex: globToRegExp(row.glob) }));

/**
 * The effect class of a tool call by what the tool declares and what it is called: `destructive`
 * by annotation or by name, then the name rows, then `egress` for an open-world tool. Undefined for
 * a read-only tool, and for a tool that declares no effect and is named like none (its path
 * arguments, if any, are classified as file changes).
 */
export function toolEffectClass(name: string, annotations: ToolAnnotations | undefined): EffectClass | undefined {
  if (RUN_STATE_TOOLS.includes(name) && annotations?.readOnly === true) return undefined;
  if (annotations?.destructive === true) return 'destructive';
  const bare = name.includes('__') ? name.slice(name.lastIndexOf('__') + 2) : name;
  const hit = COMPILED.find(({ regex }) => regex.test(bare.toLowerCase()));
  if (hit) return hit.row.class;
  if (annotations?.readOnly === true) return undefined;
  if (annotations?.openWorld === true) return 'egress';
  return undefined;
}
