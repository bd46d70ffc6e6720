import { existsSync } from 'node:fs';
import { strictestEffectClass } from '@warden/protocol/vocabulary';
import type { EffectClass, GateCall, GateContext, RunScope } from '@warden/protocol';
import type { PathPolicy, ShellAnalysis } from '@warden/shell-policy';
import type { CallChange } from '../effects/call-changes.js';
import type { EffectClassifier, FileChange } from '../effects/effect-classifier.js';
import { resolveWorkspacePath } from '../effects/resolve-path.js';
import { taskAuthorizes } from '../effects/task-authorization.js';
import { plantedOrigins, showOrigin, type NamedOrigin } from '../effects/planted-origin.js';
import { globToRegExp, matchesAnyGlob } from '../policy/glob.js';
import { scopeMatcher, type ScopeMatcher } from '../scope/scope-matcher.js';
import { effectClass, isMcpTool, mcpToolEffect } from './mcp-tool-effect.js';
import { shellEgress, urlHostAllowed } from './shell-egress.js';
import { normalizedTouchedPaths } from './touched-paths.js';

export { TAINT_RULE, requiresPerson } from '@warden/protocol/policy';

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
  /** The effect table compiled for the workspace (instruction files, hooks paths included). */
  classifier: EffectClassifier;
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
  /** The effect class that needs the person (or of what passed), when the call changes something. */
  effectClass?: EffectClass;
}

/** Compiled once per gate. */
export interface TaintGuard {
  /**
   * The verdict for a call of a tainted run (undefined when the run is not tainted). For a shell
   * tool, `shell` is the analyzer's analysis of its command; without one the call needs a person.
   * `sandboxed`: the command runs inside a healthy OS sandbox, which bounds what the analyzer
   * cannot see (files it does not name stay inside the workspace; the network is filtered).
   */
  verdict(call: GateCall, ctx: GateContext, shell?: ShellAnalysis, sandboxed?: boolean, changes?: readonly CallChange[]): TaintVerdict | undefined;
}

/** Words that ask to send data somewhere, in the CLI's four languages. */
const SEND_WORDS = /^(?:send|post|upload|submit|publish|envía|envia|enviar|sube|subir|publica|envoie|envoyer|envoyez|poste|téléverse|publie|भेजो|भेजें|भेजिए|अपलोड|पोस्ट)$/u;

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

/**
 * Shell changes that destroy their target rather than write content into it: deletes (`rm`, the
 * source of `mv`, `find -delete`), truncation, permission and ownership changes, and git commands
 * that throw away working-tree changes. Writing content (`>`, `tee`, `cp`, `sed -i`) is an ordinary
 * change like `write_file`'s; these are `destructive`.
 */
