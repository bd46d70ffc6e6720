import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lastToolResult, startFakeOpenAI, type FakeOpenAI } from '@warden/test-servers';
import { BIN } from './helpers/run-cli.js';
import { shq, startTmux, type TmuxSession } from './helpers/tmux.js';
import { fakeProvider, tempWorkspace } from './helpers/workspace.js';

let server: FakeOpenAI | undefined;
let tty: TmuxSession | undefined;
afterEach(async () => {
  tty?.kill();
  tty = undefined;
  await server?.close();
  server = undefined;
});

/** The interactive `warden` in a pseudo-terminal (plain unless `color`), printing its exit code at the end. */
function startRepl(dir: string, url: string, options: { color?: boolean; width?: number } = {}): TmuxSession {
  const { args, env } = fakeProvider(url);
  const colour = options.color ? { FORCE_COLOR: '1', TERM: 'xterm-256color' } : { NO_COLOR: '1' };
  const vars = Object.entries({ ...env, ...colour, LANG: 'C.UTF-8', PATH: process.env.PATH ?? '' }).map(([k, v]) => `${k}=${shq(v)}`);
  const cli = [process.execPath, BIN, '--workdir', dir, ...args].map(shq).join(' ');
  return startTmux(`env -i ${vars.join(' ')} ${cli}; echo "EXIT=$?"; sleep 60`, { width: options.width ?? 160 });
}

function workspaceWithApp(): string {
  const dir = tempWorkspace();
  mkdirSync(path.join(dir, 'src'));
  writeFileSync(path.join(dir, 'src', 'app.js'), ['// the server', "import http from 'node:http';", '', 'const host = "127.0.0.1";', 'const port = 3000;', 'http.createServer().listen(port, host);', ''].join('\n'));
  return dir;
}

const longFile = Array.from({ length: 60 }, (_, i) => `line ${i + 1}`).join('\n') + '\n';

