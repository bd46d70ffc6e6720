import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkspaceTools, mcpTools } from '../src/index.js';
import { OutputBuffer } from '../src/output-buffer.js';
import { byName, runTool, tempDir, writeTree } from './helpers/workspace.js';

// The caller's redactor (in production governance's `createRedactor().redact`): two real formats,
// a GitHub token and a private key block (also when cut before its END line).
const TOKEN = `ghp_${'Zq7Xw3Lm9Np2Rt5Vb8Kc4Hd6Jf1Gs0Ya2UeQ'}`;
const PEM = ['-----BEGIN RSA PRIVATE KEY-----', ...Array.from({ length: 8 }, (_, i) => `MIIEpAIBAAKCAQEA${String(i).repeat(48)}`), '-----END RSA PRIVATE KEY-----'].join('\n');
const redact = (text: string): string =>
  text.replace(/ghp_[A-Za-z0-9]{36}/g, '[redacted:github-token]').replace(/-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)/g, '[redacted:private-key]');

/** Every 8-character piece of the secret that survives in the output. */
function leaks(output: string, secret: string): string[] {
  const found: string[] = [];
  for (let i = 0; i + 8 <= secret.length; i++) {
    const piece = secret.slice(i, i + 8);
    if (/^[A-Z -]+$/.test(piece)) continue; // the words of a PEM header are not secret
    if (output.includes(piece)) found.push(piece);
  }
  return found;
}

const temp = tempDir('warden-redact-cut-');
const R = temp.dir;

afterAll(() => temp.cleanup());

describe('grep: the 300-character line cap cuts redacted text', () => {
  const offsets = [250, 270, 280, 290, 295, 299, 300, 301, 310];
  beforeAll(() => {
    for (const at of offsets) writeTree(R, { [`grep/at-${at}.txt`]: `${'a'.repeat(at)}${TOKEN} tail marker\n` });
  });

  it.each(offsets)('a token starting at character %i of a matching line', async (at) => {
    const { tools } = createWorkspaceTools({ root: R, redact });
    const out = (await runTool(byName(tools, 'grep'), { pattern: 'tail marker', path: `grep/at-${at}.txt` })).text;
    expect(leaks(out, TOKEN)).toEqual([]);
    // Without the redactor the cut leaves a piece no format matches any more: this is the bug.
    const raw = (await runTool(byName(createWorkspaceTools({ root: R }).tools, 'grep'), { pattern: 'tail marker', path: `grep/at-${at}.txt` })).text;
    if (at > 300 - TOKEN.length && at < 300 - 8) expect(leaks(redact(raw), TOKEN).length).toBeGreaterThan(0);
  });

  it('keeps short lines whole and shows the marker', async () => {
    writeTree(R, { 'grep/short.txt': `token=${TOKEN}\nplain line\n` });
    const { tools } = createWorkspaceTools({ root: R, redact });
    expect((await runTool(byName(tools, 'grep'), { pattern: 'token|plain', path: 'grep/short.txt' })).text).toBe('grep/short.txt:1: token=[redacted:github-token]\ngrep/short.txt:2: plain line');
  });
});

describe('read_file: the byte cap cuts redacted text', () => {
  const cap = 200;
  const offsets = [150, 170, 180, 190, 195, 199, 200, 201, 210];

  it.each(offsets)('a token at byte %i of one long line, and of a line among short ones', async (at) => {
    writeTree(R, {
      'read/long.txt': `${'b'.repeat(at)}${TOKEN}${'c'.repeat(300)}\n`,
      'read/lines.txt': `${'x'.repeat(at - 1)}\n${TOKEN} ${'y'.repeat(40)}\nlast\n`,
    });
    const { tools } = createWorkspaceTools({ root: R, redact, maxReadBytes: cap });
    const read = byName(tools, 'read_file');
    for (const file of ['read/long.txt', 'read/lines.txt']) {
      const first = (await runTool(read, { path: file })).text;
      expect(leaks(first, TOKEN)).toEqual([]);
      const next = /startLine: (\d+)/.exec(first)?.[1];
      if (next !== undefined) expect(leaks((await runTool(read, { path: file, startLine: Number(next) })).text, TOKEN)).toEqual([]);
    }
  });

  it('a private key block cut by the cap is still recognised', async () => {
    writeTree(R, { 'read/key.pem': `config:\n${PEM}\nafter\n` });
    const { tools } = createWorkspaceTools({ root: R, redact, maxReadBytes: cap });
    const out = (await runTool(byName(tools, 'read_file'), { path: 'read/key.pem' })).text;
    expect(out).toContain('[redacted:private-key]');
    expect(out).not.toContain('MIIEpAIBAAKCAQEA');
    expect(out).toMatch(/Call read_file with startLine: \d+ to continue/);
  });

  it('leaves a file under the cap as it is, apart from its secrets', async () => {
    writeTree(R, { 'read/small.txt': `a\nTOKEN=${TOKEN}\nb\n` });
    const { tools } = createWorkspaceTools({ root: R, redact, maxReadBytes: cap });
    expect((await runTool(byName(tools, 'read_file'), { path: 'read/small.txt' })).text).toBe('a\nTOKEN=[redacted:github-token]\nb');
  });
});