const DESTROYS = /^(rm|rmdir|unlink|shred|srm|trash|trash-put|find -delete|mv \(moving away\)|rsync --remove-source-files|git rm|truncate|dd|chmod|chown|chgrp|chattr|setfacl|git checkout|git restore|git reset|git stash|git clean)(?=$|[\s(])/;
/**
 * Shell changes that replace a file's whole content with something the gate cannot see (a
 * redirection, a copy, move or link onto it). Onto a new file they are ordinary; onto an existing
 * file the run has not written they destroy what was there, so they are `destructive` (an ordinary
 * edit goes through `edit_file`/`write_file`, whose new content the gate reads).
 */
const REPLACES = /^(a redirection|cp|mv|ln|install|tee|rsync|dd of=)$/;

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
function namedMcpVerdict(call: GateCall, scope: ScopeMatcher): { exact?: string; why?: ReturnType<typeof person>; effectClass?: EffectClass } | undefined {
  if (!isMcpTool(call.name, call.annotations) || scope.toolEntry(call.name) === undefined) return undefined;
  const exact = scope.exactToolEntry(call.name);
  if (exact !== undefined) return { exact };
  const { effect, basis } = mcpToolEffect(call.name, call.annotations);
  if (effect === 'ordinary') return {};
  const kind = effectClass(effect);
  return { effectClass: kind, why: person(`${call.name} is a ${kind} tool (${basis.replace(/_/g, ' ')}) of an MCP server the task names; naming the server authorizes its ordinary tools only, naming ${call.name} itself authorizes it`, 'named_server_effect', { tool: call.name, effect: kind, basis }) };
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
 * Authorization by effect for a run that has read untrusted content (ARCHITECTURE.md §5, issue 34).
 * An ordinary change (source, docs, tests, data) follows the mode anywhere in the workspace, so
 * `--yes` and yolo can fix the bug wherever it is. A person is needed for: every change of another
 * effect class (runs later, instructs agents, credentials, deletes) that the task does not authorize
 * in so many words, any change when the task asked for none, egress to hosts outside the scope, sending/publishing/remembering tools, destructive tools,
 * shell commands the analyzer cannot decide (unless the OS sandbox bounds them), and changes whose
 * target the analyzer cannot name — inline interpreter code among them — even in the sandbox.
 */
export function taintGuard(settings: TaintGuardSettings): TaintGuard {
  const guardGlobs = [...DEFAULT_GUARD_TOOLS, ...settings.guardTools].map(globToRegExp);
  const openWorldGlobs = DEFAULT_OPEN_WORLD_TOOLS.map(globToRegExp);
  const shellTools = new Set(settings.shellTools);
  const matcherFor = matcherCache();

  /** A host (and port) the scope or the allowlist accepts, on any web scheme when none was written. */
  function originAllowed(origin: NamedOrigin, scope: ScopeMatcher): boolean {
    const hosts = [...settings.allowHosts, ...scope.hosts];
    const host = origin.host.includes(':') ? `[${origin.host}]` : origin.host;
    const port = origin.port !== undefined ? `:${origin.port}` : '';
    return ['http', 'https'].some((scheme) => urlHostAllowed(`${scheme}://${host}${port}/`, hosts));
  }

  /** What the person wrote: the task's own words (a URL or host the task names is known). */
  function knownText(ctx: GateContext): string[] {
    return ctx.scope?.task?.words ?? [];
  }

  /**
   * Ordinary text that plants a reference to a network origin nobody trusted named (planted-origin.ts):
   * code or docs that will reach it later, so it is judged as egress and needs a person.
   */
  function plantedVerdict(planted: readonly NamedOrigin[], what: string, relative: string): { needsPerson: string; why: PersonReason; effectClass: EffectClass } {
    const hosts = planted.slice(0, 3).map(showOrigin).join(', ');
    return {
      ...person(`${what} plants a reference to ${hosts} in ${show(relative)}, a network origin that neither the task, the configuration nor the file named (egress later)`, 'planted_origin', { what, path: relative, hosts }),
      effectClass: 'egress',
    };
  }

  /**
   * The effect-class rule (issue 34): an ordinary change follows the mode anywhere in the workspace
   * (unless the task asked for no change at all); every other class needs a person unless the task
   * authorizes that specific effect in so many words (`taskAuthorizes`).
   */
  function writeVerdict(change: FileChange, what: string, scope: ScopeMatcher, ctx: GateContext, touched: ReadonlySet<string>): { needsPerson?: string; why?: PersonReason; entry?: string; effectClass: EffectClass } {
    const relative = change.relative;
    if (relative === '') return { ...person(`${what} changes the workspace root`, 'workspace_root', { what }), effectClass: 'destructive' };
    // Emptying a file that had content destroys it as surely as deleting it.
    const deletes = change.deletes === true || (change.before !== undefined && change.before.trim() !== '' && change.after !== undefined && change.after.trim() === '');
    // Deleting what the run itself wrote undoes its own work.
    if (deletes && touched.has(relative) && settings.classifier.rowFor(relative) === undefined) return { entry: `created:${relative}`, effectClass: 'ordinary' };
    const classified = settings.classifier.classify(deletes ? { ...change, deletes } : change);
    if (classified.effectClass === 'ordinary') {
      if (ctx.scope?.task !== undefined && !ctx.scope.task.asksForChange && !touched.has(relative)) {
        return { ...person(`${what} changes ${show(relative)}, and the task asked for no change`, 'no_change_task', { what, path: relative }), effectClass: 'ordinary' };
      }
      const planted = change.after === undefined ? [] : plantedOrigins(change.before, change.after, knownText(ctx), (o) => originAllowed(o, scope));
      if (planted.length > 0) return plantedVerdict(planted, what, relative);
      return { entry: scope.pathEntry(relative) ?? (touched.has(relative) ? `created:${relative}` : 'effect:ordinary'), effectClass: 'ordinary' };
    }
    const authorized = taskAuthorizes(ctx.scope, relative, classified, deletes, change);
    if (authorized !== undefined) return { entry: authorized, effectClass: classified.effectClass };
    const keys = (classified.risky ?? classified.parts ?? []).filter((k) => !k.startsWith('(')).slice(0, 4).join(', ');
    const detail = keys === '' ? '' : ` (${keys})`;
    return {
      ...person(`${what} changes ${show(relative)}${detail}: ${classified.effectClass} (${classified.why})`, 'effect_class', { what, path: relative, effectClass: classified.effectClass, keys: keys === '' ? '-' : keys }),
      effectClass: classified.effectClass,
    };
  }

  function shellVerdict(call: GateCall, ctx: GateContext, scope: ScopeMatcher, shell: ShellAnalysis | undefined, sandboxed: boolean): TaintVerdict {
    const command = call.args.command;
    const entries: string[] = [];
    if (typeof command !== 'string') return { ...person('the shell command cannot be checked', 'shell_unchecked'), scopeEntries: entries };
    const egress = shellEgress(command, [...settings.allowHosts, ...scope.hosts], { sandboxed, taskSends: (ctx.scope?.task?.words ?? []).some((w) => SEND_WORDS.test(w)) });
    if (egress) return { ...person(egress.reason, egress.id, egress.params), scopeEntries: entries, effectClass: 'egress' };
    if (shell === undefined) return { ...person('the shell command cannot be analysed for what it changes', 'shell_unanalysed'), scopeEntries: entries };
    const risky = taintedShellRisk(command);
    if (risky) return { ...person(risky, 'shell_risk'), scopeEntries: entries, effectClass: 'destructive' };
    const unsure = shell.findings.find((f) => f.kind === 'undecidable');
    if (unsure && !sandboxed) return { ...person(`the shell command cannot be decided statically (${unsure.reason})`, 'shell_undecidable', { rule: unsure.rule }), scopeEntries: entries };
    const touched = normalizedTouchedPaths(ctx.touchedPaths, settings.paths);
    let strictest: EffectClass = 'ordinary';
    for (const write of shell.writes) {
      if (write.path === undefined) {
        // The sandbox keeps such a change inside the workspace, not inside the task's scope: after
        // untrusted content, inline code or an unnamed write could still destroy any workspace file.
        const bound = sandboxed ? " (the OS sandbox keeps it inside the workspace, not inside the task's scope)" : '';
        return { ...person(`${write.what} changes files the analyzer cannot name${bound}`, sandboxed ? 'unnamed_write_sandboxed' : 'unnamed_write', { what: write.what }), scopeEntries: entries, effectClass: 'destructive' };
      }
      const resolved = resolveWorkspacePath(settings.paths.workspace, write.path);
      if (resolved.where !== 'inside' || resolved.relative === undefined) {
        return { ...person(`${write.what} writes ${show(write.path)} outside the workspace`, 'write_outside_workspace', { tool: call.name, field: write.what }), scopeEntries: entries, effectClass: 'outside' };
      }
      // A shell command's content is unknown: a structured file is judged by the stricter class.
      const destroys = DESTROYS.test(write.what) || (REPLACES.test(write.what) && existsSync(resolved.real) && !touched.has(resolved.relative));
      const verdict = writeVerdict({ relative: resolved.relative, ...(destroys ? { deletes: true } : {}) }, write.what, scope, ctx, touched);
      if (verdict.needsPerson) return { needsPerson: verdict.needsPerson, ...(verdict.why ? { why: verdict.why } : {}), scopeEntries: entries, effectClass: verdict.effectClass };
      if (verdict.entry) entries.push(verdict.entry);
      strictest = strictestEffectClass(strictest, verdict.effectClass);
    }
    if (shell.writes.length > 0) {
      // The command's text is the content it writes (`sed -i "1i fetch('…')"`, `echo … >> docs/x.md`).
      const planted = plantedOrigins('', command, knownText(ctx), (o) => originAllowed(o, scope));
      if (planted.length > 0) {
        const first = shell.writes[0];
        const verdict = plantedVerdict(planted, first?.what ?? call.name, first?.path ?? '');
        return { needsPerson: verdict.needsPerson, why: verdict.why, scopeEntries: entries, effectClass: 'egress' };
      }
    }
    return { scopeEntries: entries, ...(shell.writes.length > 0 ? { effectClass: strictest } : {}) };
  }

  return {
    verdict(call, ctx, shell, sandboxed = false, changes = []) {
      if (!ctx.tainted) return undefined;
      const scope = matcherFor(ctx.scope);
      if (shellTools.has(call.name)) return shellVerdict(call, ctx, scope, shell, sandboxed);
      const annotations = call.annotations ?? {};
      const entries: string[] = [];
      // An MCP tool named by a server glob is authorized for its ordinary effects only (mcp-tool-effect.ts).
      const mcpNamed = namedMcpVerdict(call, scope);
      if (mcpNamed?.why) return { ...mcpNamed.why, scopeEntries: entries, effectClass: mcpNamed.effectClass ?? 'destructive' };
      if (mcpNamed?.exact === undefined && matchesAnyGlob(call.name, guardGlobs)) return { ...person(`${call.name} sends, publishes or remembers (egress or irreversible)`, 'guarded_tool', { tool: call.name }), scopeEntries: entries, effectClass: 'egress' };
      // A tool the task names was asked for by the person: its unknown effect is what they asked for.
      const named = scope.toolEntry(call.name);
      if (named !== undefined) entries.push(named);
      if (named === undefined && annotations.destructive === true) return { ...person(`${call.name} is destructive (irreversible)`, 'destructive_tool', { tool: call.name }), scopeEntries: entries, effectClass: 'destructive' };
      if (annotations.openWorld === true || matchesAnyGlob(call.name, openWorldGlobs)) {
        const urls = urlArguments(call.args);
        const allowed = (url: string): boolean => urlHostAllowed(url, [...settings.allowHosts, ...scope.hosts]);
        // A named tool may reach its own server; a URL it is handed must still be in scope.
        if ((urls.length === 0 && named === undefined) || !urls.every(allowed)) return { ...person(`${call.name} reaches the open world at a host outside the task's scope`, 'open_world', { tool: call.name }), scopeEntries: entries, effectClass: 'egress' };
      }
      if (annotations.readOnly !== true) {
        const touched = normalizedTouchedPaths(ctx.touchedPaths, settings.paths);
        let strictest: EffectClass = 'ordinary';
        for (const { field, change } of changes) {
          if (change === undefined) return { ...person(`${call.name} writes ${field} outside the workspace`, 'write_outside_workspace', { tool: call.name, field }), scopeEntries: entries, effectClass: 'outside' };
          const verdict = writeVerdict(change, `${call.name} (${field})`, scope, ctx, touched);
          if (verdict.needsPerson) return { needsPerson: verdict.needsPerson, ...(verdict.why ? { why: verdict.why } : {}), scopeEntries: entries, effectClass: verdict.effectClass };
          if (verdict.entry) entries.push(verdict.entry);
          strictest = strictestEffectClass(strictest, verdict.effectClass);
        }
        if (changes.length > 0) return { scopeEntries: entries, effectClass: strictest };
      }
      return { scopeEntries: entries };
    },
  };
}
