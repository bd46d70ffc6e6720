import type { StageInfo } from './command-env.js';
import type { Node } from './parser-loader.js';
import { handleRedirect } from './redirects.js';
import { commandEnv, show } from './run-env.js';
import { cloneState, type ScopeState } from './scope-state.js';
import type { ShellRun, WalkContext } from './shell-run.js';
import { pipelineStages } from './tree-shapes.js';

export function newStage(): StageInfo {
  return { downloader: false, network: false, shell: false, stdinCode: false, stdinShell: false, commands: 0, output: undefined };
}

/**
 * A pipeline: each stage is analysed with what the previous one prints when that is known
 * (`echo / | xargs rm`, `echo … | base64 -d | sh`), then the rules that look across the pipe:
 * a download into an interpreter, a network connection into a shell, the environment or a secret
 * file into a command that sends its input over the network.
 */
export function handlePipeline(run: ShellRun, node: Node, state: ScopeState, ctx: WalkContext, lead?: StageInfo): void {
  // `lead`: a stage the grammar put outside the pipeline node (`cat <<EOF | sh` keeps `cat` outside).
  const stages: StageInfo[] = lead ? [lead] : [];
  for (const stage of pipelineStages(node)) {
    const info = newStage();
    const previous = stages[stages.length - 1];
    if (previous && previous.commands === 1 && previous.output !== undefined) info.input = previous.output;
    stages.push(info);
    const scope = cloneState(state);
    const stageCtx = { ...ctx, stage: info, input: undefined };
    const before = { secret: run.secretReads, stdin: run.stdinSends };
    if (stage.node.type === 'command') run.handleCommand(stage.node, stage.redirects, scope, stageCtx);
    else {
      run.walk(stage.node, scope, stageCtx);
      for (const r of stage.redirects) handleRedirect(run, r, scope, stageCtx, {});
    }
    if (run.secretReads > before.secret) info.secret = 'reads secrets';
    if (run.stdinSends > before.stdin) info.sends = 'sends its input';
  }
  stages.forEach((stage, j) => {
    const previous = stages[j - 1];
    if (stage.stdinCode && stages.slice(0, j).some((s) => s.downloader)) {
      run.deny('shell.download_exec', 'a download is piped into an interpreter', { command: show(node.text) });
    } else if (stage.stdinShell && previous) {
      const output = previous.commands === 1 ? previous.output : undefined;
      if (output?.kind === 'text') run.run(output.text, cloneState(state), { depth: ctx.depth + 1, via: [...ctx.via, 'pipe'], stage: undefined });
      else if (output?.kind !== 'file') run.undecidable('a shell runs commands that another command prints', true);
    } else if (stage.stdinCode && previous) {
      // `echo '…' | python3`, `cat <<EOF | node`: the code is known, so it is read like `python3 -c`.
      const output = previous.commands === 1 ? previous.output : undefined;
      if (output?.kind === 'text') commandEnv(run, cloneState(state), ctx).scanCode(output.text);
      else if (output?.kind !== 'file') run.undecidable('an interpreter runs code that another command prints', true);
    }
    if (stage.shell && stages.some((s, i) => i !== j && s.network)) {
      run.deny('shell.reverse_shell', 'a network connection is piped into a shell', { command: show(node.text) });
    }
    if (stage.sends && stages.slice(0, j).some((s) => s.secret)) {
      run.deny('shell.exfiltration', 'the environment or a secret file is piped into a command that sends it over the network', { command: show(node.text) });
    }
  });
}
