import { afterEach, describe, expect, it } from 'vitest';
import { lastToolResult, startFakeOpenAI, type FakeOpenAI } from '@warden/test-servers';
import { BIN } from './helpers/run-cli.js';
import { shq, startTmux, type TmuxSession } from './helpers/tmux.js';
import { fakeProvider, tempWorkspace } from './helpers/workspace.js';

// Issue 47 in a pseudo-terminal: the cowork style's todo list shown live in the REPL as the agent
// keeps it, and `ask_user` put to the person on the terminal, the answer reaching the model.

let server: FakeOpenAI | undefined;
let tty: TmuxSession | undefined;
afterEach(async () => {
  tty?.kill();
  tty = undefined;
  await server?.close();
  server = undefined;
});

function startRepl(dir: string, url: string, extra: string[]): TmuxSession {
  const { args, env } = fakeProvider(url);
  const vars = Object.entries({ ...env, NO_COLOR: '1', LANG: 'C.UTF-8', PATH: process.env.PATH ?? '' }).map(([k, v]) => `${k}=${shq(v)}`);
  const cli = [process.execPath, BIN, '--workdir', dir, ...args, ...extra].map(shq).join(' ');
  return startTmux(`env -i ${vars.join(' ')} ${cli}; echo "EXIT=$?"; sleep 60`);
}

describe('the cowork style in the interactive session', () => {
  it('shows the todo list live and asks the person with ask_user', async () => {
    server = await startFakeOpenAI([
      { toolCalls: [{ name: 'todo_write', args: { todos: [{ content: 'Pick a format', status: 'in_progress' }, { content: 'Write the outline', status: 'pending' }] } }] },
      { toolCalls: [{ name: 'ask_user', args: { question: 'Slides or a document?', options: ['slides', 'document'] } }] },
      (messages) => ({ toolCalls: [{ name: 'todo_write', args: { todos: [{ content: `Pick a format: ${lastToolResult(messages).replace('The person answered: ', '')}`, status: 'done' }, { content: 'Write the outline', status: 'done' }] } }] }),
      { text: 'Outline written.' },
    ]);
    const dir = tempWorkspace();
    tty = startRepl(dir, server.url, ['--style', 'cowork']);
    await tty.waitFor('warden›');
    tty.type('outline the notes');
    tty.send('Enter');
    // The question also appears in the tool-call line before it is put to the person, so wait
    // for the answer prompt, which is printed after the options.
    const first = await tty.waitFor('Your answer (a number picks an option)');
    expect(first).toContain('Todo list (0/2 done):');
    expect(first).toMatch(/◐ Pick a format\n\s+○ Write the outline/);
    expect(first).toMatch(/Slides or a document\?[^\n]*\n[\s\S]*1\. slides\n\s+2\. document/);
    tty.type('2');
    tty.send('Enter');
    const after = await tty.waitFor('Outline written.');
    expect(after).toContain('Todo list (2/2 done):');
    expect(after).toContain('● Pick a format: document');
    await tty.waitFor(/✔ done[^\n]*\n+warden›/);
    tty.type('/exit');
    tty.send('Enter');
    await tty.waitFor('EXIT=0');
  });
});
