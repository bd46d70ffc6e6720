import { pathArguments, type GateCall, type GateContext, type RunScope } from '@warden/protocol';
import type { PathPolicy, ShellAnalysis } from '@warden/shell-policy';
import { globToRegExp, matchesAnyGlob } from '../policy/glob.js';
import { pathGlobRegExp } from '../scope/path-glob.js';
import { scopeMatcher, type ScopeMatcher } from '../scope/scope-matcher.js';
import { effectClass, isMcpTool, mcpToolEffect } from './mcp-tool-effect.js';
import { shellEgress, urlHostAllowed } from './shell-egress.js';
import { normalizedTouchedPaths } from './touched-paths.js';

export { TAINT_RULE, requiresPerson } from '@warden/protocol';

/** Tool names that send, publish or remember: egress or irreversible once a run is tainted. */
export const DEFAULT_GUARD_TOOLS: readonly string[] = [
  'send*', '*_send', '*_send_*', 'post_*', '*email*', '*mail', '*message*', '*slack*', '*discord*', '*sms*', '*webhook*',
  'remember', 'memory_*', '*_memory', 'publish*', '*_publish', 'deploy*', '*_deploy', 'git_push',
];

/** Tool names treated as open-world (their `url` must be in scope or on the allowlist) even without the annotation. */
export const DEFAULT_OPEN_WORLD_TOOLS: readonly string[] = ['http_*', 'fetch*', 'web_*', 'browse*', 'download*', 'mcp__*'];

export interface TaintGuardSettings {
  allowHosts: readonly string[];
  guardTools: readonly string[];
  shellTools: readonly string[];
  /** Workspace-relative globs of instruction files (see `DEFAULT_INSTRUCTION_FILES`). */
  instructionFiles: readonly string[];
  paths: PathPolicy;
}

/** Why a person is needed, as an id and values a front end can translate. */
export interface PersonReason {
  code: string;
  params: Record<string, string>;
}

function person(needsPerson: string, code: string, params: Record<string, string> = {}): { needsPerson: string; why: PersonReason } {
  return { needsPerson, why: { code, params } };
}

/** What the authority check says about one call of a tainted run. */
export interface TaintVerdict {
  /** Why only a person may approve it; undefined when the mode's decision stands. */
  needsPerson?: string;
  /** `needsPerson` as a stable id (`write_outside_scope`, `egress.unlisted_host`, …) with its values. */
  why?: PersonReason;
  /** The scope entries that authorized what the call changes (`task:README.md`, `created:notes.md`). */
  scopeEntries: string[];
}

/** Compiled once per gate. */
export interface TaintGuard {
  /**
   * The verdict for a call of a tainted run (undefined when the run is not tainted). For a shell
   * tool, `shell` is the analyzer's analysis of its command; without one the call needs a person.
   * `sandboxed`: the command runs inside a healthy OS sandbox, which bounds what the analyzer
   * cannot see (files it does not name stay inside the workspace; the network is filtered).
   */
  verdict(call: GateCall, ctx: GateContext, shell?: ShellAnalysis, sandboxed?: boolean): TaintVerdict | undefined;
}

const URL_KEYS = /^(url|uri|href|endpoint|link|urls|webhook)$/i;

function urlArguments(args: GateCall['args']): string[] {
  const out: string[] = [];
  for (const [key, value] of Object.entries(args)) {
    if (!URL_KEYS.test(key)) continue;
    if (typeof value === 'string') out.push(value);
    else if (Array.isArray(value)) for (const v of value) if (typeof v === 'string') out.push(v);
  }
  return out;
}

