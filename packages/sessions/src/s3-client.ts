import { type OptionKeys } from '@warden/protocol';
import { loadDriver, type ModuleImporter } from './driver-loader.js';

/** The few object operations the S3 stores need, with S3's conditional writes. */
export interface ObjectClient {
  /** `precondition` when `ifNoneMatch` finds the key or `ifMatch` another ETag (or no object). */
  put(key: string, body: string, condition?: { ifNoneMatch?: true; ifMatch?: string }): Promise<{ etag: string } | 'precondition'>;
  get(key: string): Promise<{ body: string; etag: string } | undefined>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** Every key under the prefix, in key order (all pages). */
  list(prefix: string): Promise<string[]>;
  close(): Promise<void>;
}

export interface S3StoreOptions {
  bucket: string;
  /** Key prefix of everything the store writes (default `warden/`). */
  prefix?: string;
  /** e.g. `us-east-1` (default: the SDK's own resolution, then `us-east-1`). */
  region?: string;
  /** An S3-compatible endpoint (R2, MinIO, a test server); path-style addressing is used with it. */
  endpoint?: string;
  /** Static credentials; without them the AWS SDK's default chain (environment, profile, role) applies. */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
  /** An `S3Client` of `@aws-sdk/client-s3` you built (not destroyed by the store). */
  client?: unknown;
  importer?: ModuleImporter;
}

/** Every key of {@link S3StoreOptions}: the compiler keeps the list equal to the interface. */
export const S3_STORE_KEYS = { bucket: true, prefix: true, region: true, endpoint: true, credentials: true, client: true, importer: true } satisfies OptionKeys<S3StoreOptions>;

interface SdkModule {
  S3Client: new (config: object) => { send(command: unknown): Promise<Record<string, unknown>>; destroy(): void };
  PutObjectCommand: new (input: object) => unknown;
  GetObjectCommand: new (input: object) => unknown;
  HeadObjectCommand: new (input: object) => unknown;
  DeleteObjectCommand: new (input: object) => unknown;
  ListObjectsV2Command: new (input: object) => unknown;
}

const statusOf = (error: unknown): number | undefined => (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

/**
 * The S3 client the stores use, on `@aws-sdk/client-s3` (an optional peer, loaded on first use).
 * A 412 (and S3's 409 `ConditionalRequestConflict` for two conditional writes in flight) is a lost
 * race, reported as `precondition`; anything else is thrown to the store, which names what failed.
 */
export function s3ObjectClient(options: S3StoreOptions): ObjectClient {
  let loading: Promise<{ sdk: SdkModule; client: InstanceType<SdkModule['S3Client']>; owned: boolean }> | undefined;
  const ready = () =>
    (loading ??= loadDriver<SdkModule>('@aws-sdk/client-s3', options.importer).then((sdk) => {
      if (options.client) return { sdk, client: options.client as InstanceType<SdkModule['S3Client']>, owned: false };
      const client = new sdk.S3Client({
        region: options.region ?? 'us-east-1',
        ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
        ...(options.credentials ? { credentials: options.credentials } : {}),
      });
      return { sdk, client, owned: true };
    }));
  const Bucket = options.bucket;

  return {
    async put(key, body, condition) {
      const { sdk, client } = await ready();
      try {
        const out = await client.send(
          new sdk.PutObjectCommand({
            Bucket,
            Key: key,
            Body: body,
            ContentType: 'application/json',
            ...(condition?.ifNoneMatch ? { IfNoneMatch: '*' } : {}),
            ...(condition?.ifMatch ? { IfMatch: condition.ifMatch } : {}),
          }),
        );
        return { etag: String(out.ETag ?? '') };
      } catch (error) {
        const status = statusOf(error);
        if (status === 412 || status === 409 || (status === 404 && condition?.ifMatch)) return 'precondition';
        throw error;
      }
    },
    async get(key) {
      const { sdk, client } = await ready();
      try {
        const out = await client.send(new sdk.GetObjectCommand({ Bucket, Key: key }));
        const body = out.Body as { transformToString(): Promise<string> };
        return { body: await body.transformToString(), etag: String(out.ETag ?? '') };
      } catch (error) {
        if (statusOf(error) === 404) return undefined;
        throw error;
      }
    },
    async exists(key) {
      const { sdk, client } = await ready();
      try {
        await client.send(new sdk.HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (error) {
        if (statusOf(error) === 404) return false;
        throw error;
      }
    },
    async delete(key) {
      const { sdk, client } = await ready();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: key }));
    },
    async list(prefix) {
      const { sdk, client } = await ready();
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const out = await client.send(new sdk.ListObjectsV2Command({ Bucket, Prefix: prefix, ...(token ? { ContinuationToken: token } : {}) }));
        for (const item of (out.Contents as Array<{ Key?: string }> | undefined) ?? []) if (item.Key) keys.push(item.Key);
        token = out.IsTruncated ? (out.NextContinuationToken as string | undefined) : undefined;
      } while (token);
      return keys.sort();
    },
    async close() {
      const current = loading;
      loading = undefined;
      const opened = await current?.catch(() => undefined);
      if (opened?.owned) opened.client.destroy();
    },
  };
}
