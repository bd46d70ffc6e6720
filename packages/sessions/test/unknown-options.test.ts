import { ConfigError } from '@warden/protocol';
import { describe, expect, it } from 'vitest';
import {
  jsonlApprovalStore, jsonlSessionStore, openApprovalStore, openSessionStore, postgresApprovalStore, postgresSessionStore,
  redisApprovalStore, redisSessionStore, repairSession, sqliteApprovalStore, sqliteSessionStore,
} from '../src/index.js';

async function failure(build: () => unknown): Promise<ConfigError> {
  try {
    await build();
  } catch (error) {
    if (ConfigError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('the factory accepted an unknown option');
}

// A misspelt option is refused before any file, driver or connection is touched.
const cases: Array<[string, () => unknown, string]> = [
  ['jsonlSessionStore', () => jsonlSessionStore({ dir: 'x', fsnyc: 'never' } as never), 'fsync'],
  ['jsonlApprovalStore', () => jsonlApprovalStore({ dir: 'x', lockTimeoutMS: 5 } as never), 'lockTimeoutMs'],
  ['repairSession', () => repairSession('x.jsonl', { lockTimeout: 5 } as never), 'lockTimeoutMs'],
  ['sqliteSessionStore', () => sqliteSessionStore({ path: 'x', tablePrefx: 'w_' } as never), 'tablePrefix'],
  ['sqliteApprovalStore', () => sqliteApprovalStore({ path: 'x', busyTimeout: 5 } as never), 'busyTimeoutMs'],
  ['postgresSessionStore', () => postgresSessionStore({ connectionstring: 'postgres://h/db' } as never), 'connectionString'],
  ['postgresApprovalStore', () => postgresApprovalStore({ connectionString: 'postgres://h/db', maxConnection: 2 } as never), 'maxConnections'],
  ['redisSessionStore', () => redisSessionStore({ ttlSecond: 5 } as never), 'ttlSeconds'],
  ['redisApprovalStore', () => redisApprovalStore({ keyprefix: 'w:' } as never), 'keyPrefix'],
  ['openSessionStore', () => openSessionStore('jsonl:x', { fsnyc: 'never' } as never), 'fsync'],
  ['openApprovalStore', () => openApprovalStore('jsonl:x', { tablePrefx: 'w_' } as never), 'tablePrefix'],
];

describe('unknown options', () => {
  it.each(cases)('%s refuses a misspelt option with config.unknown_key and "did you mean"', async (factory, build, meant) => {
    const error = await failure(build);
    expect(error.code).toBe('config.unknown_key');
    expect(error.message).toContain(`${factory}: unknown option`);
    expect(error.hint).toBe(`did you mean "${meant}"?`);
  });

  it('options that are not an object are config.invalid', async () => {
    expect((await failure(() => jsonlSessionStore('dir' as never))).code).toBe('config.invalid');
  });
});
