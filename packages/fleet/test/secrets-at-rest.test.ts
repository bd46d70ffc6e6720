import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness } from '@warden/harness';
import type { RunEvent, SessionStoreV1 } from '@warden/protocol';
import { scriptedProvider } from '@warden/protocol/testing';
import { openSessionStore } from '@warden/sessions';
import { enqueue } from '../src/index.js';
import { POSTGRES_URL, REDIS_URL, tempDir, testQueue } from './helpers/services.js';

// Issue #45, end to end: a secret written through a tool call's arguments, the task and the session
// title reaches no store — JSONL file bytes, the SQLite file, PostgreSQL rows, Redis keys — nor the
// audit trail or a fleet job record, while a pending approval's exact arguments are present only
// sealed. Values are built at run time (no scanner-flagged literal in the repository).

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

const unique = Math.random().toString(36).slice(2, 8);
const SECRET = `ghp_${unique}${'Q7wE9r'.repeat(5)}`;
const TITLE_SECRET = `sk-ant-api03-${unique}${'Zx8Cv7'.repeat(4)}`;
const SEAL_KEY = `seal-${'Kx4Lm9Np'.repeat(5)}`;

async function collect(events: AsyncIterable<RunEvent>): Promise<RunEvent[]> {
  const out: RunEvent[] = [];
  for await (const event of events) out.push(event);
  return out;
}

function bytesUnder(dir: string): string {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => path.join(dir, name))
    .filter((file) => statSync(file).isFile())
    .map((file) => readFileSync(file).toString('latin1'))
    .join('\n');
}

/** Every value under a Redis key prefix, whatever its type. */
async function redisDump(prefix: string): Promise<string> {
  const redis = new Redis(REDIS_URL);
  try {
    const parts: string[] = [];
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      cursor = next;
      for (const key of keys) {
        const type = await redis.type(key);
        if (type === 'string') parts.push((await redis.get(key)) ?? '');
        else if (type === 'hash') parts.push(JSON.stringify(await redis.hgetall(key)));
        else if (type === 'list') parts.push(JSON.stringify(await redis.lrange(key, 0, -1)));
        else if (type === 'set') parts.push(JSON.stringify(await redis.smembers(key)));
        else if (type === 'zset') parts.push(JSON.stringify(await redis.zrange(key, 0, -1)));
        else if (type === 'stream') parts.push(JSON.stringify(await redis.xrange(key, '-', '+')));
      }
    } while (cursor !== '0');
    return parts.join('\n');
  } finally {
    redis.disconnect();
  }
}

/** Every row of every table with this prefix in PostgreSQL, as JSON text (read with psql, not through a store). */
function postgresDump(tablePrefix: string): string {
  const tables = execFileSync('psql', [POSTGRES_URL, '-At', '-c', `SELECT table_name FROM information_schema.tables WHERE table_name LIKE '${tablePrefix}%'`], { encoding: 'utf8' }).split('\n').filter(Boolean);
  expect(tables.length).toBeGreaterThan(0);
  return tables.map((t) => execFileSync('psql', [POSTGRES_URL, '-At', '-c', `SELECT row_to_json(x)::text FROM "${t}" x`], { encoding: 'utf8' })).join('\n');
}

async function runThrough(store: SessionStoreV1 & { close?(): Promise<void> }, workdir: string): Promise<string> {
  const args = { path: 'deploy.env', content: `GITHUB_TOKEN=${SECRET}\n` };
  const provider = scriptedProvider([{ toolCalls: [{ name: 'write_file', args }] }, 'parked']);
  const base = await createHarness({ workdir, provider, env: {}, sealKey: SEAL_KEY, approver: 'durable', sessions: store, approvals: `sqlite:${path.join(workdir, 'approvals.db')}` });
  // The title goes through the harness's store, as every record does.
  const { id } = await base.store.create({ title: `deploy with ${TITLE_SECRET}` });
  const harness = await base.with({ sessionId: id });
  try {
    const events = await collect(harness.agent.stream(`use token ${SECRET} to deploy`));
    expect(events.at(-1)).toMatchObject({ type: 'run_end', stopReason: 'approval' });
    // Read back through the harness: the pending call's exact arguments are there, opened from their seal.
    const loaded = await harness.store.load(id);
    const pending = loaded.records.find((r) => r.type === 'approval');
    expect(pending?.type === 'approval' && pending.request.call.args).toEqual(args);
  } finally {
    await harness.close();
    await base.close();
    await store.close?.();
  }
  return id;
}

describe('no store holds a known secret (issue #45, end to end)', () => {
  it('JSONL, SQLite, PostgreSQL and Redis session stores, the approvals store and the audit trail', async () => {
    const workdir = tempDir('warden-secrets-');
    const pgPrefix = `wsec_${unique}_`;
    const redisPrefix = `wsec-${unique}:`;
    cleanups.push(async () => {
      execFileSync('psql', [POSTGRES_URL, '-At', '-c', `DO $$ DECLARE t text; BEGIN FOR t IN SELECT table_name FROM information_schema.tables WHERE table_name LIKE '${pgPrefix}%' LOOP EXECUTE format('DROP TABLE IF EXISTS %I CASCADE', t); END LOOP; END $$;`]);
      const redis = new Redis(REDIS_URL);
      const keys = await redis.keys(`${redisPrefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
    });
    await runThrough(await openSessionStore(path.join(workdir, 'jsonl')), workdir);
    await runThrough(await openSessionStore(`sqlite:${path.join(workdir, 'sessions.db')}`), workdir);
    await runThrough(await openSessionStore(POSTGRES_URL, { tablePrefix: pgPrefix }), workdir);
    await runThrough(await openSessionStore(REDIS_URL, { keyPrefix: redisPrefix }), workdir);

    const disk = bytesUnder(workdir);
    const pg = postgresDump(pgPrefix);
    const redis = await redisDump(redisPrefix);
    expect(existsSync(path.join(workdir, '.warden', 'audit.jsonl'))).toBe(true);
    for (const [where, text] of [['files (JSONL, SQLite, approvals, audit)', disk], ['PostgreSQL', pg], ['Redis', redis]] as const) {
      expect(text.length, where).toBeGreaterThan(0);
      expect(text.includes(SECRET), `${where} holds the secret`).toBe(false);
      expect(text.includes(TITLE_SECRET), `${where} holds the title's secret`).toBe(false);
      expect(text.includes(SECRET.slice(4)), `${where} holds the secret's body`).toBe(false);
    }
    // The pending approval's arguments are there, sealed, in every store.
    expect(pg).toContain('$warden.sealed');
    expect(redis).toContain('$warden.sealed');
    expect(disk).toContain('$warden.sealed');
    expect(disk).toContain('[redacted:');
  }, 60_000);

  it('a fleet job record in Redis (BullMQ) holds no secret of its task', async () => {
    const q = testQueue(cleanups);
    const receipts = await enqueue([{ id: 'job-1', task: `deploy with token ${SECRET} now` }], q);
    expect(receipts[0]!.redacted).toBe(true);
    const dump = await redisDump(`${q.prefix}:`);
    expect(dump).toContain('job-1');
    expect(dump.includes(SECRET)).toBe(false);
  });
});
