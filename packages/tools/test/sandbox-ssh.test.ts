import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startSshd, type TestSshd } from '@warden/test-servers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSshSandbox, createWorkspaceTools, type SshSandbox } from '../src/index.js';
import { byName, runTool, toolContext } from './helpers/workspace.js';

// A real OpenSSH server on a free high port (Debian's openssh-server; .ci/run installs it), logged
// into with a key made for the test and its host key pinned. The "remote" folder lives on this
// machine, so the test can look at both sides.
let sshd: TestSshd;
let base: string;
const made: SshSandbox[] = [];

beforeAll(async () => {
  sshd = await startSshd();
  base = realpathSync(mkdtempSync(path.join(tmpdir(), 'warden-ssh-test-')));
}, 30_000);

afterAll(async () => {
  for (const sandbox of made) await sandbox.destroy().catch(() => undefined);
  await sshd?.stop();
  rmSync(base, { recursive: true, force: true });
});

function workspace(name: string, files: Record<string, string>): string {
  const root = path.join(base, name);
  mkdirSync(root, { recursive: true });
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  }
  return root;
}

function sandboxFor(root: string, extra: Partial<Parameters<typeof createSshSandbox>[0]> = {}): SshSandbox {
  const sandbox = createSshSandbox({
    workspace: root,
    host: sshd.host,
    port: sshd.port,
    user: sshd.user,
    identityFile: sshd.identityFile,
    knownHostsFile: path.join(base, `${path.basename(root)}.known_hosts`),
    remoteRoot: path.join(base, 'remote'),
    ...extra,
  });
  made.push(sandbox);
  return sandbox;
}

