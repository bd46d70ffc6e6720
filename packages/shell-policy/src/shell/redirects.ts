import type { CommandOutcome } from './command-env.js';
import { commandCategory } from './command-table.js';
import { isHarmlessDevice } from './device-paths.js';
import { isSecretPath } from './secret-paths.js';
import { mentionsDevTcp, mentionsMetadataEndpoint } from './host-indicators.js';
import type { Node } from './parser-loader.js';
import { commandEnv, show } from './run-env.js';
import { cloneState, type ScopeState } from './scope-state.js';
import type { ShellRun, WalkContext } from './shell-run.js';
import type { StaticOutput } from './static-output.js';
import { commandNamesIn } from './tree-checks.js';
import { handlePipeline, newStage } from './pipeline.js';
import { heredocTail, inputBody, inputText, REDIRECT_TYPES } from './tree-shapes.js';
import { evalWord } from './word-eval.js';

const DUPLICATION = new Set(['>&', '<&', '&>', '>&-', '<&-']);

/**
 * A redirection: `>`/`>>`/`&>`/`<>` write their target (checked like any write), `<` reads a file
 * (a secret one counts for exfiltration), here-documents and here-strings feed text that a shell or
 * interpreter may run. `passive`: the command only searches text (grep…), so an address in its input is a pattern.
 */
export function handleRedirect(run: ShellRun, node: Node, state: ScopeState, ctx: WalkContext, outcome: CommandOutcome, output?: StaticOutput, passive = false): void {
  const env = commandEnv(run, state, ctx);
  if (node.type === 'file_redirect') {
    const op = node.children.find((c) => c !== null && !c.isNamed)?.text ?? '>';
    const targets = node.namedChildren.filter((c): c is Node => c !== null && c.type !== 'file_descriptor' && c.type !== 'ERROR');
    for (const target of targets) {
      if (target.type === 'process_substitution') {
        run.walk(target, cloneState(state), { ...ctx, stage: undefined });
        if (op === '<' && outcome.stdin && commandNamesIn(target, ['process_substitution']).some((n) => commandCategory(n) === 'downloader')) {
          run.deny('shell.download_exec', 'a download is fed to an interpreter', { command: show(node.text) });
        }
        continue;
      }
      run.walk(target, cloneState(state), { ...ctx, stage: undefined });
      for (const word of evalWord(target, state)) {
        if (word.text !== undefined && mentionsDevTcp(word.text)) {
          run.deny('shell.reverse_shell', 'a redirection opens a raw network socket through /dev/tcp or /dev/udp', { command: show(`${op} ${word.text}`) });
          continue;
        }
        const dup = DUPLICATION.has(op) && (word.text === undefined ? false : /^(\d+|-)$/.test(word.text));
        if (dup) continue;
        if (op.startsWith('<') && op !== '<>') {
          env.checkRead(word, 'a < redirection', { command: op });
          const ins = run.peek(word, state);
          if (word.text === undefined || ins === undefined || ins.class !== 'inside') run.provable = false;
          if (word.text !== undefined && (isSecretPath(word.text) || ins?.class === 'protected' || word.text.startsWith('~'))) run.secretReads += 1;
          continue;
        }
        if (word.text === undefined || !isHarmlessDevice(word.text)) run.provable = false;
        env.checkWrite(word, 'a redirection', { devices: true, command: op });
        if (op.includes('>')) run.recordWrite(word, state, op.startsWith('>>') || op === '&>>' ? '>>' : '>', output);
      }
    }
    return;
  }
  for (const child of node.namedChildren) if (child && REDIRECT_TYPES.has(child.type)) handleRedirect(run, child, state, ctx, outcome, output, passive);
  for (const tail of heredocTail(node)) {
    if (tail.type === 'pipeline') handlePipeline(run, tail, state, ctx, { ...newStage(), commands: 1, output, downloader: output?.kind === 'download' });
    else run.walk(tail, state, { ...ctx, stage: undefined, input: undefined });
  }
  const body = inputBody(node);
  if (!body) return;
  run.walk(body, cloneState(state), { ...ctx, stage: undefined });
  const text = inputText(node, state) ?? undefined;
  if (text === undefined) run.provable = false;
  if (text !== undefined && !passive && mentionsMetadataEndpoint(text)) run.deny('shell.cloud_metadata', 'the input reaches a cloud metadata endpoint', { command: show(node.text) });
  if (text !== undefined && mentionsDevTcp(text)) run.deny('shell.reverse_shell', 'the input opens a raw network socket through /dev/tcp or /dev/udp', { command: show(node.text) });
  if (outcome.stdin === 'shell') env.runScript(text, node.type === 'heredoc_redirect' ? 'heredoc' : 'here-string', { sameShell: false });
  else if (outcome.stdin === 'code') env.scanCode(text);
}
