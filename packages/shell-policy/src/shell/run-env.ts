import { posix } from 'node:path';
import type { CommandEnv } from './command-env.js';
import { scanInlineCode } from './code-scan.js';
import { isBlockDevice, isHarmlessDevice } from './device-paths.js';
import type { Node } from './parser-loader.js';
import { cloneState, type ScopeState } from './scope-state.js';
import type { ShellRun, WalkContext } from './shell-run.js';

/** A value as a reason or a param shows it: at most 80 characters. */
export function show(text: string): string {
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/** The toolkit one command's handler works with, bound to its scope and place in the walk. */
export function commandEnv(run: ShellRun, state: ScopeState, ctx: WalkContext, node?: Node): CommandEnv {
  const env: CommandEnv = {
    state,
    depth: ctx.depth,
    downloads: run.downloads,
    input: ctx.input,
    stage: ctx.stage,
    checkRunsFile: (word, what) => run.checkRunsFile(word, state, ctx, what),
    written: (word) => {
      const path = word.text === undefined ? undefined : absoluteIn(state, word.text);
      return path === undefined ? undefined : run.written.get(path);
    },
    deny: (rule, reason, params) => run.deny(rule, reason, params),
    undecidable: (reason, opaque) => run.undecidable(reason, opaque),
    person: (rule, reason, params) => run.person(rule, reason, params),
    network: (what, host) => run.recordNetwork(what, host),
    networkUses: () => run.network,
    detached: (what) => run.recordDetached(what),
    sends: (how) => run.recordSend(how),
    peek: (word) => run.peek(word, state),
    inspect: (word, what, options) => run.inspect(word, state, what, options?.globDot),
    modifies: (what, word) => run.recordChange(what, word, state),
    checkDelete: (word, what, options) => {
      run.recordChange(what, word, state);
      const ins = run.inspect(word, state, what, options?.globDot);
      if (!ins) return;
      const target = show(word.text ?? '');
      const params = { command: options?.command ?? what, path: target };
      if (ins.class === 'outside') run.deny('shell.delete_outside_workspace', `${what} removes ${target}, outside the workspace`, params);
      else if (ins.isRoot) run.deny('shell.delete_outside_workspace', `${what} removes the workspace root`, params);
      else if (ins.class === 'protected' || ins.containsProtected) run.deny('shell.delete_protected', `${what} removes the protected path ${target}`, params);
    },
    checkWrite: (word, what, options) => {
      const text = word.text;
      const command = options?.command ?? what;
      if (text !== undefined && text.startsWith('/dev/') && isBlockDevice(text)) {
        run.deny('shell.disk_write', `${what} writes to the block device ${show(text)}`, { command });
        return;
      }
      // `/dev/null` is never a write, whoever names it (`script -q -c … /dev/null`, `cp x /dev/null`).
      if (text !== undefined && (options?.devices || posix.normalize(text) === '/dev/null') && isHarmlessDevice(text)) return;
      run.recordChange(what, word, state);
      const ins = run.inspect(word, state, what);
      if (!ins) return;
      const params = { command, path: show(text ?? '') };
      if (ins.class === 'outside') run.deny('shell.write_outside_workspace', `${what} writes to ${params.path}, outside the workspace`, params);
      else if (ins.class === 'protected') run.deny('shell.write_protected', `${what} writes to the protected path ${params.path}`, params);
    },
    checkRead: (word, what, options) => {
      const text = word.text;
      if (text === undefined) return;
      const relative = !text.startsWith('/') && !text.startsWith('~');
      const traversal = text.split('/').includes('..') || (relative && state.traversed === true);
      if (!traversal && !options?.absolute) return;
      const ins = run.peek(word, state);
      if (ins?.class !== 'outside' && !(options?.absolute && text.startsWith('~'))) return;
      const params = { command: options?.command ?? what, path: show(text) };
      run.deny('shell.read_outside_workspace', `${what} reads ${params.path}, outside the workspace${traversal ? ' (parent-directory traversal)' : ''}`, params);
    },
    runArgv: (argv, wrapper, inner) => run.runArgv(argv, inner ?? state, { ...ctx, via: [...ctx.via, wrapper] }, node),
    runScript: (text, wrapper, options) => {
      if (text === undefined) {
        run.undecidable(`${wrapper} runs a script that is built at run time`, true);
        return;
      }
      const scope = options?.sameShell ? state : cloneState(state);
      run.run(text, scope, { depth: ctx.depth + 1, via: [...ctx.via, wrapper], stage: ctx.stage });
    },
    scanCode: (text) => {
      if (text !== undefined) scanInlineCode(text, 'other', env, 'code from standard input', 'stdin');
    },
  };
  return env;
}

/** Resolves a word against the scope's working directory, when both are known. */
export function absoluteIn(state: ScopeState, text: string): string | undefined {
  return state.cwd === undefined || state.cwd === '~' ? undefined : posix.resolve(state.cwd, text);
}
