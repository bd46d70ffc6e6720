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
