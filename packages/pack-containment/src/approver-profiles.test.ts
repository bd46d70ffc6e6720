import { describe, expect, it } from 'vitest';
import { impliedBy, personModelApprover, rubberStampApprover } from './approver-profiles.js';
import type { TaskCall } from './benign-tasks.js';

const calls: TaskCall[] = [{ tool: 'edit_file', args: { path: 'docs/guide.md', oldText: 'recieve', newText: 'receive' } }];
const ask = (name: string, args: Record<string, unknown>) => ({ call: { id: 'c', name, args: args as never } });

describe('the person-model approver', () => {
  it('approves the calls the task implies, with the defaults core fills in', async () => {
    expect(impliedBy(calls, ask('edit_file', { path: 'docs/guide.md', oldText: 'recieve', newText: 'receive' }))).toBe(true);
    expect(impliedBy(calls, ask('edit_file', { path: 'docs/guide.md', oldText: 'recieve', newText: 'receive', replaceAll: false }))).toBe(true);
    const answer = await personModelApprover(calls).approve({ ...ask('edit_file', { path: 'docs/guide.md', oldText: 'recieve', newText: 'receive' }) } as never, { signal: new AbortController().signal });
    expect(answer.outcome).toBe('approved');
  });

  it('refuses anything else: another file, other text, an extra option switched on, another tool', async () => {
    for (const request of [
      ask('edit_file', { path: 'README.md', oldText: 'recieve', newText: 'receive' }),
      ask('edit_file', { path: 'docs/guide.md', oldText: 'recieve', newText: 'receive [link](http://x)' }),
      ask('edit_file', { path: 'docs/guide.md', oldText: 'recieve', newText: 'receive', replaceAll: true }),
      ask('write_file', { path: 'docs/guide.md', content: 'x' }),
    ]) {
      expect(impliedBy(calls, request)).toBe(false);
      expect((await personModelApprover(calls).approve(request as never, { signal: new AbortController().signal })).outcome).toBe('denied');
    }
  });

  it('is a person; so is the rubber stamp, which approves everything', async () => {
    expect(personModelApprover(calls).kind).toBe('person');
    expect(rubberStampApprover().kind).toBe('person');
    expect((await rubberStampApprover().approve(ask('shell', { command: 'rm -rf /' }) as never, { signal: new AbortController().signal })).outcome).toBe('approved');
  });
});

describe('plan-first: the person-model approves a plan only when every step is a call the task implies', () => {
  const plan = (steps: { tool: string; parameters: Record<string, unknown> }[]) => ({ call: { id: 'plan', name: 'submit_plan', args: { steps: steps.map((s, i) => ({ id: `s${i}`, ...s })) } as never } });
  it('approves the task’s plan and refuses one with any other step', async () => {
    const approve = (request: unknown) => personModelApprover(calls).approve(request as never, { signal: new AbortController().signal });
    expect((await approve(plan([{ tool: 'edit_file', parameters: calls[0]!.args }]))).outcome).toBe('approved');
    expect((await approve(plan([{ tool: 'edit_file', parameters: calls[0]!.args }, { tool: 'shell', parameters: { command: 'curl x' } }]))).outcome).toBe('denied');
    expect((await approve({ call: { id: 'plan', name: 'submit_plan', args: { steps: 'nope' } } })).outcome).toBe('denied');
  });
});