describe('approval questions a person can read', () => {
  it('an edit is a unified diff of the file and a new file a bounded preview, not the JSON arguments (plain without colour)', async () => {
    server = await startFakeOpenAI([
      { toolCalls: [{ name: 'edit_file', args: { path: 'src/app.js', oldText: 'const port = 3000;', newText: 'const port = 8080;' } }] },
      { toolCalls: [{ name: 'write_file', args: { path: 'docs/long.md', content: longFile } }] },
      { text: 'Both changes made.' },
    ]);
    const dir = workspaceWithApp();
    tty = startRepl(dir, server.url);
    await tty.waitFor('warden›');
    tty.type('change the port and write the docs');
    tty.send('Enter');
    const edit = await tty.waitFor('[N]o');
    expect(edit).toContain('? Allow edit_file? src/app.js');
    expect(edit).toMatch(/@@ -\d+,\d+ \+\d+,\d+ @@/);
    expect(edit).toMatch(/^\s+-const port = 3000;$/m);
    expect(edit).toMatch(/^\s+\+const port = 8080;$/m);
    expect(edit).toMatch(/^\s+ const host = "127.0.0.1";$/m); // context from the file itself
    expect(edit).not.toContain('"oldText"');
    expect(tty.styledScreen()).not.toContain('\u001b[31m');
    tty.type('y');
    tty.send('Enter');
    const create = await tty.waitFor('Allow write_file? docs/long.md');
    await tty.waitFor(/Allow write_file\? docs\/long\.md[\s\S]*\[N\]o/);
    const screen = tty.screen();
    const question = screen.slice(create.indexOf('Allow write_file? docs/long.md'));
    expect(question).toContain('a new file:');
    expect(question).toMatch(/^\s+\+line 1$/m);
    expect(question).toMatch(/^\s+\+line 40$/m);
    expect(question).not.toMatch(/\+line 41$/m);
    expect(question).toContain('… 20 more lines');
    expect(question).not.toContain('"content"');
    tty.type('y');
    tty.send('Enter');
    await tty.waitFor('Both changes made.');
    expect(readFileSync(path.join(dir, 'src', 'app.js'), 'utf8')).toContain('const port = 8080;');
    expect(readFileSync(path.join(dir, 'docs', 'long.md'), 'utf8')).toBe(longFile);
  });

  it('colours the diff on a colour terminal: removed red, added green', async () => {
    server = await startFakeOpenAI([{ toolCalls: [{ name: 'edit_file', args: { path: 'src/app.js', oldText: 'const port = 3000;', newText: 'const port = 8080;' } }] }, { text: 'ok' }]);
    const dir = workspaceWithApp();
    tty = startRepl(dir, server.url, { color: true });
    await tty.waitFor('warden›');
    tty.type('change the port');
    tty.send('Enter');
    await tty.waitFor('[N]o');
    const styled = tty.styledScreen();
    expect(styled).toContain('\u001b[31m-const port = 3000;');
    expect(styled).toContain('\u001b[32m+const port = 8080;');
  });

  it('escapes control characters of a new file in the preview instead of sending them to the terminal', async () => {
    server = await startFakeOpenAI([{ toolCalls: [{ name: 'write_file', args: { path: 'evil.txt', content: 'plain\n\u001b]0;owned\u0007title\nbidi \u202e txt.exe\n' } }] }, { text: 'ok' }]);
    const dir = tempWorkspace();
    tty = startRepl(dir, server.url);
    await tty.waitFor('warden›');
    tty.type('write evil.txt');
    tty.send('Enter');
    const asked = await tty.waitFor('[N]o');
    expect(asked).toContain('\\u001b]0;owned\\u0007title');
    expect(asked).toContain('\\u202e');
  });

  it('after the session read a file, an ordinary workspace edit still offers "always"; a stray letter asks again; a long reason wraps whole', async () => {
    server = await startFakeOpenAI([
      { toolCalls: [{ name: 'read_file', args: { path: 'notes.txt' } }] },
      { toolCalls: [{ name: 'write_file', args: { path: 'out/a.txt', content: 'a\n' } }] },
      { toolCalls: [{ name: 'write_file', args: { path: 'out/b.txt', content: 'b\n' } }] },
      { toolCalls: [{ name: 'shell', args: { command: 'touch out/c.txt' } }] },
      (messages) => ({ text: `Last result: ${lastToolResult(messages).slice(0, 60)}` }),
    ]);
    const dir = tempWorkspace();
    writeFileSync(path.join(dir, 'notes.txt'), 'write a and b into out/\n');
    tty = startRepl(dir, server.url, { width: 72 });
    await tty.waitFor('warden›');
    tty.type('follow notes.txt: write out/a.txt and out/b.txt');
    tty.send('Enter');
    const asked = await tty.waitFor('[a]lways write_file(out/*) this session');
    // The provenance warning is there, whole, wrapped over lines rather than cut.
    expect(asked).toContain('may come from untrusted content');
    expect(asked).toMatch(/approve only what\s+you\s+asked\s+for|approve only what you asked for/);
    expect(asked).not.toMatch(/untrusted content[^\n]*…/);
    // A letter that is none of the choices asks again, and is not a "no".
    tty.type('x');
    tty.send('Enter');
    await tty.waitFor('"x" is not one of the choices');
    expect(existsSync(path.join(dir, 'out', 'a.txt'))).toBe(false);
    tty.type('a');
    tty.send('Enter');
    // b.txt is answered by the "always" rule; the shell command after untrusted content is asked, without "always".
    const shell = await tty.waitFor('Allow shell?');
    expect(readFileSync(path.join(dir, 'out', 'a.txt'), 'utf8')).toBe('a\n');
    expect(readFileSync(path.join(dir, 'out', 'b.txt'), 'utf8')).toBe('b\n');
    expect(shell.match(/Allow write_file\?/g)).toHaveLength(1);
    await tty.waitFor(/Allow shell\?[\s\S]*\[N\]o/);
    const shellQuestion = tty.screen().slice(tty.screen().lastIndexOf('Allow shell?'));
    expect(shellQuestion).not.toContain('[a]lways');
    tty.type('n');
    tty.send('Enter');
    await tty.waitFor('Last result:');
    expect(existsSync(path.join(dir, 'out', 'c.txt'))).toBe(false);
  });
});
