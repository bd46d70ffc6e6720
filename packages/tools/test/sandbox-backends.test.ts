import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startFakeSandboxApis, startSshd, type FakeSandboxApis, type TestSshd } from '@warden/test-servers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSandboxBackends } from '../src/index.js';

// Every backend's state, honestly: a real sshd, and fakes of the Docker Engine socket, E2B's and
// Daytona's list calls (no engine can start containers on this machine kind; see the README).
let apis: FakeSandboxApis;
let sshd: TestSshd;
let dir: string;

beforeAll(async () => {
  [apis, sshd] = await Promise.all([startFakeSandboxApis(), startSshd()]);
  dir = mkdtempSync(path.join(tmpdir(), 'warden-backends-'));
}, 30_000);

afterAll(async () => {
  await apis?.close();
  await sshd?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const base = () => ({ workspace: dir, knownHostsFile: path.join(dir, 'known_hosts') });

describe('checkSandboxBackends', () => {
  it('says what is not configured, and what would configure it', async () => {
    const reports = await checkSandboxBackends({ ...base(), env: { PATH: process.env.PATH, DOCKER_HOST: '' } });
    const by = Object.fromEntries(reports.map((r) => [r.backend, r.check]));
    expect(Object.keys(by)).toEqual(['bwrap', 'ssh', 'docker', 'e2b', 'daytona']);
    expect(by.ssh).toMatchObject({ state: 'not_configured', detail: expect.stringContaining('WARDEN_SANDBOX_SSH') });
    expect(by.e2b).toEqual({ state: 'not_configured', detail: 'set E2B_API_KEY' });
    expect(by.daytona).toEqual({ state: 'not_configured', detail: 'set DAYTONA_API_KEY' });
  });

  it('reports every configured backend available when it answers', async () => {
    const env = {
      WARDEN_SANDBOX_SSH: `ssh://${sshd.user}@127.0.0.1:${sshd.port}`,
      WARDEN_SSH_KEY: sshd.identityFile,
      WARDEN_SSH_HOST_KEY: sshd.hostKey,
      DOCKER_HOST: `unix://${apis.engineSocket}`,
      E2B_API_KEY: apis.e2bKey,
      E2B_API_URL: apis.e2bUrl,
      DAYTONA_API_KEY: apis.daytonaKey,
      DAYTONA_API_URL: apis.daytonaUrl,
    };
    const reports = await checkSandboxBackends({ ...base(), env });
    const by = Object.fromEntries(reports.map((r) => [r.backend, r]));
    expect(by.ssh!.check).toMatchObject({ state: 'available', detail: expect.stringContaining('Linux') });
    expect(by.docker).toMatchObject({ target: apis.engineSocket, check: { state: 'available', detail: 'Engine 27.3.1 (API 1.47)' } });
    expect(by.e2b!.check).toEqual({ state: 'available', detail: 'E2B_API_KEY accepted' });
    expect(by.daytona!.check).toEqual({ state: 'available', detail: 'DAYTONA_API_KEY accepted' });
    expect(apis.seen).toEqual(expect.arrayContaining([{ method: 'GET', path: 'e2b:/sandboxes', auth: 'X-API-Key' }, { method: 'GET', path: 'daytona:/sandbox', auth: 'Authorization' }]));
  }, 120_000);

  it('reports a failing backend with its reason and code, never the key', async () => {
    const env = {
      WARDEN_SANDBOX_SSH: `ssh://${sshd.user}@127.0.0.1:${sshd.port}`,
      WARDEN_SSH_KEY: sshd.identityFile,
      WARDEN_SSH_HOST_KEY: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIKH9nR1Dq2UhJq8p7QkS0p0Jt1b1b1b1b1b1b1b1b1b1',
      DOCKER_HOST: `unix://${path.join(dir, 'no.sock')}`,
      E2B_API_KEY: 'e2b_wrong_secret_value',
      E2B_API_URL: apis.e2bUrl,
      DAYTONA_API_KEY: 'dtn_wrong_secret_value',
      DAYTONA_API_URL: 'http://127.0.0.1:1',
    };
    const reports = await checkSandboxBackends({ ...base(), env });
    const by = Object.fromEntries(reports.map((r) => [r.backend, r.check]));
    expect(by.ssh).toMatchObject({ state: 'failing', code: 'tool.sandbox_host_key_changed' });
    expect(by.docker).toMatchObject({ state: 'failing', code: 'tool.sandbox_unreachable', detail: expect.stringContaining('ENOENT') });
    expect(by.e2b).toEqual({ state: 'failing', code: 'tool.sandbox_unreachable', detail: 'E2B_API_KEY was refused (HTTP 401)' });
    expect(by.daytona).toMatchObject({ state: 'failing', code: 'tool.sandbox_unreachable' });
    expect(JSON.stringify(reports)).not.toMatch(/wrong_secret/);
  }, 120_000);

  it('checks one backend by name', async () => {
    const reports = await checkSandboxBackends({ ...base(), env: { DOCKER_HOST: `unix://${apis.engineSocket}` } }, 'docker');
    expect(reports.map((r) => r.backend)).toEqual(['docker']);
  });
});
