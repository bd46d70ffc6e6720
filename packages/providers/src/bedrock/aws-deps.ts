import { installCommand } from '@warden/protocol/vocabulary';
import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';
import { createRequire } from 'node:module';
import { notConfigured } from '../shared/provider-options.js';

/** The part of `@smithy/signature-v4`'s `SignatureV4` this package uses. */
export interface SigV4Signer {
  sign(request: SignableHttpRequest, options?: { signingDate?: Date }): Promise<SignableHttpRequest>;
}

/** A smithy `HttpRequest`. */
export interface SignableHttpRequest {
  method: string;
  protocol: string;
  hostname: string;
  port?: number;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body?: string;
}

export interface AwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

/** One decoded event-stream message (`@smithy/core/event-streams`'s `Message`). */
export interface EventStreamMessage {
  headers: Record<string, { type: string; value: unknown }>;
  body: Uint8Array;
}

export interface EventStreamCodecLike {
  decode(message: ArrayBufferView): EventStreamMessage;
  encode(message: EventStreamMessage): Uint8Array;
}

type SignatureV4Class = new (init: {
  service: string;
  region: string;
  credentials: AwsCredentials | (() => Promise<AwsCredentials>);
  sha256: new (secret?: unknown) => Sha256;
}) => SigV4Signer;
type CodecClass = new (toUtf8: (bytes: Uint8Array) => string, fromUtf8: (text: string) => Uint8Array) => EventStreamCodecLike;

/** SHA-256 (HMAC-SHA-256 with a secret) on node:crypto, in the shape smithy's signer wants. */
export class Sha256 {
  private hash: Hash | Hmac;

  constructor(private readonly secret?: unknown) {
    this.hash = this.create();
  }

  private create(): Hash | Hmac {
    if (this.secret === undefined || this.secret === null) return createHash('sha256');
    const key = typeof this.secret === 'string' ? this.secret : Buffer.from(this.secret as Uint8Array);
    return createHmac('sha256', key);
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

export interface AwsDeps {
  createSigner(region: string, service: string, credentials: AwsCredentials | (() => Promise<AwsCredentials>)): SigV4Signer;
  createCodec(): EventStreamCodecLike;
}

const requireHere = createRequire(import.meta.url);

/**
 * Loads the optional peers `@smithy/signature-v4` (SigV4) and `@smithy/core` (its
 * `event-streams` codec) when a Bedrock provider is built, so the rest of the package never
 * needs them. Missing peers fail the build of the provider with `provider.not_configured`.
 */
export function loadAwsDeps(provider: string): AwsDeps {
  let SignatureV4: SignatureV4Class;
  let EventStreamCodec: CodecClass;
  try {
    SignatureV4 = (requireHere('@smithy/signature-v4') as { SignatureV4: SignatureV4Class }).SignatureV4;
    EventStreamCodec = (requireHere('@smithy/core/event-streams') as { EventStreamCodec: CodecClass }).EventStreamCodec;
  } catch {
    throw notConfigured(provider, 'the AWS signer is not installed', `Install the optional peers: ${installCommand('@smithy/signature-v4', '@smithy/core')}`);
  }
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  return {
    createSigner: (region, service, credentials) => new SignatureV4({ service, region, credentials, sha256: Sha256 }),
    createCodec: () => new EventStreamCodec((bytes) => decoder.decode(bytes), (text) => encoder.encode(text)),
  };
}
