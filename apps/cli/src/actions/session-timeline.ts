import { sessionTimeline } from '@warden/eval';
import type { SessionRecord } from '@warden/protocol';
import type { CommandContext } from '../cli/command.js';

const cut = (text: string, max: number): string => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};

/** `warden sessions timeline ID`: the session's steps, numbered as `warden replay --step` takes them. */
export function renderTimeline(ctx: CommandContext<object>, id: string, records: readonly SessionRecord[]): void {
  const { io, t, style, options } = ctx;
  const timeline = sessionTimeline(records);
  if ((options as { json?: boolean }).json) {
    io.stdout.write(`${JSON.stringify({ id, ...timeline })}\n`);
    return;
  }
  const out: string[] = [t('sessions.timelineTitle', { id, steps: timeline.steps.length })];
  if (timeline.fork) out.push(t('sessions.timelineFork', { parent: timeline.fork.parent, step: timeline.fork.step }));
  for (const step of timeline.steps) {
    if (step.task !== undefined) out.push(`  ${style.dim(t('sessions.timelineTask', { task: cut(step.task, 100) }))}`);
    out.push(`  ${style.bold(t('sessions.timelineStep', { step: step.step }))}  ${cut(step.text, 100)}`);
    for (const call of step.calls) {
      const result = call.result ? `${call.result.isError ? '✖ ' : ''}${cut(call.result.text, 80)}` : t('sessions.timelineNoResult');
      out.push(`      ${call.name} ${cut(JSON.stringify(call.args), 80)} → ${result}`);
    }
  }
  io.stdout.write(`${out.join('\n')}\n`);
}
