import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeStore, parseStoreLocation } from './session-store-url.js';

describe('--sessions locations', () => {
  it.each([
    [undefined, { kind: 'jsonl', dir: path.join('/ws', '.warden', 'sessions') }],
    ['store', { kind: 'jsonl', dir: path.join('/ws', 'store') }],
    ['/abs/dir', { kind: 'jsonl', dir: '/abs/dir' }],
    ['sqlite:db.sqlite', { kind: 'sqlite', path: path.join('/ws', 'db.sqlite') }],
    ['sqlite:///tmp/x.db', { kind: 'sqlite', path: '/tmp/x.db' }],
    ['postgres://u:p@localhost/db', { kind: 'postgres', url: 'postgres://u:p@localhost/db' }],
    ['postgresql://localhost/db', { kind: 'postgres', url: 'postgresql://localhost/db' }],
    ['redis://localhost:6379', { kind: 'redis', url: 'redis://localhost:6379' }],
    ['mysql://u@localhost/db', { kind: 'mysql', url: 'mysql://u@localhost/db' }],
    ['s3://bucket/runs/', { kind: 's3', bucket: 'bucket', prefix: 'runs/' }],
  ])('%s', (spec, expected) => {
    expect(parseStoreLocation(spec, '/ws')).toEqual(expected);
  });

  it('refuses an unknown scheme and never prints a password', () => {
    expect(() => parseStoreLocation('mongodb://x', '/ws')).toThrow(expect.objectContaining({ code: 'config.invalid' }));
    expect(describeStore({ kind: 'postgres', url: 'postgres://user:hunter2@db/x' })).not.toContain('hunter2');
  });
});