describe('the SSH sandbox', () => {
  it('runs the shell tool on the host and copies what it changed back', async () => {
    const root = workspace('shell', { 'src/a.txt': 'one\n', 'old.txt': 'bye\n' });
    const sandbox = sandboxFor(root);
    const { tools } = createWorkspaceTools({ root, allowShell: true, shell: { sandbox, env: { PATH: '/usr/bin:/bin', GREETING: 'hi' }, timeoutMs: 30_000 } });
    const shell = byName(tools, 'shell');
    const { text, isError } = await runTool(shell, { command: 'pwd; echo "$GREETING $WARDEN_SANDBOX"; cat src/a.txt; echo two >> src/a.txt; mkdir -p out && echo made > out/b.txt; rm old.txt' }, toolContext());
    expect(isError).toBe(false);
    expect(text).toContain(path.join(base, 'remote', sandbox.id));
    expect(text).toContain('hi ssh');
    expect(readFileSync(path.join(root, 'src/a.txt'), 'utf8')).toBe('one\ntwo\n');
    expect(readFileSync(path.join(root, 'out/b.txt'), 'utf8')).toBe('made\n');
    expect(existsSync(path.join(root, 'old.txt'))).toBe(false);
  });

  it('never sends .env or .warden, and never writes protected paths or escaping symlinks back', async () => {
    const root = workspace('jail', { '.env': 'SECRET=1\n', '.warden/state': 'x', '.git/hooks/pre-commit': '#!/bin/sh\n', 'ok.txt': 'ok\n' });
    const sandbox = sandboxFor(root);
    const result = await sandbox.run('ls -A; echo evil > .git/hooks/pre-commit; mkdir -p .warden && echo planted > .warden/policy; echo KEY=2 > .env.local; ln -s /etc/passwd leak; echo fine > ok.txt');
    expect(result.exitCode).toBe(0);
    expect(result.output).not.toMatch(/^\.env$/m);
    expect(result.output).not.toMatch(/^\.warden$/m);
    expect(readFileSync(path.join(root, '.git/hooks/pre-commit'), 'utf8')).toBe('#!/bin/sh\n');
    expect(readFileSync(path.join(root, '.warden/state'), 'utf8')).toBe('x');
    expect(existsSync(path.join(root, '.warden/policy'))).toBe(false);
    expect(existsSync(path.join(root, '.env.local'))).toBe(false);
    expect(lstatSync(path.join(root, 'leak'), { throwIfNoEntry: false })).toBeUndefined();
    expect(readFileSync(path.join(root, 'ok.txt'), 'utf8')).toBe('fine\n');
  });

  it('reports the refused copies to the model through the shell tool', async () => {
    const root = workspace('report', { '.git/hooks/pre-commit': '#!/bin/sh\n' });
    const sandbox = sandboxFor(root);
    const { tools } = createWorkspaceTools({ root, allowShell: true, shell: { sandbox, env: { PATH: '/usr/bin:/bin' } } });
    const { text } = await runTool(byName(tools, 'shell'), { command: 'echo evil > .git/hooks/pre-commit' }, toolContext());
    expect(text).toMatch(/changed \.git\/hooks\/pre-commit; not copied back \(a read-only path\)/);
  });

  it('reads and writes files, exposes a port, and is kept or destroyed', async () => {
    const root = workspace('files', {});
    const sandbox = sandboxFor(root);
    await sandbox.writeFile('notes/x.txt', 'written\n');
    expect(Buffer.from(await sandbox.readFile('notes/x.txt')).toString()).toBe('written\n');
    expect(readFileSync(path.join(root, 'notes/x.txt'), 'utf8')).toBe('written\n');
    await expect(sandbox.readFile('../escape')).rejects.toMatchObject({ code: 'tool.path_outside_workspace' });

    // A server inside answers through the forwarded port.
    // It serves one request, then ends: no clock decides when (each SSH login is slow on a loaded machine).
    const server = sandbox.run(`exec node -e "const srv=require('http').createServer((q,s)=>s.end('from the sandbox',()=>srv.close())); srv.listen(0,'127.0.0.1',()=>require('fs').writeFileSync('port',String(srv.address().port)))"`);
    let port = '';
    for (let i = 0; i < 2000 && port === ''; i++) {
      port = await sandbox.readFile('port').then((b) => Buffer.from(b).toString(), () => '');
      if (port === '') await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const { url } = await sandbox.exposePort(Number(port));
    const body = await new Promise<string>((resolve, reject) => {
      request(url, (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve(text));
      })
        .on('error', reject)
        .end();
    });
    expect(body).toBe('from the sandbox');
    await server;

    const handle = await sandbox.keep();
    expect(handle).toEqual({ kind: 'ssh', id: sandbox.id, spec: `ssh://${sshd.user}@127.0.0.1:${sshd.port}${path.join(base, 'remote')}` });
    await sandbox.close();
    expect(existsSync(sandbox.remoteDir)).toBe(true); // kept
    const again = sandboxFor(root, { id: handle.id });
    expect(Buffer.from(await again.readFile('notes/x.txt')).toString()).toBe('written\n');
    await again.destroy();
    expect(existsSync(sandbox.remoteDir)).toBe(false);
  }, 180_000);

  it('pins the host key: a changed key is refused with tool.sandbox_host_key_changed', async () => {
    const root = workspace('pinned', { 'a.txt': 'a\n' });
    const knownHostsFile = path.join(base, 'pinned.known_hosts');
    const first = sandboxFor(root, { knownHostsFile });
    expect((await first.run('cat a.txt')).output).toBe('a\n'); // first contact pins the key
    expect(readFileSync(knownHostsFile, 'utf8')).toContain(sshd.hostKey.split(' ')[1]);
    await sshd.rekey();
    const second = sandboxFor(root, { knownHostsFile });
    await expect(second.run('true')).rejects.toMatchObject({ code: 'tool.sandbox_host_key_changed', message: expect.stringContaining('did not present its pinned key') });
    expect(await second.status()).toMatchObject({ available: false, reason: expect.stringContaining('pinned key') });
    // With the key given explicitly, only that key is accepted, even on first contact.
    const given = sandboxFor(root, { knownHostsFile: path.join(base, 'given.known_hosts'), hostKey: sshd.hostKey });
    expect(await given.status()).toMatchObject({ available: true, backend: 'ssh', network: 'remote' });
  }, 120_000);
});
