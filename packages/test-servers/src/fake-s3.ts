// A faithful-enough S3 for store tests, where no S3-compatible server installs (MinIO, Ceph and
// Garage are not in Debian, and only npm and Debian are reachable): path-style buckets, PutObject
// with the conditional writes S3 added in 2024 (`If-None-Match: *` → 412 when the key exists,
// `If-Match: <etag>` → 412 on another ETag, 404 when the key is gone), GetObject/HeadObject with
// ETags, DeleteObject, ListObjectsV2 with prefixes and continuation tokens, S3's XML errors, and
// a SigV4 Authorization check of the access key id and the credential scope (region, `s3`).
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeS3Options {
  /** Buckets that exist (default `['warden-test']`). */
  buckets?: string[];
  accessKeyId?: string;
  region?: string;
}

export interface FakeS3Object {
  body: Buffer;
  etag: string;
  lastModified: Date;
  contentType: string;
}

export interface FakeS3 {
  /** `http://127.0.0.1:<port>`, the endpoint to hand the client (path-style). */
  url: string;
  accessKeyId: string;
  region: string;
  /** What each bucket holds now, by key. */
  objects(bucket: string): Map<string, FakeS3Object>;
  /** Requests seen, by S3 operation (`PutObject`, `GetObject`, `ListObjectsV2`, …). */
  calls: Map<string, number>;
  /** Conditional writes refused with 412. */
  preconditionFailures: number;
  close(): Promise<void>;
}

