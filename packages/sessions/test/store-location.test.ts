import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeStoreTarget, parseStoreTarget, storeTargetIn } from '../src/location.js';

// The one reading of `--sessions` (issue 35): what the harness and the CLI used to parse themselves.
describe('storeTargetIn', () => {
  const base = path.resolve('/work/project');

  it('defaults to the JSONL store under the workspace and resolves relative paths against it', () => {
    expect(storeTargetIn(undefined, base)).toEqual({ kind: 'jsonl', dir: path.join(base, '.warden', 'sessions') });
    expect(storeTargetIn('', base)).toEqual({ kind: 'jsonl', dir: path.join(base, '.warden', 'sessions') });
    expect(storeTargetIn('store', base)).toEqual({ kind: 'jsonl', dir: path.join(base, 'store') });
    expect(storeTargetIn('file:./other', base)).toEqual({ kind: 'jsonl', dir: path.join(base, 'other') });
    expect(storeTargetIn('jsonl:///var/lib/warden', base)).toEqual({ kind: 'jsonl', dir: '/var/lib/warden' });
    expect(storeTargetIn('sqlite:s.db', base)).toEqual({ kind: 'sqlite', path: path.join(base, 's.db') });
    expect(storeTargetIn('sqlite::memory:', base)).toEqual({ kind: 'sqlite', path: ':memory:' });
  });

  it('reads every scheme the stores open (MySQL and S3 included), leaving URLs as they are', () => {
    expect(storeTargetIn('postgres://u:p@h/db', base)).toEqual({ kind: 'postgres', url: 'postgres://u:p@h/db' });
    expect(storeTargetIn('mariadb://u@h/db', base)).toEqual({ kind: 'mysql', url: 'mariadb://u@h/db' });
    expect(storeTargetIn('s3://bucket/runs?region=eu-west-1', base)).toEqual({ kind: 's3', bucket: 'bucket', prefix: 'runs/', region: 'eu-west-1' });
    expect(storeTargetIn('redis://h:6379/0?ttl=60', base)).toEqual({ kind: 'redis', url: 'redis://h:6379/0', ttlSeconds: 60 });
  });

  it('refuses an unknown scheme and an empty sqlite file with config.invalid', () => {
    expect(() => storeTargetIn('ftp://h/x', base)).toThrow(expect.objectContaining({ code: 'config.invalid' }));
    expect(() => storeTargetIn('sqlite:', base)).toThrow(expect.objectContaining({ code: 'config.invalid' }));
  });
});

describe('describeStoreTarget', () => {
  it('never shows a password', () => {
    const shown = describeStoreTarget(parseStoreTarget('postgres://admin:hunter2@db.example:5432/warden'));
    expect(shown).toBe('postgres://admin:***@db.example:5432/warden');
    expect(describeStoreTarget(parseStoreTarget('redis://:hunter2@cache:6379/0'))).not.toContain('hunter2');
  });

  it('names files, folders and buckets as they are', () => {
    expect(describeStoreTarget({ kind: 'jsonl', dir: '/a/b' })).toBe('/a/b');
    expect(describeStoreTarget({ kind: 'sqlite', path: '/a/s.db' })).toBe('sqlite:/a/s.db');
    expect(describeStoreTarget(parseStoreTarget('s3://bucket/runs/'))).toBe('s3://bucket/runs/');
  });
});
