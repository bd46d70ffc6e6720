import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as mod from '../src/index.js';
import * as location from '../src/location.js';
import * as testing from '../src/testing.js';

describe('public surface', () => {
  it('pins the export names of @warden/sessions', () => {
    expect(Object.keys(mod).sort()).toEqual([
      'FRAME_FORMAT_VERSION',
      'REDIS_PERSISTENCE',
      'SESSION_ERROR_CODES',
      'STORE_CHECK_PROBLEMS',
      'STORE_CHECK_STEPS',
      'STORE_DRIVERS',
      'appendWithRebase',
      'checkSessionStore',
      'jsonlApprovalStore',
      'jsonlSessionStore',
      'latestSession',
      'loadDriver',
      'mysqlApprovalStore',
      'mysqlMigrations',
      'mysqlSessionStore',
      'nodeJsonlIo',
      'openApprovalStore',
      'openSessionStore',
      'parseStoreTarget',
      'postgresApprovalStore',
      'postgresMigrations',
      'postgresSessionStore',
      'redisApprovalStore',
      'redisPersistenceOf',
      'redisSessionStore',
      'repairRecords',
      'repairSession',
      's3ApprovalStore',
      's3SessionStore',
      'sqliteApprovalStore',
      'sqliteSessionStore',
    ]);
  });

  it('pins the export names of @warden/sessions/testing', () => {
    expect(Object.keys(testing).sort()).toEqual(['approvalStoreContract', 'contractRecords', 'sessionStoreContract']);
  });

  it('pins the export names of @warden/sessions/location', () => {
    expect(Object.keys(location).sort()).toEqual(['describeStoreTarget', 'parseStoreTarget', 'storeTargetIn']);
  });

  it('pins the package name and exports map', () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { name: string; exports: Record<string, unknown> };
    expect(pkg.name).toBe('@warden/sessions');
    expect(Object.keys(pkg.exports)).toEqual(['.', './testing', './location', './package.json']);
  });
});
