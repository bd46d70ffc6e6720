import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '@warden/test-servers';
import { runCli, type RunOptions } from './helpers/run-cli.js';
import { fakeProvider, tempWorkspace } from './helpers/workspace.js';

let server: FakeOpenAI | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

// Root writes through permission bits: a root test runner meets the read-only folder as `nobody`.
const asOther: Pick<RunOptions, 'uid' | 'gid'> = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};

/** A workspace nobody may write: a file to read, mode 0555 (readable and searchable by every user). */
function readOnlyWorkspace(): string {
  const dir = tempWorkspace();
  writeFileSync(path.join(dir, 'notes.txt'), 'read me\n');
  chmodSync(path.join(dir, 'notes.txt'), 0o444);
  chmodSync(dir, 0o555);
  return dir;
}

/** A folder every user may write (for sessions or the audit trail kept elsewhere). */
function openFolder(): string {
  const dir = tempWorkspace();
  chmodSync(dir, 0o777);
  return dir;
}

const readScript = [{ toolCalls: [{ name: 'read_file', args: { path: 'notes.txt' } }] }, { text: 'it says read me' }];

describe('a workspace the run cannot write', () => {
  it('fails before any tool runs, naming the session store and --sessions (no "bug in warden")', async () => {
    server = await startFakeOpenAI(readScript);
    const dir = readOnlyWorkspace();
    const { args, env } = fakeProvider(server.url);
    const result = await runCli(['run', 'what does notes.txt say', '--workdir', dir, ...args], { env, ...asOther });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('cli.not_writable');
    expect(result.stderr).toContain(path.join(dir, '.warden', 'sessions'));
    expect(result.stderr).toContain('--sessions');
    expect(result.stderr).not.toContain('bug in warden');
    expect(result.stdout).not.toContain('done');
    expect(server.requests).toHaveLength(0);
  });

  it('with sessions stored elsewhere, it still fails before any tool runs, naming the audit trail', async () => {
    server = await startFakeOpenAI(readScript);
    const dir = readOnlyWorkspace();
    const { args, env } = fakeProvider(server.url);
    const result = await runCli(['run', 'what does notes.txt say', '--workdir', dir, '--sessions', openFolder(), ...args], { env, ...asOther });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('cli.not_writable');
    expect(result.stderr).toContain(path.join(dir, '.warden', 'audit.jsonl'));
    expect(result.stderr).toContain('audit');
    expect(result.stdout).not.toContain('✔ done');
    expect(server.requests).toHaveLength(0);
  });

  it('a file where the .warden folder should be is the same error (any user)', async () => {
    server = await startFakeOpenAI(readScript);
    const dir = tempWorkspace();
    writeFileSync(path.join(dir, '.warden'), 'not a folder');
    const { args, env } = fakeProvider(server.url);
    const result = await runCli(['run', 'read notes.txt', '--workdir', dir, ...args], { env });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('cli.not_writable');
    expect(server.requests).toHaveLength(0);
  });

  it('the same in another language: the message is translated, the code is not', async () => {
    server = await startFakeOpenAI(readScript);
    const dir = readOnlyWorkspace();
    const { args, env } = fakeProvider(server.url);
    const result = await runCli(['run', 'read notes.txt', '--workdir', dir, '--lang', 'es', ...args], { env, ...asOther });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('cli.not_writable');
    expect(result.stderr).toContain('no se ejecutó nada');
  });

  it('must-allow: a read-only checkout runs when sessions and the audit trail are kept elsewhere', async () => {
    server = await startFakeOpenAI(readScript);
    const dir = readOnlyWorkspace();
    const records = openFolder();
    const config = path.join(records, 'warden.config.json');
    writeFileSync(config, JSON.stringify({ audit: { file: path.join(records, 'audit.jsonl') } }));
    chmodSync(config, 0o644);
    const { args, env } = fakeProvider(server.url);
    const result = await runCli(['run', 'what does notes.txt say', '--workdir', dir, '--sessions', path.join(records, 'sessions'), '--config', config, ...args], { env, ...asOther });
    expect(result.stderr).not.toContain('cli.not_writable');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('it says read me');
  });

  it('must-allow: a fresh writable workspace with no .warden folder yet runs', async () => {
    server = await startFakeOpenAI(readScript);
    const dir = tempWorkspace();
    mkdirSync(path.join(dir, 'src'));
    writeFileSync(path.join(dir, 'notes.txt'), 'read me\n');
    const { args, env } = fakeProvider(server.url);
    const result = await runCli(['run', 'read notes.txt', '--workdir', dir, ...args], { env });
    expect(result.code).toBe(0);
  });
});
