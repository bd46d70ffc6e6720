import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSandboxes, sandboxedShell, tcpListener, type Listener, type SandboxedShell } from './helpers/sandbox.js';
import { tempDir, writeTree } from './helpers/workspace.js';

// Inline interpreter code is what a command analyzer cannot decide. Inside
// the sandbox it runs, does ordinary work, and the kernel bounds it: every
// escape below is tried from python3 -c and node -e.

const temp = tempDir('warden-sbx-interp-');
const WS = path.join(temp.dir, 'ws');
const HOME = path.join(temp.dir, 'home');
const OUTSIDE = path.join(temp.dir, 'outside.txt');
let listener: Listener;
let sb: SandboxedShell;

beforeAll(async () => {
  writeTree(temp.dir, { 'ws/in.txt': 'input\n', 'ws/.env': 'KEY=interp-secret-1\n', 'home/.netrc': 'machine x password interp-secret-2\n', 'outside.txt': 'untouched\n' });
  listener = await tcpListener();
  sb = sandboxedShell(WS, { mode: 'on', home: HOME }, { PATH: '/usr/local/bin:/usr/bin:/bin', HOME });
});

afterAll(async () => {
  closeSandboxes();
  await listener.close();
  temp.cleanup();
});

const py = (code: string) => `python3 -c "${code.replaceAll('"', '\\"')}"`;
const js = (code: string) => `node -e "${code.replaceAll('"', '\\"')}"`;

describe('interpreter code runs inside the sandbox', () => {
  it.each([
    ['python3', py("import pathlib; p = pathlib.Path('in.txt'); pathlib.Path('out-py.txt').write_text(p.read_text().upper()); print('ok')")],
    ['node', js("const fs = require('fs'); fs.writeFileSync('out-js.txt', fs.readFileSync('in.txt', 'utf8').toUpperCase()); console.log('ok')")],
  ])('%s does ordinary work in the workspace', async (label, command) => {
    const result = await sb.run(command);
    expect(result.text).toBe('ok\n[exit code 0]');
    expect(readFileSync(path.join(WS, label === 'node' ? 'out-js.txt' : 'out-py.txt'), 'utf8')).toBe('INPUT\n');
  });
});

describe('interpreter code cannot escape', () => {
  const escapes: Array<[string, () => string]> = [
    ['python3 writes outside', () => py(`open('${OUTSIDE}', 'w').write('pwned')`)],
    ['node writes outside', () => js(`require('fs').writeFileSync('${OUTSIDE}', 'pwned')`)],
    ['python3 reads .env', () => py("print(open('.env').read())")],
    ['node reads the hidden home', () => js(`console.log(require('fs').readFileSync('${HOME}/.netrc', 'utf8'))`)],
    ['python3 walks to the home through /proc/1/root', () => py(`print(open('/proc/1/root${HOME}/.netrc').read())`)],
    ['python3 connects out', () => py(`import socket; s = socket.create_connection(('127.0.0.1', ${listener.port}), 3); s.sendall(b'GET /py-escape HTTP/1.0\\r\\n\\r\\n')`)],
    ['node connects out', () => js(`require('http').get('http://127.0.0.1:${listener.port}/js-escape').on('error', (e) => { console.error(e.code); process.exit(1) })`)],
    ['python3 calls unshare(2) through ctypes', () => py("import ctypes, os; libc = ctypes.CDLL(None, use_errno=True); r = libc.unshare(0x10000000 | 0x00020000); print('unshare', r, os.strerror(ctypes.get_errno())); libc.umount2(b'/etc', 2); open('/etc/warden-escape', 'w')")],
    ['python3 calls mount(2) through ctypes', () => py(`import ctypes; libc = ctypes.CDLL(None, use_errno=True); print(libc.mount(b'none', b'${HOME}', b'tmpfs', 0, None)); print(libc.umount2(b'${HOME}', 2)); print(open('${HOME}/.netrc').read())`)],
    ['node spawns a shell that detaches and writes later', () => js(`require('child_process').spawn('sh', ['-c', 'sleep 1; echo pwned > ${OUTSIDE}'], { detached: true, stdio: 'ignore' }).unref()`)],
    ['python3 uses chroot', () => py("import os; os.chroot('/tmp'); print(open('/etc/hostname').read())")],
  ];

  it.each(escapes)('%s', async (_label, command) => {
    const result = await sb.run(command());
    expect(result.text).not.toMatch(/interp-secret-\d/);
    expect(readFileSync(OUTSIDE, 'utf8')).toBe('untouched\n');
    expect(existsSync('/etc/warden-escape')).toBe(false);
    expect(listener.connections).toBe(0);
  });

  it('nothing arrived late either', async () => {
    await new Promise((r) => setTimeout(r, 1500));
    expect(readFileSync(OUTSIDE, 'utf8')).toBe('untouched\n');
    expect(listener.received).toBe('');
  });
});
