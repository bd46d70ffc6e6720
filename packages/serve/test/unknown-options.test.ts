import { ConfigError } from '@warden/protocol';
import { scriptedProvider } from '@warden/protocol/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '@warden/harness';
import { createA2AServer, createMcpServer, type WardenA2aServer, type WardenMcpServer } from '../src/index.js';
import { tempWorkspace } from './helpers/workspace.js';

async function failure(build: () => unknown): Promise<ConfigError> {
  try {
    await build();
  } catch (error) {
    if (ConfigError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('the factory accepted an unknown option');
}

let harness: Harness;
let mcp: WardenMcpServer;
let a2a: WardenA2aServer;
beforeAll(async () => {
  harness = await createHarness({ workdir: tempWorkspace(), provider: scriptedProvider(['ok']), env: {}, approver: 'none', audit: false });
  const agents = [{ name: 'coder', description: 'Edits the workspace.', harness }];
  mcp = await createMcpServer({ agents });
  a2a = await createA2AServer({ agents });
});
afterAll(async () => {
  await mcp.close();
  await a2a.close();
  await harness.close();
});

// A misspelt option is refused before anything starts (no server listens, no file is written).
const cases: Array<[string, () => unknown, string]> = [
  ['createMcpServer', () => createMcpServer({ agents: [{ name: 'a', description: 'd', harness }], maxConcurrentRun: 2 } as never), 'maxConcurrentRuns'],
  ['createMcpServer agents[0]', () => createMcpServer({ agents: [{ name: 'a', description: 'd', harness, trusted: 'user' }] } as never), 'trust'],
  ['mcpServer.listen', () => mcp.listen({ port: 0, keys: ['server-key-0123456789abcdef'], allowedHost: ['x'] } as never), 'allowedHosts'],
  ['mcpServer.serveStdio', () => mcp.serveStdio({ stdn: process.stdin } as never), 'stdin'],
  ['createA2AServer', () => createA2AServer({ agents: [{ name: 'a', description: 'd', harness }], verison: '1' } as never), 'version'],
  ['createA2AServer agents[0]', () => createA2AServer({ agents: [{ name: 'a', description: 'd', harness, key: ['k'] }] } as never), 'keys'],
  ['a2aServer.listen', () => a2a.listen({ port: 0, keys: ['server-key-0123456789abcdef'], publicURL: 'https://a.test' } as never), 'publicUrl'],
];

describe('unknown options', () => {
  it.each(cases)('%s refuses a misspelt option with config.unknown_key and "did you mean"', async (factory, build, meant) => {
    const error = await failure(build);
    expect(error.code).toBe('config.unknown_key');
    expect(error.message).toContain(`${factory}: unknown option`);
    expect(error.hint).toBe(`did you mean "${meant}"?`);
  });
});