function show(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** Git commands that move or rewrite refs, and commands that signal other processes. */
const GIT_REF_MOVE = /(^|[\s;&|(`])git\s+(?:-\S+\s+)*(tag\s+(?:\S+\s+)*(-f|--force|-d|--delete)\b|branch\s+(?:\S+\s+)*(-f|--force|-D|-M|-C|-d|--delete|-m|--move)\b|checkout\s+(?:\S+\s+)*-B\b|switch\s+(?:\S+\s+)*(-C|--force-create)\b|symbolic-ref\b|notes\b|stash\s+(drop|clear)\b|gc\b|prune\b)/;
/** `kill %1`, `kill $!`, `kill -0 …`, `kill -l`: the shell's own jobs, or no signal at all. */
const OWN_JOBS_ONLY = /^(?:[^;&|]*?[;&|]\s*)*?kill\s+(?:(?:-0|-l|-L)\b.*|(?:-\w+\s+)*(?:%\S+|\$!)(?:\s+(?:%\S+|\$!))*\s*)$/;
const SIGNALS = /(^|[;&|(`\n])\s*(?:\w+=\S*\s+)*(?:(?:sudo|doas|command|exec|nohup|env|nice|timeout\s+\S+)\s+)*(kill|pkill|killall|fuser|skill|snice)\b/;

/**
 * What a tainted run's shell command does that no scope can authorize: moving or deleting git
 * refs (history a person relies on) and signalling other processes. The analyzer denies the
 * worst of each in every mode; these are the rest, which a person may still want.
 */
function taintedShellRisk(command: string): string | undefined {
  const flat = command.replace(/\\\n/g, ' ');
  if (GIT_REF_MOVE.test(flat)) return 'the command moves, deletes or rewrites git refs';
  if (SIGNALS.test(flat) && !OWN_JOBS_ONLY.test(flat)) return 'the command signals (kills) other processes';
  return undefined;
}

/**
 * For an MCP tool the scope names: `exact` when the task or config names `<server>__<tool>` itself
 * (that authorizes its effect, sending included); `why` when only a server glob (`docs__*`) names
 * it and its effect is not ordinary — destructive, sending or persistent by name, by annotation,
 * or because the server declares none. Undefined for other tools.
 */
function namedMcpVerdict(call: GateCall, scope: ScopeMatcher): { exact?: string; why?: ReturnType<typeof person> } | undefined {
  if (!isMcpTool(call.name, call.annotations) || scope.toolEntry(call.name) === undefined) return undefined;
  const exact = scope.exactToolEntry(call.name);
  if (exact !== undefined) return { exact };
  const { effect, basis } = mcpToolEffect(call.name, call.annotations);
  if (effect === 'ordinary') return {};
  const kind = effectClass(effect);
  return { why: person(`${call.name} is a ${kind} tool (${basis.replace(/_/g, ' ')}) of an MCP server the task names; naming the server authorizes its ordinary tools only, naming ${call.name} itself authorizes it`, 'named_server_effect', { tool: call.name, effect: kind, basis }) };
}

/** Scope matchers are compiled once per scope object (core hands the gate the same object every call). */
function matcherCache(): (scope: RunScope | undefined) => ScopeMatcher {
  let last: RunScope | undefined;
  let lastMatcher = scopeMatcher(undefined);
  const empty = lastMatcher;
  return (scope) => {
    if (scope === undefined) return empty;
    if (scope !== last) {
      last = scope;
      lastMatcher = scopeMatcher(scope);
    }
    return lastMatcher;
  };
}

/**
 * Task-scoped authorization for a run that has read untrusted content (ARCHITECTURE.md §5).
 * Inside the scope — what the task names, what the configuration declares, what the run itself
 * wrote — the mode's decision stands, so `--yes` still approves ordinary edits. A person is
 * needed for: writes outside the scope, writes to instruction files and git configuration,
 * egress to hosts outside the scope, sending/publishing/remembering tools, destructive tools,
 * shell commands the analyzer cannot decide (unless the OS sandbox bounds them), and changes whose
 * target the analyzer cannot name — inline interpreter code among them — even in the sandbox.
 */
export function taintGuard(settings: TaintGuardSettings): TaintGuard {
  const guardGlobs = [...DEFAULT_GUARD_TOOLS, ...settings.guardTools].map(globToRegExp);
  const openWorldGlobs = DEFAULT_OPEN_WORLD_TOOLS.map(globToRegExp);
  const instructionGlobs = settings.instructionFiles.map(pathGlobRegExp);
  const shellTools = new Set(settings.shellTools);
  const matcherFor = matcherCache();

  /** Why a change to this workspace-relative path needs a person, or the scope entry that allows it. */
  function writeVerdict(relative: string, what: string, scope: ScopeMatcher, touched: ReadonlySet<string>): { needsPerson?: string; why?: PersonReason; entry?: string } {
    if (instructionGlobs.some((glob) => glob.test(relative))) return person(`${what} changes ${show(relative)}, an instruction or configuration file`, 'instruction_file', { what, path: relative });
    if (touched.has(relative)) return { entry: `created:${relative}` };
    const entry = scope.pathEntry(relative);
    // A named directory authorizes changes under it, not removing or replacing it whole.
    if (entry !== undefined && scope.isDirectoryEntry(relative)) return person(`${what} changes the whole directory ${show(relative)}, not something under it`, 'whole_directory', { what, path: relative });
    if (entry !== undefined) return { entry };
    return person(`${what} changes ${show(relative === '' ? 'the workspace root' : relative)}, which is outside the task's scope`, relative === '' ? 'workspace_root' : 'outside_scope', { what, path: relative });
  }

  function shellVerdict(call: GateCall, ctx: GateContext, scope: ScopeMatcher, shell: ShellAnalysis | undefined, sandboxed: boolean): TaintVerdict {
    const command = call.args.command;
    const entries: string[] = [];
    if (typeof command !== 'string') return { ...person('the shell command cannot be checked', 'shell_unchecked'), scopeEntries: entries };
    const egress = shellEgress(command, [...settings.allowHosts, ...scope.hosts], { sandboxed });
    if (egress) return { ...person(egress.reason, egress.id, egress.params), scopeEntries: entries };
    if (shell === undefined) return { ...person('the shell command cannot be analysed for what it changes', 'shell_unanalysed'), scopeEntries: entries };
    const risky = taintedShellRisk(command);
    if (risky) return { ...person(risky, 'shell_risk'), scopeEntries: entries };
    const unsure = shell.findings.find((f) => f.kind === 'undecidable');
    if (unsure && !sandboxed) return { ...person(`the shell command cannot be decided statically (${unsure.reason})`, 'shell_undecidable', { rule: unsure.rule }), scopeEntries: entries };
    const touched = normalizedTouchedPaths(ctx.touchedPaths, settings.paths);
    for (const write of shell.writes) {
      if (write.path === undefined) {
        // The sandbox keeps such a change inside the workspace, not inside the task's scope: after
        // untrusted content, inline code or an unnamed write could still destroy any workspace file.
        const bound = sandboxed ? " (the OS sandbox keeps it inside the workspace, not inside the task's scope)" : '';
        return { ...person(`${write.what} changes files the analyzer cannot name${bound}`, sandboxed ? 'unnamed_write_sandboxed' : 'unnamed_write', { what: write.what }), scopeEntries: entries };
      }
      const verdict = writeVerdict(write.path, write.what, scope, touched);
      if (verdict.needsPerson) return { needsPerson: verdict.needsPerson, ...(verdict.why ? { why: verdict.why } : {}), scopeEntries: entries };
      if (verdict.entry) entries.push(verdict.entry);
    }
    return { scopeEntries: entries };
  }

  return {
    verdict(call, ctx, shell, sandboxed = false) {
      if (!ctx.tainted) return undefined;
      const scope = matcherFor(ctx.scope);
      if (shellTools.has(call.name)) return shellVerdict(call, ctx, scope, shell, sandboxed);
      const annotations = call.annotations ?? {};
      const entries: string[] = [];
      // An MCP tool named by a server glob is authorized for its ordinary effects only (mcp-tool-effect.ts).
      const mcpNamed = namedMcpVerdict(call, scope);
      if (mcpNamed?.why) return { ...mcpNamed.why, scopeEntries: entries };
      if (mcpNamed?.exact === undefined && matchesAnyGlob(call.name, guardGlobs)) return { ...person(`${call.name} sends, publishes or remembers (egress or irreversible)`, 'guarded_tool', { tool: call.name }), scopeEntries: entries };
      // A tool the task names was asked for by the person: its unknown effect is what they asked for.
      const named = scope.toolEntry(call.name);
      if (named !== undefined) entries.push(named);
      if (named === undefined && annotations.destructive === true) return { ...person(`${call.name} is destructive (irreversible)`, 'destructive_tool', { tool: call.name }), scopeEntries: entries };
      if (annotations.openWorld === true || matchesAnyGlob(call.name, openWorldGlobs)) {
        const urls = urlArguments(call.args);
        const allowed = (url: string): boolean => urlHostAllowed(url, [...settings.allowHosts, ...scope.hosts]);
        // A named tool may reach its own server; a URL it is handed must still be in scope.
        if ((urls.length === 0 && named === undefined) || !urls.every(allowed)) return { ...person(`${call.name} reaches the open world at a host outside the task's scope`, 'open_world', { tool: call.name }), scopeEntries: entries };
      }
      if (annotations.readOnly !== true) {
        const touched = normalizedTouchedPaths(ctx.touchedPaths, settings.paths);
        for (const { field, value } of pathArguments(call.args).paths) {
          const relative = settings.paths.inspect(value, { glob: false }).relative;
          if (relative === undefined) return { ...person(`${call.name} writes ${field} outside the workspace`, 'write_outside_workspace', { tool: call.name, field }), scopeEntries: entries };
          const verdict = writeVerdict(relative, `${call.name} (${field})`, scope, touched);
          if (verdict.needsPerson) return { needsPerson: verdict.needsPerson, ...(verdict.why ? { why: verdict.why } : {}), scopeEntries: entries };
          if (verdict.entry) entries.push(verdict.entry);
        }
      }
      return { scopeEntries: entries };
    },
  };
}
