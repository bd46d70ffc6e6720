import { configError } from '../util/coded-errors.js';
import type { Decision, GateCall, GateContext, GateV1, OptionKeys } from '@warden/protocol';
import { strictOptions } from '@warden/protocol/checks';
import { loadShellAnalyzer, pathPolicy, type ShellAnalysis } from '@warden/shell-policy';
import { globToRegExp } from '../policy/glob.js';
import { definePolicy } from '../policy/load-policy.js';
import { mergePolicies } from '../policy/merge-policies.js';
import type { Policy } from '../policy/policy.js';
import type { PolicyRuleInput, TaintSettingsInput } from '../policy/policy-schema.js';
import { callChanges, type CallChange } from '../effects/call-changes.js';
import { effectClassifier } from '../effects/effect-classifier.js';
import { TAINT_RULE, taintGuard } from '../taint/taint-guard.js';
import { strictestEffectClass, stricterMode } from '@warden/protocol/vocabulary';
import type { EffectClass } from '@warden/protocol';
import { GateMode } from '@warden/protocol/schemas';
import { checkPathArguments, checkResolvedPaths, shellEffectPaths } from './path-check.js';
import { decideByRules } from './rule-decision.js';
import type { ShellAnalyzerLike } from './shell-analyzer-like.js';
import { shellDecision, type ShellSource } from './shell-decision.js';

export interface GateOptions {
  /** The workspace root the agent works in; path arguments are checked against it. */
  workspace: string;
  /** Default: the policy's mode, else `safe`. Workspace policies can make it stricter, never looser. */
  mode?: GateMode;
  /** The user's own rules (validated like a policy file's, examples checked). */
  rules?: readonly PolicyRuleInput[];
  /** Loaded policies (`parsePolicy`, `loadPolicyFile`); workspace-origin ones can only tighten. */
  policy?: Policy | readonly Policy[];
  /** Tool-name globs denied in every mode. */
  denyList?: readonly string[];
  /** Extra protected paths, on top of `.env`, `.env.*`, `.git`, `.warden`. */
  protectedPaths?: readonly string[];
  /** The shell analyzer, or a loader for it (run once, on the first shell call). Default: `loadShellAnalyzer`. */
  shell?: ShellSource;
  /** Tools whose `command` argument is a shell command. Default `['shell']`. */
  shellTools?: readonly string[];
  /** Taint tuning (allowlisted hosts, extra guarded tools). */
  taint?: TaintSettingsInput;
  /**
   * More workspace-relative globs of instruction files (class `instructs-agents`), on top of the
   * effect table's (`EFFECT_TABLE`): the memory file, the skills folder.
   */
  instructionFiles?: readonly string[];
  /** Tools whose `content` argument is a file's whole new text. Default `['write_file']`. */
  writeTools?: readonly string[];
  /** Tools that replace `oldText` with `newText` in a file. Default `['edit_file']`. */
  editTools?: readonly string[];
  /** Whether shell commands run inside a healthy OS sandbox (recorded on every shell decision). */
  sandbox?: { active: boolean };
}

/** The gate `createGate` builds: a protocol `GateV1` plus what it was built from. */
export interface PolicyGate extends GateV1 {
  readonly mode: GateMode;
  /** What was ignored from workspace policies (they can only tighten). */
  readonly warnings: readonly string[];
}

const OPTION_KEYS = {
  workspace: true, mode: true, rules: true, policy: true, denyList: true, protectedPaths: true, shell: true, shellTools: true,
  taint: true, instructionFiles: true, sandbox: true, writeTools: true, editTools: true,
} satisfies OptionKeys<GateOptions>;

/**
 * Builds the gate every tool call passes through. Order of precedence, so
 * combining can only make a decision stricter:
 *
 * 1. every mode: the deny list, protected or outside paths in path-like
 *    arguments, and the shell analyzer on shell commands (deny wins at once);
 * 2. policy rules: deny beats ask beats allow, whatever the order;
 * 3. the mode: `read-only` denies what is not readOnly; `safe` asks for what
 *    is not readOnly unless an allow rule says otherwise; `yolo` allows;
 * 4. authority by effect: once the run read untrusted content, every change
 *    that is not `ordinary` (the effect table: runs later, instructs agents,
 *    credentials, deletes) and that the task does not authorize in so many
 *    words becomes `ask` with `requiresPerson` (rule `taint.requires-person`),
 *    even in yolo; so do egress to hosts outside the scope, sending and
 *    destructive tools, and shell commands the analyzer cannot decide (unless
 *    the sandbox bounds them). Ordinary changes follow the mode anywhere in
 *    the workspace, with provenance. Paths are resolved (symlinks, `..`)
 *    before any of this.
 *
 * Every decision names its rule. An unexpected failure while deciding denies.
 */