const xmlEscape = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function s3Error(res: ServerResponse, status: number, code: string, message: string, resource: string): void {
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${xmlEscape(message)}</Message><Resource>${xmlEscape(resource)}</Resource><RequestId>fake-s3</RequestId></Error>`;
  res.writeHead(status, { 'content-type': 'application/xml', 'x-amz-request-id': 'fake-s3' });
  res.end(body);
}

const MAX_KEYS = 1000;

/** Starts the fake on 127.0.0.1 (an ephemeral port). */
export async function startFakeS3(options: FakeS3Options = {}): Promise<FakeS3> {
  const accessKeyId = options.accessKeyId ?? 'AKIAFAKES3TESTKEY000';
  const region = options.region ?? 'us-east-1';
  const buckets = new Map<string, Map<string, FakeS3Object>>((options.buckets ?? ['warden-test']).map((name) => [name, new Map()]));
  const calls = new Map<string, number>();
  const count = (op: string): void => {
    calls.set(op, (calls.get(op) ?? 0) + 1);
  };
  let preconditionFailures = 0;

  function authorized(req: IncomingMessage, res: ServerResponse, resource: string): boolean {
    const auth = String(req.headers.authorization ?? '');
    const match = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/\d{8}\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=[^,]+, ?Signature=[0-9a-f]{64}$/.exec(auth);
    if (!match) {
      s3Error(res, 403, 'AccessDenied', 'Access Denied', resource);
      return false;
    }
    if (match[1] !== accessKeyId) {
      s3Error(res, 403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.', resource);
      return false;
    }
    if (match[2] !== region || match[3] !== 's3') {
      s3Error(res, 400, 'AuthorizationHeaderMalformed', `The authorization header is malformed; the region '${match[2]}' is wrong; expecting '${region}'`, resource);
      return false;
    }
    return true;
  }

  function list(res: ServerResponse, bucket: string, objects: Map<string, FakeS3Object>, query: URLSearchParams): void {
    count('ListObjectsV2');
    const prefix = query.get('prefix') ?? '';
    const maxKeys = Math.min(MAX_KEYS, Number(query.get('max-keys') ?? MAX_KEYS));
    const after = query.get('continuation-token') ? Buffer.from(query.get('continuation-token')!, 'base64url').toString('utf8') : (query.get('start-after') ?? '');
    const keys = [...objects.keys()].filter((k) => k.startsWith(prefix) && k > after).sort();
    const page = keys.slice(0, maxKeys);
    const truncated = keys.length > page.length;
    const contents = page
      .map((key) => {
        const o = objects.get(key)!;
        return `<Contents><Key>${xmlEscape(key)}</Key><LastModified>${o.lastModified.toISOString()}</LastModified><ETag>${xmlEscape(o.etag)}</ETag><Size>${o.body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
      })
      .join('');
    const next = truncated ? `<NextContinuationToken>${Buffer.from(page.at(-1)!, 'utf8').toString('base64url')}</NextContinuationToken>` : '';
    const body = `<?xml version="1.0" encoding="UTF-8"?>\n<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${xmlEscape(bucket)}</Name><Prefix>${xmlEscape(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${maxKeys}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${contents}${next}</ListBucketResult>`;
    res.writeHead(200, { 'content-type': 'application/xml' });
    res.end(body);
  }

  function handle(req: IncomingMessage, res: ServerResponse, body: Buffer): void {
    const url = new URL(req.url ?? '/', 'http://fake-s3');
    const [, bucket = '', ...rest] = url.pathname.split('/');
    const key = decodeURIComponent(rest.join('/'));
    const resource = url.pathname;
    if (!authorized(req, res, resource)) return;
    const objects = buckets.get(decodeURIComponent(bucket));
    if (!objects) return s3Error(res, 404, 'NoSuchBucket', 'The specified bucket does not exist', resource);
    const method = req.method ?? 'GET';
    if (key === '') {
      if (method === 'GET' && url.searchParams.get('list-type') === '2') return list(res, bucket, objects, url.searchParams);
      return s3Error(res, 501, 'NotImplemented', 'Only ListObjectsV2 is implemented on a bucket', resource);
    }
    const existing = objects.get(key);
    if (method === 'PUT') {
      count('PutObject');
      const ifNoneMatch = req.headers['if-none-match'];
      const ifMatch = req.headers['if-match'];
      if (ifNoneMatch !== undefined) {
        if (ifNoneMatch !== '*') return s3Error(res, 501, 'NotImplemented', 'If-None-Match on PUT takes only *', resource);
        if (existing) {
          preconditionFailures += 1;
          return s3Error(res, 412, 'PreconditionFailed', 'At least one of the pre-conditions you specified did not hold', resource);
        }
      }
      if (ifMatch !== undefined) {
        if (!existing) return s3Error(res, 404, 'NoSuchKey', 'The specified key does not exist.', resource);
        if (ifMatch !== existing.etag) {
          preconditionFailures += 1;
          return s3Error(res, 412, 'PreconditionFailed', 'At least one of the pre-conditions you specified did not hold', resource);
        }
      }
      const etag = `"${createHash('md5').update(body).digest('hex')}"`;
      objects.set(key, { body, etag, lastModified: new Date(), contentType: String(req.headers['content-type'] ?? 'application/octet-stream') });
      res.writeHead(200, { etag });
      res.end();
      return;
    }
    if (method === 'GET' || method === 'HEAD') {
      count(method === 'GET' ? 'GetObject' : 'HeadObject');
      if (!existing) {
        if (method === 'HEAD') {
          res.writeHead(404);
          res.end();
          return;
        }
        return s3Error(res, 404, 'NoSuchKey', 'The specified key does not exist.', resource);
      }
      const headers = { etag: existing.etag, 'content-type': existing.contentType, 'content-length': String(existing.body.length), 'last-modified': existing.lastModified.toUTCString() };
      res.writeHead(200, headers);
      res.end(method === 'GET' ? existing.body : undefined);
      return;
    }
    if (method === 'DELETE') {
      count('DeleteObject');
      objects.delete(key);
      res.writeHead(204);
      res.end();
      return;
    }
    s3Error(res, 405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.', resource);
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    // One request is handled whole before the next: each conditional write is atomic, as S3's are.
    req.on('end', () => handle(req, res, Buffer.concat(chunks)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    accessKeyId,
    region,
    objects: (bucket) => buckets.get(bucket) ?? new Map(),
    calls,
    get preconditionFailures() {
      return preconditionFailures;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
