import { PolicyError, type Decision } from '@warden/protocol';
import { pathPolicy } from '../paths/path-policy.js';
import { loadBashParser } from './parser-loader.js';
import { initialState } from './scope-state.js';
import { ShellRun } from './shell-run.js';
import type { ShellAnalysis, ShellAnalyzer, ShellDecisionContext } from './types.js';

export interface ShellAnalyzerOptions {
  /** Commands longer than this (in characters) are not analysed: undecidable. Default 32 KiB. */
  maxCommandLength?: number;
  /** Nesting of `bash -c`, `eval`, here-strings… past this is undecidable. Default 6. */
  maxDepth?: number;
  /** Syntax nodes visited per command past this is undecidable. Default 20 000. */
  maxNodes?: number;
}

/** The rule name of an `allow` from the deny list: nothing in it matched. */
export const SHELL_ALLOW_RULE = 'shell.deny_list';

/**
 * Loads the bash parser (tree-sitter WASM) once for this analyzer and returns the deny list.
 * Nothing is cached at module level: call it once at start-up and pass the analyzer in.
 */
export async function loadShellAnalyzer(options: ShellAnalyzerOptions = {}): Promise<ShellAnalyzer> {
  const parser = await loadBashParser();
  const maxLength = options.maxCommandLength ?? 32_768;
  const limits = { maxDepth: options.maxDepth ?? 6, maxNodes: options.maxNodes ?? 20_000 };
  let disposed = false;

  function analyze(command: string, ctx: Omit<ShellDecisionContext, 'mode'>): ShellAnalysis {
    if (disposed) {
      throw new PolicyError({ code: 'policy.shell_analyzer_disposed', message: 'This shell analyzer has been disposed.', hint: 'Load a new analyzer with loadShellAnalyzer().' });
    }
    const policy = pathPolicy({ workspace: ctx.workspace, protectedPaths: ctx.protectedPaths ?? [] });
    const run = new ShellRun(parser, policy, limits);
    if (command.length > maxLength) {
      run.undecidable(`the command is longer than ${maxLength} characters`);
    } else if (command.includes('\0')) {
      run.undecidable('the command contains a NUL byte');
    } else {
      run.run(command, initialState(policy.workspace), { depth: 0, via: [], stage: undefined });
    }
    return { commands: run.commands, findings: run.findings, writes: run.writes };
  }

  function decide(command: string, ctx: ShellDecisionContext): Decision {
    const { findings } = analyze(command, ctx);
    const denied = findings.find((f) => f.kind === 'deny');
    if (denied) return { effect: 'deny', reason: denied.reason, rule: denied.rule };
    const unsure = findings.find((f) => f.kind === 'undecidable');
    if (unsure) {
      const effect = ctx.mode === 'safe' ? 'ask' : 'deny';
      const why = ctx.mode === 'safe' ? 'a person must look at it' : `it is denied in ${ctx.mode} mode`;
      return { effect, reason: `cannot be decided statically (${unsure.reason}); ${why}`, rule: unsure.rule };
    }
    return { effect: 'allow', reason: 'no deny-list rule matched the command', rule: SHELL_ALLOW_RULE };
  }

  return {
    analyze,
    decide,
    dispose(): void {
      if (!disposed) parser.dispose();
      disposed = true;
    },
  };
}
