import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { chromaUnavailable, startChromaServer } from '../src/index.js';

describe('startChromaServer', () => {
  it('runs a real Chroma server on loopback and removes it on close', async () => {
    // CI (linux x64, glibc 2.36) installs the pinned binding; anywhere else this says why not.
    expect(chromaUnavailable()).toBeUndefined();
    const server = await startChromaServer();
    const version = await fetch(`${server.url}/api/v2/version`).then((r) => r.json());
    expect(version).toMatch(/^1\.\d+\.\d+$/);
    const created = await fetch(`${server.url}/api/v2/tenants/default_tenant/databases/default_database/collections`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'probe', configuration: { hnsw: { space: 'cosine' } } }),
    }).then((r) => r.json() as Promise<{ name: string; configuration_json: { hnsw: { space: string } } }>);
    expect(created).toMatchObject({ name: 'probe', configuration_json: { hnsw: { space: 'cosine' } } });
    expect(existsSync(server.dataDir)).toBe(true);
    await server.close();
    expect(existsSync(server.dataDir)).toBe(false);
    await expect(fetch(`${server.url}/api/v2/heartbeat`)).rejects.toThrow();
  }, 60_000);
});
