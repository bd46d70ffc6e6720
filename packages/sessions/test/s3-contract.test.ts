import { startFakeS3, type FakeS3 } from '@warden/test-servers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSessionStore, parseStoreTarget } from '../src/open-store.js';
import { s3ApprovalStore } from '../src/s3-approval-store.js';
import { s3SessionStore } from '../src/s3-store.js';
import { approvalStoreContract, sessionStoreContract } from '../src/testing.js';
import { contractRecords as R } from '../src/contract-records.js';

// No S3-compatible server installs on this machine kind (MinIO, Ceph and Garage are not in Debian;
// only npm and Debian are reachable), so the store runs against @warden/test-servers' fake S3, which
// speaks S3's REST and XML, checks SigV4's credential scope and does conditional writes atomically.
// The client is the real @aws-sdk/client-s3.
let s3: FakeS3;
beforeAll(async () => {
  s3 = await startFakeS3({ buckets: ['warden-test'] });
});
afterAll(() => s3?.close());

let n = 0;
const options = () => ({
  bucket: 'warden-test',
  prefix: `run-${++n}/`,
  endpoint: s3.url,
  region: s3.region,
  credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: 'fake-secret-key-for-tests' },
});

// One prefix per store instance, as each contract test gets a fresh store.
sessionStoreContract(() => s3SessionStore(options()), { name: 's3' });
approvalStoreContract(() => s3ApprovalStore(options()), { name: 's3' });

describe('the S3 store on conditional writes', () => {
  it('two stores on one prefix race from one version: exactly one write commits, the loser sees the conflict', async () => {
    const shared = options();
    const a = s3SessionStore(shared);
    const b = s3SessionStore(shared);
    try {
      const { id } = await a.create({});
      const before = s3.preconditionFailures;
      const outcomes = await Promise.allSettled([a.append(id, [R.user('from a')], { expectedVersion: 1 }), b.append(id, [R.user('from b')], { expectedVersion: 1 })]);
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      const lost = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
      expect((lost.reason as { code: string }).code).toBe('session.version_conflict');
      expect(s3.preconditionFailures).toBeGreaterThan(before);
      expect((await b.load(id)).version).toBe(2);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('a listing left behind by a crash (index not advanced) is rebuilt from the versions on the next append', async () => {
    const shared = options();
    const store = s3SessionStore(shared);
    try {
      const { id } = await store.create({ title: 'crashy' });
      await store.append(id, [R.user('one'), R.cost(0.5)], { expectedVersion: 1 });
      // A writer that died after its commit and before the index: version 3 exists, the index says 2.
      const objects = s3.objects('warden-test');
      objects.set(`${shared.prefix}sessions/${id}/v/0000000003.json`, { body: Buffer.from(JSON.stringify({ version: 3, at: new Date().toISOString(), records: [R.user('two')] })), etag: '"x"', lastModified: new Date(), contentType: 'application/json' });
      expect((await store.list())[0]).toMatchObject({ id, version: 2 });
      await store.append(id, [R.user('three')], { expectedVersion: 3 });
      expect((await store.list())[0]).toMatchObject({ id, version: 4, messageCount: 3, costUsd: 0.5, title: 'crashy' });
    } finally {
      await store.close();
    }
  });

  it('reads s3:// locations, and refuses credentials in them', async () => {
    expect(parseStoreTarget('s3://my-bucket/team/warden?region=eu-west-1&endpoint=http://127.0.0.1:9000')).toEqual({
      kind: 's3',
      bucket: 'my-bucket',
      prefix: 'team/warden/',
      region: 'eu-west-1',
      endpoint: 'http://127.0.0.1:9000',
    });
    expect(parseStoreTarget('s3://my-bucket')).toMatchObject({ prefix: 'warden/' });
    expect(() => parseStoreTarget('s3://AKIA:secret@my-bucket/x')).toThrow(/never in the location/);
    expect(() => parseStoreTarget('s3://my-bucket/x?acl=public')).toThrow(/unknown parameter "acl"/);
    const env = { AWS_ACCESS_KEY_ID: process.env.AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY: process.env.AWS_SECRET_ACCESS_KEY };
    process.env.AWS_ACCESS_KEY_ID = s3.accessKeyId;
    process.env.AWS_SECRET_ACCESS_KEY = 'fake-secret-key-for-tests';
    try {
      const store = await openSessionStore(`s3://warden-test/opened/?region=${s3.region}&endpoint=${encodeURIComponent(s3.url)}`);
      const { id } = await store.create({ title: 'by location' });
      expect((await store.load(id)).records[0]).toMatchObject({ title: 'by location' });
      await store.close();
    } finally {
      for (const [k, v] of Object.entries(env)) if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  });

  it('a wrong access key is a session.io error that names the operation, not a silent empty store', async () => {
    const store = s3SessionStore({ ...options(), credentials: { accessKeyId: 'AKIAWRONGKEY00000000', secretAccessKey: 'x'.repeat(40) } });
    try {
      const error = (await store.list().catch((e: unknown) => e)) as { code?: string; message?: string };
      expect(error.code).toBe('session.io');
      expect(error.message).toContain('list sessions');
    } finally {
      await store.close();
    }
  });
});
