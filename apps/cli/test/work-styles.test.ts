import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lastToolResult, startFakeOpenAI, type FakeOpenAI } from '@warden/test-servers';
import { runCli } from './helpers/run-cli.js';
import { fakeProvider, tempWorkspace } from './helpers/workspace.js';

// Issue 47, the work styles end to end: a spawned `warden run --style …` against a scripted
// OpenAI-compatible model, judged from what the model was sent, what was printed and what the
// session kept.

let server: FakeOpenAI | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

type Json = Record<string, unknown>;
const toolNames = (request: Json): string[] => ((request.tools as Json[] | undefined) ?? []).map((t) => (t.function as Json).name as string);
const systemText = (request: Json): string => String(((request.messages as Json[])[0] as Json).content);
const events = (stdout: string): Json[] => stdout.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Json);

/** The records of the one session in a JSONL store folder. */
function sessionRecords(dir: string): Json[] {
  const folder = path.join(dir, '.warden', 'sessions');
  const file = readdirSync(folder).find((f) => f.endsWith('.jsonl'))!;
  return readFileSync(path.join(folder, file), 'utf8').split('\n').filter(Boolean).map((l) => ((JSON.parse(l) as Json).rec ?? JSON.parse(l)) as Json);
}

describe('warden run --style', () => {
  it('chat: a plain conversation, no workspace tools, the safety mode unchanged', async () => {
    server = await startFakeOpenAI([{ text: 'Hello! How can I help?' }]);
    const dir = tempWorkspace();
    const { args, env } = fakeProvider(server.url);
    const r = await runCli(['run', 'hi there', '--style', 'chat', '--workdir', dir, ...args], { env });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Hello! How can I help?');
    expect(toolNames(server.requests[0]!)).toEqual([]);
    expect(systemText(server.requests[0]!)).toContain('Work style: chat');
    expect(systemText(server.requests[0]!)).toContain('Safety mode: safe');
  });

  it('chat from warden.config.json, where builtinTools turns one tool back on', async () => {
    server = await startFakeOpenAI([{ text: 'ok' }]);
    const dir = tempWorkspace();
    writeFileSync(path.join(dir, 'warden.config.json'), JSON.stringify({ style: 'chat', builtinTools: { read_file: true } }));
    const { args, env } = fakeProvider(server.url);
    const r = await runCli(['run', 'hi', '--workdir', dir, ...args], { env, cwd: dir });
    expect(r.code).toBe(0);
    expect(toolNames(server.requests[0]!)).toEqual(['read_file']);
  });

  it('cowork: the todo list is shown live, sent as progress events, kept in the session and binding; ask_user fails clearly headless', async () => {
    server = await startFakeOpenAI([
      { toolCalls: [{ name: 'todo_write', args: { todos: [{ content: 'Read the notes', status: 'in_progress' }, { content: 'Write the outline', status: 'pending' }] } }] },
      { toolCalls: [{ name: 'ask_user', args: { question: 'Slides or a document?', options: ['slides', 'document'] } }] },
      (messages) => ({ text: `Assuming a document (${lastToolResult(messages).slice(0, 60)}).` }),
      { toolCalls: [{ name: 'todo_write', args: { todos: [{ content: 'Read the notes', status: 'done' }, { content: 'Write the outline', status: 'skipped', note: 'the person was not there to choose a format' }] } }] },
      { text: 'Done: notes read; outline skipped (see the list).' },
    ]);
    const dir = tempWorkspace();
    const { args, env } = fakeProvider(server.url);
    const r = await runCli(['run', 'turn the notes into an outline', '--style', 'cowork', '--json', '--workdir', dir, ...args], { env });
    expect(r.code).toBe(0);
    const all = events(r.stdout);
    const progress = all.filter((e) => e.type === 'progress');
    expect(progress.map((e) => (e.todos as Json[]).map((t) => t.status))).toEqual([['in_progress', 'pending'], ['done', 'skipped']]);
    // ask_user with no one to ask: a typed failure the model reads, and it went on.
    const asked = all.find((e) => e.type === 'tool_result' && e.name === 'ask_user')!;
    expect(asked.isError).toBe(true);
    expect(JSON.stringify(asked.content)).toContain('tool.ask_user_unavailable');
    // The first final answer came while items were open: it was sent back naming them.
    const sentBack = JSON.stringify(server.requests[3]!.messages);
    expect(sentBack).toContain('Your todo list still has 2 open item(s)');
    expect((all.at(-1) as Json).stopReason).toBe('done');
    // The tools change nothing in the workspace and need no approval (safe mode, no approver).
    expect(all.filter((e) => e.type === 'tool_decision').every((e) => (e.decision as Json).effect === 'allow')).toBe(true);
    // Kept with the session as a meta record, so resume and approvals find it.
    const notes = sessionRecords(dir).filter((rec) => rec.type === 'meta' && rec.key === 'warden.note.todos');
    expect((notes.at(-1)!.value as Json).items).toEqual([{ content: 'Read the notes', status: 'done' }, { content: 'Write the outline', status: 'skipped', note: 'the person was not there to choose a format' }]);

    // Rendered for a person, in the person's language, with the failure worded by its code.
    server.requests.length = 0;
    await server.close();
    server = await startFakeOpenAI([
      { toolCalls: [{ name: 'todo_write', args: { todos: [{ content: 'Leer las notas', status: 'done' }] } }] },
      { toolCalls: [{ name: 'ask_user', args: { question: '¿Diapositivas?' } }] },
      { text: 'Hecho.' },
    ]);
    const es = fakeProvider(server.url);
    const shown = await runCli(['run', 'esquema', '--style', 'cowork', '--workdir', tempWorkspace(), ...es.args], { env: { ...es.env, WARDEN_LANG: 'es' } });
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain('Lista de tareas (1/1 hechas):');
    expect(shown.stdout).toContain('● Leer las notas');
    expect(shown.stdout).toContain('no hay nadie a quien preguntar');
    expect(shown.stdout).not.toContain('there is no person to ask');
  });

  it('cowork: a resumed session keeps its todo list (the model is sent back while items are open)', async () => {
    server = await startFakeOpenAI([
      { toolCalls: [{ name: 'todo_write', args: { todos: [{ content: 'Step one', status: 'done' }, { content: 'Step two', status: 'pending' }] } }] },
      { text: 'Stopping here for now.' },
      { text: 'Stopping here for now.' },
      { text: 'Stopping here for now.' },
    ]);
    const dir = tempWorkspace();
    const { args, env } = fakeProvider(server.url);
    const first = await runCli(['run', 'two steps', '--style', 'cowork', '--json', '--workdir', dir, ...args], { env });
    expect(first.code).toBe(0);
    const sessionId = (events(first.stdout).find((e) => e.type === 'run_start') as Json).sessionId as string;
    await server.close();
    server = await startFakeOpenAI([{ text: 'All done.' }, { toolCalls: [{ name: 'todo_write', args: { todos: [{ content: 'Step one', status: 'done' }, { content: 'Step two', status: 'done' }] } }] }, { text: 'All done now.' }]);
    const again = fakeProvider(server.url);
    const second = await runCli(['run', '--session', sessionId, 'carry on', '--style', 'cowork', '--json', '--workdir', dir, ...again.args], { env: again.env });
    expect(second.code).toBe(0);
    expect(JSON.stringify(server.requests[1]!.messages)).toContain('Your todo list still has 1 open item(s)');
    expect((events(second.stdout).at(-1) as Json).output).toBe('All done now.');
  });

  it('research: a numbered source ledger; invented refs refused, unrecorded citations sent back, sources listed after the answer', async () => {
    server = await startFakeOpenAI([
      { toolCalls: [{ name: 'read_file', args: { path: 'NOTES.md' } }] },
      { toolCalls: [{ name: 'record_source', args: { ref: 'NOTES.md', title: 'Q3 notes', finding: 'Q3 revenue was 4.2M' } }] },
      { toolCalls: [{ name: 'record_source', args: { ref: 'https://made-up.example/q4', finding: 'Q4 will be great' } }] },
      { text: 'Revenue was 4.2M [1] and Q4 looks great [2].' },
      { text: 'Revenue was 4.2M [1].\n\nSources: [1]' },
    ]);
    const dir = tempWorkspace();
    writeFileSync(path.join(dir, 'NOTES.md'), '# Q3\nRevenue: 4.2M\n');
    const { args, env } = fakeProvider(server.url);
    const r = await runCli(['run', 'How did Q3 go?', '--style', 'research', '--depth', 'quick', '--workdir', dir, ...args], { env });
    expect(r.code).toBe(0);
    expect(systemText(server.requests[0]!)).toContain('Depth: quick');
    expect(toolNames(server.requests[0]!)).toContain('record_source');
    // The invented ref was refused; the answer citing [2] was sent back.
    expect(JSON.stringify(server.requests[3]!.messages)).toContain('Nothing in this run returned or named');
    expect(JSON.stringify(server.requests[4]!.messages)).toContain('not in the source ledger');
    expect(r.stdout).toContain('source [1] NOTES.md');
    expect(r.stdout).toMatch(/Sources:\n\s+\[1\] Q3 notes — NOTES\.md/);
    expect(r.stdout).not.toContain('made-up.example/q4\n');
  });

  it('a work style is validated like every option', async () => {
    const r = await runCli(['run', 'x', '--style', 'essay']);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/--style/);
  });
});
