// Bedrock's SigV4 check: the fake signs the request that arrived again with the expected
// credentials (smithy's signer, node:crypto hashes independent of the code under test).
import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { SignatureV4 } from '@smithy/signature-v4';
import type { Reply, VendorServer } from './vendor-server.js';

export interface FakeAwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

export interface SigV4Expectation {
  credentials: FakeAwsCredentials;
  region: string;
}

/** An AWS error type (`x-amzn-errortype`) and its message. */
export interface SigV4Refusal {
  type: string;
  message: string;
}

/** SHA-256 and HMAC-SHA-256 on node:crypto, in the shape smithy's signer wants. */
class Sha256 {
  private hash: Hash | Hmac;
  constructor(private readonly secret?: unknown) {
    this.hash = this.create();
  }
  private create(): Hash | Hmac {
    if (this.secret === undefined || this.secret === null) return createHash('sha256');
    return createHmac('sha256', typeof this.secret === 'string' ? this.secret : Buffer.from(this.secret as Uint8Array));
  }
  update(data: string | Uint8Array): void {
    this.hash.update(typeof data === 'string' ? Buffer.from(data, 'utf8') : data);
  }
  digest(): Promise<Uint8Array> {
    return Promise.resolve(new Uint8Array(this.hash.digest()));
  }
  reset(): void {
    this.hash = this.create();
  }
}

const INVALID_TOKEN: SigV4Refusal = { type: 'UnrecognizedClientException', message: 'The security token included in the request is invalid.' };

/**
 * Why AWS would refuse the request whose body arrived as `text` (undefined when it is signed right):
 * `IncompleteSignatureException` for a malformed header, `UnrecognizedClientException` for an
 * unknown key or token, `InvalidSignatureException` for another scope or a signature that does not match.
 */
export async function sigV4Refusal(req: IncomingMessage, text: string | undefined, expected: SigV4Expectation): Promise<SigV4Refusal | undefined> {
  const auth = String(req.headers.authorization ?? '');
  const match = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(auth);
  if (!match || text === undefined) return { type: 'IncompleteSignatureException', message: 'Authorization header requires Credential, SignedHeaders and Signature.' };
  const [, keyId, , region, service, signedHeaders] = match;
  if (keyId !== expected.credentials.accessKeyId) return INVALID_TOKEN;
  if (region !== expected.region || service !== 'bedrock') return { type: 'InvalidSignatureException', message: `Credential should be scoped to a valid region and service (got ${region}/${service}).` };
  if (req.headers['x-amz-security-token'] !== expected.credentials.sessionToken) return INVALID_TOKEN;
  const headers: Record<string, string> = {};
  for (const name of (signedHeaders ?? '').split(';')) {
    // The payload hash is recomputed from the body that arrived, never taken from the request.
    if (name !== 'x-amz-content-sha256' && typeof req.headers[name] === 'string') headers[name] = req.headers[name];
  }
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  const signingDate = new Date(amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));
  const url = new URL(req.url ?? '/', `http://${String(req.headers.host ?? '')}`);
  const signer = new SignatureV4({ service: 'bedrock', region: expected.region, credentials: expected.credentials, sha256: Sha256 });
  const signed = await signer.sign(
    { method: req.method ?? 'POST', protocol: 'http:', hostname: url.hostname, port: Number(url.port), path: url.pathname, query: {}, headers, body: text },
    { signingDate },
  );
  if (signed.headers.authorization === auth) return undefined;
  return { type: 'InvalidSignatureException', message: 'The request signature we calculated does not match the signature you provided.' };
}

/** Answers a refusal as AWS does: 403 with the error type in `x-amzn-errortype`. */
export function refuseSigV4(res: ServerResponse, refusal: SigV4Refusal): void {
  res.writeHead(403, { 'content-type': 'application/json', 'x-amzn-errortype': `${refusal.type}:http://internal.amazon.com/coral/com.amazon.coral.service/`, 'x-amzn-requestid': 'aws-req-403' });
  res.end(JSON.stringify({ message: refusal.message }));
}

/** A fake Bedrock runtime in front of `next`: correctly signed requests go on, others are refused like AWS. */
export function bedrockRuntime(server: () => VendorServer, expected: SigV4Expectation, next: Reply): Reply {
  return async (req, res) => {
    const refusal = await sigV4Refusal(req, server().requests.at(-1)?.text, expected);
    if (refusal) return refuseSigV4(res, refusal);
    return next(req, res);
  };
}