export function createGate(options: GateOptions): PolicyGate {
  strictOptions('createGate', OPTION_KEYS, options);
  if (typeof options.workspace !== 'string' || options.workspace.length === 0) {
    throw configError({ code: 'config.invalid', message: 'createGate: workspace must be a non-empty path', hint: 'Pass the workspace root the agent works in.' });
  }
  if (options.mode !== undefined && !GateMode.safeParse(options.mode).success) {
    throw configError({
      code: 'config.invalid',
      message: `createGate: mode must be one of ${GateMode.options.join(', ')}`,
      hint: 'Use read-only, safe or yolo.',
    });
  }
  const own = definePolicy(
    {
      rules: options.rules ? [...options.rules] : undefined,
      denyList: options.denyList ? [...options.denyList] : undefined,
      protectedPaths: options.protectedPaths ? [...options.protectedPaths] : undefined,
      taint: options.taint,
    },
    { origin: 'user', source: 'createGate options' },
  );
  const given = options.policy === undefined ? [] : Array.isArray(options.policy) ? options.policy : [options.policy as Policy];
  const { policy, warnings } = mergePolicies([...given.filter((p) => p.origin === 'user'), own, ...given.filter((p) => p.origin !== 'user')]);
  const mode = stricterMode(options.mode ?? policy.mode ?? 'safe', policy.maxMode ?? 'yolo');
  const paths = pathPolicy({ workspace: options.workspace, protectedPaths: policy.protectedPaths });
  const shellTools = options.shellTools ?? ['shell'];
  const classifier = effectClassifier({ workspace: options.workspace, instructionFiles: options.instructionFiles ?? [] });
  const fileTools = { write: new Set(options.writeTools ?? ['write_file']), edit: new Set(options.editTools ?? ['edit_file']) };
  const guard = taintGuard({
    allowHosts: policy.taint.allowHosts,
    guardTools: policy.taint.guardTools,
    shellTools,
    paths,
    classifier,
  });
  const sandboxed = options.sandbox?.active === true;
  const denyList = policy.denyList.map((glob) => ({ glob, regex: globToRegExp(glob) }));
  let analyzer: Promise<ShellAnalyzerLike> | undefined;

  function loadAnalyzer(): Promise<ShellAnalyzerLike> {
    const source = options.shell ?? (() => loadShellAnalyzer());
    if (typeof source !== 'function') return Promise.resolve(source);
    analyzer ??= source().catch((error: unknown) => {
      analyzer = undefined;
      throw error;
    });
    return analyzer;
  }

  async function baseDecision(call: GateCall, ctx: GateContext, facts: { shell?: ShellAnalysis; changes?: CallChange[] }): Promise<Decision> {
    const listed = denyList.find((entry) => entry.regex.test(call.name));
    if (listed) return { effect: 'deny', rule: 'deny-list', reason: `${call.name} is on the deny list (${listed.glob})`, params: { tool: call.name, glob: listed.glob } };

    const pathProblem = checkPathArguments(call, paths);
    if (pathProblem) return pathProblem;
    // Resolve before judging: every later decision is made on where the path really lands.
    if (call.annotations?.readOnly !== true && !shellTools.includes(call.name)) {
      facts.changes = callChanges(call, options.workspace, fileTools);
      const resolvedProblem = checkResolvedPaths(call, facts.changes, paths);
      if (resolvedProblem) return resolvedProblem;
    }

    let shellAsk: Decision | undefined;
    let shellAllow: Decision | undefined;
    if (shellTools.includes(call.name)) {
      const verdict = await shellDecision(call, { mode, workspace: paths.workspace, protectedPaths: policy.protectedPaths, load: loadAnalyzer, analyze: ctx.tainted, sandbox: options.sandbox });
      const shell = verdict.decision;
      facts.shell = verdict.analysis;
      if (shell.effect === 'deny') return shell;
      if (shell.effect === 'ask') shellAsk = shell;
      shellAllow = verdict.allow;
    }

    const ruled = decideByRules(policy.rules, call, { tainted: ctx.tainted, mode });
    if (ruled?.effect === 'deny') return ruled;

    const readOnly = call.annotations?.readOnly === true;
    if (mode === 'read-only' && !readOnly) {
      return { effect: 'deny', rule: 'mode.read-only', reason: `read-only mode: ${call.name} is not a read-only tool`, params: { tool: call.name } };
    }
    if (shellAsk) return shellAsk;
    if (ruled) return ruled;
    if (shellAllow) return shellAllow;
    if (readOnly) return { effect: 'allow', rule: `mode.${mode}`, reason: `${call.name} is read-only`, params: { tool: call.name } };
    if (mode === 'safe') return { effect: 'ask', rule: 'mode.safe', reason: `safe mode: ${call.name} can change things, so it needs approval`, params: { tool: call.name } };
    return { effect: 'allow', rule: 'mode.yolo', reason: 'yolo mode: runs without asking (the deny list and protected paths still apply)' };
  }

  /** The class and resolved paths of what a file tool's call changes (for provenance and the change set). */
  function effectOf(facts: { changes?: CallChange[] }): { effectClass?: EffectClass; effectPaths?: string[] } {
    const changes = (facts.changes ?? []).filter((c) => c.change !== undefined);
    if (changes.length === 0) return {};
    let cls: EffectClass = 'ordinary';
    for (const c of changes) cls = strictestEffectClass(cls, classifier.classify(c.change!).effectClass);
    return { effectClass: cls, effectPaths: changes.map((c) => c.change!.relative) };
  }

  async function decide(call: GateCall, ctx: GateContext): Promise<Decision> {
    if (!call || typeof call.name !== 'string' || call.args === null || typeof call.args !== 'object' || Array.isArray(call.args)) {
      return { effect: 'deny', rule: 'gate.invalid-call', reason: 'the call has no tool name or its arguments are not an object' };
    }
    const facts: { shell?: ShellAnalysis; changes?: CallChange[] } = {};
    const base = await baseDecision(call, ctx, facts);
    if (base.effect === 'deny') return base;
    const isShell = shellTools.includes(call.name);
    const effect = effectOf(facts);
    const verdict = guard.verdict(call, ctx, facts.shell, isShell && sandboxed, facts.changes);
    if (verdict === undefined) {
      const untainted = { ...base.provenance, ...(isShell && options.sandbox ? { sandboxed } : {}), ...effect };
      return Object.keys(untainted).length > 0 ? { ...base, provenance: untainted } : base;
    }
    const first = ctx.taintSources?.[0];
    const effectClass = verdict.effectClass ?? effect.effectClass;
    const provenance = {
      ...base.provenance,
      ...(first ? { taintSource: first.source, taintReason: first.reason } : {}),
      ...(verdict.scopeEntries.length > 0 ? { scopeEntry: verdict.scopeEntries.join(', ') } : {}),
      ...(isShell && options.sandbox ? { sandboxed } : {}),
      ...effect,
      ...(effectClass !== undefined ? { effectClass } : {}),
      ...(isShell && facts.shell ? shellEffectPaths(facts.shell) : {}),
    };
    if (verdict.needsPerson === undefined) return { ...base, provenance };
    const from = first ? ` (untrusted content from ${first.source})` : '';
    return {
      effect: 'ask',
      rule: TAINT_RULE,
      requiresPerson: true,
      reason: `the run has read untrusted content${from} and ${verdict.needsPerson}; a person must approve it (without the untrusted content: ${base.rule} → ${base.effect})`,
      // `because` names why (see TaintVerdict.why); its values ride along for translating front ends.
      params: { ...verdict.why?.params, because: verdict.why?.code ?? 'unknown', source: first?.source ?? '', baseRule: base.rule, baseEffect: base.effect },
      provenance,
    };
  }

  return {
    specificationVersion: 'v1',
    mode,
    warnings,
    async decide(call, ctx) {
      try {
        return await decide(call, ctx);
      } catch (error) {
        const code = (error as { code?: unknown } | null)?.code;
        return { effect: 'deny', rule: 'gate.error', reason: `the gate failed while deciding${typeof code === 'string' ? ` (${code})` : ''}; denied`, params: { code: typeof code === 'string' ? code : '' } };
      }
    },
  };
}
