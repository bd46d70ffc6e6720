import { configError } from '../util/coded-errors.js';
import { type Decision, type GateCall, type GateContext, type GateV1, strictOptions, type OptionKeys } from '@warden/protocol';
import { loadShellAnalyzer, pathPolicy, type ShellAnalysis } from '@warden/shell-policy';
import { globToRegExp } from '../policy/glob.js';
import { definePolicy } from '../policy/load-policy.js';
import { mergePolicies } from '../policy/merge-policies.js';
import type { Policy } from '../policy/policy.js';
import type { PolicyRuleInput, TaintSettingsInput } from '../policy/policy-schema.js';
import { DEFAULT_INSTRUCTION_FILES } from '../scope/instruction-files.js';
import { TAINT_RULE, taintGuard } from '../taint/taint-guard.js';
import { stricterMode } from '@warden/protocol';
import { GateMode } from '@warden/protocol/schemas';
import { checkPathArguments } from './path-check.js';
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
   * Workspace-relative globs of instruction and configuration files that a tainted run may change
   * only with a person's approval, even inside its scope. Default `DEFAULT_INSTRUCTION_FILES`;
   * entries given here are added to it.
   */
  instructionFiles?: readonly string[];
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
  taint: true, instructionFiles: true, sandbox: true,
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
 * 4. authority: once the run read untrusted content, what lies outside the
 *    run's scope (`GateContext.scope` plus what the run wrote) becomes `ask`
 *    with `requiresPerson` (rule `taint.requires-person`), even in yolo:
 *    writes outside the scope, writes to instruction files and git config,
 *    egress to hosts outside the scope, sending and destructive tools, and
 *    shell commands the analyzer cannot decide (unless the sandbox bounds
 *    them). Inside the scope the mode's decision stands, with provenance.
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
  const guard = taintGuard({
    allowHosts: policy.taint.allowHosts,
    guardTools: policy.taint.guardTools,
    shellTools,
    paths,
    instructionFiles: [...DEFAULT_INSTRUCTION_FILES, ...(options.instructionFiles ?? [])],
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

  async function baseDecision(call: GateCall, ctx: GateContext, facts: { shell?: ShellAnalysis }): Promise<Decision> {
    const listed = denyList.find((entry) => entry.regex.test(call.name));
    if (listed) return { effect: 'deny', rule: 'deny-list', reason: `${call.name} is on the deny list (${listed.glob})`, params: { tool: call.name, glob: listed.glob } };

    const pathProblem = checkPathArguments(call, paths);
    if (pathProblem) return pathProblem;

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

  async function decide(call: GateCall, ctx: GateContext): Promise<Decision> {
    if (!call || typeof call.name !== 'string' || call.args === null || typeof call.args !== 'object' || Array.isArray(call.args)) {
      return { effect: 'deny', rule: 'gate.invalid-call', reason: 'the call has no tool name or its arguments are not an object' };
    }
    const facts: { shell?: ShellAnalysis } = {};
    const base = await baseDecision(call, ctx, facts);
    if (base.effect === 'deny') return base;
    const isShell = shellTools.includes(call.name);
    const verdict = guard.verdict(call, ctx, facts.shell, isShell && sandboxed);
    if (verdict === undefined) return isShell && options.sandbox ? { ...base, provenance: { ...base.provenance, sandboxed } } : base;
    const first = ctx.taintSources?.[0];
    const provenance = {
      ...base.provenance,
      ...(first ? { taintSource: first.source, taintReason: first.reason } : {}),
      ...(verdict.scopeEntries.length > 0 ? { scopeEntry: verdict.scopeEntries.join(', ') } : {}),
      ...(isShell && options.sandbox ? { sandboxed } : {}),
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