describe('shell: the head/tail buffer cuts redacted text', () => {
  const max = 2000;
  const half = max / 2;
  const body = 6000;
  const cases: Array<[string, number]> = [
    ['straddling the head cut', half - 20],
    ['just before the head cut', half - 40],
    ['just after the head cut', half + 1],
    ['straddling the tail cut', body - half - 20],
    ['just inside the tail', body - half + 2],
    ['in the dropped middle', body / 2],
  ];

  it.each(cases)('a token %s', async (_label, at) => {
    const text = `${'s'.repeat(at)}${TOKEN}`.padEnd(body, 't');
    writeFileSync(path.join(R, 'shell-out.txt'), text);
    const { tools } = createWorkspaceTools({ root: R, allowShell: true, redact, shell: { maxOutputBytes: max } });
    const out = (await runTool(byName(tools, 'shell'), { command: 'cat shell-out.txt' })).text;
    expect(leaks(out, TOKEN)).toEqual([]);
    expect(out).toMatch(/bytes of output truncated \(6000 bytes in all\)/);
    expect(out.startsWith('sss')).toBe(true);
  });

  it('a token split across many small chunks at every position of the cut', () => {
    for (let at = 0; at < 60; at += 3) {
      const buffer = new OutputBuffer(200, redact);
      const text = `${'p'.repeat(100 - at)}${TOKEN}${'q'.repeat(40_000)}${TOKEN}${'r'.repeat(60 + at)}`;
      for (let i = 0; i < text.length; i += 7) buffer.push(Buffer.from(text.slice(i, i + 7)));
      const out = buffer.text();
      expect(leaks(out, TOKEN)).toEqual([]);
      expect(out).toMatch(/^p+/);
      expect(out).toMatch(/r+$/);
    }
  });

  it('redacts output that fits without cutting it', () => {
    const buffer = new OutputBuffer(2000, redact);
    buffer.push(Buffer.from(`one ${TOKEN.slice(0, 10)}`));
    buffer.push(Buffer.from(`${TOKEN.slice(10)} two`));
    expect(buffer.text()).toBe('one [redacted:github-token] two');
  });
});

describe('MCP stderr: redacted line by line', () => {
  it('redacts a token the pipe split in two, and failure messages', async () => {
    const lines: string[] = [];
    // A "server" that writes a token in two halves, with a pause, then exits (so it fails to connect).
    const script = `process.stderr.write('starting with ${TOKEN.slice(0, 15)}'); setTimeout(() => { process.stderr.write('${TOKEN.slice(15)} ok\\n'); process.exit(2); }, 100);`;
    const set = await mcpTools({
      servers: { leaky: { command: process.execPath, args: ['-e', script] }, missing: { command: path.join(R, `no-such-binary-${TOKEN}`) } },
      connectTimeoutMs: 10_000,
      onStderr: (_server, chunk) => lines.push(chunk),
      redact,
    });
    await set.close();
    expect(lines.join('')).toContain('starting with [redacted:github-token] ok');
    expect(leaks(lines.join(''), TOKEN)).toEqual([]);
    expect(set.failures.map((f) => f.server).sort()).toEqual(['leaky', 'missing']);
    for (const failure of set.failures) expect(leaks(failure.message, TOKEN)).toEqual([]);
  });
});
