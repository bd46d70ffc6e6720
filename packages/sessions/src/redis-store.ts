import { headerRecord } from './header-record.js';
import type { AppendOptions, AppendResult, LoadedSession, Owner, SessionRecord, SessionStoreV1, SessionSummary, OptionKeys } from '@warden/protocol';
import { strictOptions } from '@warden/protocol/checks';
import { loadDriver, type ModuleImporter } from './driver-loader.js';
import { newSessionId } from './ids.js';
import { cleanOwner } from './owner.js';
import { ownerMatches } from '@warden/protocol/policy';
import { ownerArg, type RedisLike } from './redis-script.js';
import { redisPersistenceOf, type RedisPersistence } from './redis-persistence.js';
import { APPEND_SCRIPT, CREATE_SCRIPT, DELETE_SCRIPT, LOAD_SCRIPT } from './redis-session-scripts.js';
import { repairRecords } from './record-repair.js';
import { addFacts, emptyFacts } from './session-facts.js';
import { alreadyExistsError, asStoreError, notFoundError, versionConflictError } from './session-errors.js';
import { validateRecords } from './validate-records.js';

export interface RedisStoreOptions {
  /** `redis://host:6379/0`; ignored when `client` is given. */
  url?: string;
  /** An existing `ioredis` client (not closed by the store). */
  client?: RedisLike;
  /** Prefix of every key (default `warden:`). */
  keyPrefix?: string;
  /** When set, a session expires this many seconds after its last write. */
  ttlSeconds?: number;
  importer?: ModuleImporter;
}

/** Every key of {@link RedisStoreOptions}: the compiler keeps the list equal to the interface. */
export const REDIS_STORE_KEYS = { url: true, client: true, keyPrefix: true, ttlSeconds: true, importer: true } satisfies OptionKeys<RedisStoreOptions>;

export interface RedisSessionStore extends SessionStoreV1 {
  close(): Promise<void>;
  /**
   * The server's persistence setting. Redis acknowledges an append from memory: unless AOF is on
   * (with `appendfsync always` for every write), a crash of the server loses acknowledged appends.
   */
  persistence(): Promise<RedisPersistence>;
}

/** Turns the flat `[field, value, …]` array of HGETALL in Lua into an object. */
export function fieldsOf(flat: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!Array.isArray(flat)) return out;
  for (let i = 0; i + 1 < flat.length; i += 2) out[String(flat[i])] = String(flat[i + 1]);
  return out;
}

/** Opens an `ioredis` client lazily (the driver is an optional peer). */
export function redisConnector(options: { url?: string; client?: RedisLike; importer?: ModuleImporter }): {
  ready(): Promise<RedisLike>;
  close(): Promise<void>;
} {
  let opening: Promise<RedisLike> | undefined;
  return {
    ready() {
      if (options.client) return Promise.resolve(options.client);
      opening ??= loadDriver<new (url: string, opts: object) => RedisLike>('ioredis', options.importer).then((Redis) => {
        const client = new Redis(options.url ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: 2, enableOfflineQueue: true });
        // Connection errors reach the caller as failed commands (session.io); the event itself must not
        // go unhandled (ioredis would print it).
        client.on?.('error', () => undefined);
        return client;
      });
      return opening;
    },
    async close() {
      const client = opening;
      opening = undefined;
      if (client) await (await client).quit();
    },
  };
}

/**
 * Sessions in Redis (`ioredis`): a hash of facts, a list of records and a hash of applied opIds per
 * session (sharing a `{id}` hash tag), plus sorted-set indexes by owner. Every write is one Lua script,
 * so the version compare and the append are atomic. With `ttlSeconds`, idle sessions expire.
 */
export function redisSessionStore(options: RedisStoreOptions = {}): RedisSessionStore {
  strictOptions('redisSessionStore', REDIS_STORE_KEYS, options);
  const p = options.keyPrefix ?? 'warden:';
  const ttl = Math.max(0, Math.floor(options.ttlSeconds ?? 0));
  const connector = redisConnector(options);
  const keys = (id: string) => ({ meta: `${p}s:{${id}}`, records: `${p}r:{${id}}`, ops: `${p}o:{${id}}` });
  const indexKeys = (owner: Owner): string[] => [
    `${p}idx`,
    ...(owner.userId !== undefined ? [`${p}idx:u:${owner.userId}`] : []),
    ...(owner.tenantId !== undefined ? [`${p}idx:t:${owner.tenantId}`] : []),
  ];

  async function run<T>(what: string, fn: (redis: RedisLike) => Promise<T>): Promise<T> {
    const redis = await asStoreError('connect to Redis', () => connector.ready());
    return asStoreError(what, () => fn(redis));
  }

  async function storedOwner(redis: RedisLike, id: string): Promise<Owner> {
    const [userId, tenantId] = await redis.hmget(keys(id).meta, 'user', 'tenant');
    return cleanOwner({ userId: userId ?? undefined, tenantId: tenantId ?? undefined });
  }

  return {
    specificationVersion: 'v1',
    create(init) {
      return run('create a session', async (redis) => {
        const id = init.id ?? newSessionId();
        const owner = cleanOwner(init.owner);
        const header: SessionRecord = headerRecord(id, owner, init.title, new Date().toISOString());
        const k = keys(id);
        const created = await CREATE_SCRIPT.run(redis, [k.meta, k.records, ...indexKeys(owner)], [
          id,
          ownerArg(owner.userId),
          ownerArg(owner.tenantId),
          init.title ?? '',
          JSON.stringify(header),
          ttl,
        ]);
        if (Number(created) !== 1) throw alreadyExistsError(id);
        return { id, version: 1 };
      });
    },
    append(id: string, input: SessionRecord[], opts: AppendOptions): Promise<AppendResult> {
      const records = validateRecords(input);
      return run('append to a session', async (redis) => {
        const k = keys(id);
        const facts = addFacts(emptyFacts(), records);
        const reply = (await APPEND_SCRIPT.run(redis, [k.meta, k.records, k.ops, ...indexKeys(await storedOwner(redis, id))], [
          id,
          opts.expectedVersion,
          opts.opId ?? '',
          ownerArg(opts.owner?.userId),
          ownerArg(opts.owner?.tenantId),
          facts.messageCount,
          facts.costUsd,
          facts.title,
          ttl,
          ...records.map((r) => JSON.stringify(r)),
        ])) as [string, number];
        const [status, version] = reply;
        if (status === 'ok') return { version };
        if (status === 'duplicate') return { version, duplicate: true };
        if (status === 'conflict') throw versionConflictError(id, version, opts.expectedVersion);
        throw notFoundError(id);
      });
    },
    load(id: string, owner?: Owner): Promise<LoadedSession> {
      return run('load a session', async (redis) => {
        const k = keys(id);
        const reply = (await LOAD_SCRIPT.run(redis, [k.meta, k.records], [ownerArg(owner?.userId), ownerArg(owner?.tenantId)])) as unknown[];
        if (!Array.isArray(reply) || reply.length < 2) throw notFoundError(id);
        const meta = fieldsOf(reply[0]);
        const records = (reply[1] as string[]).map((text) => JSON.parse(text) as SessionRecord);
        const repaired = repairRecords(records);
        return { id, owner: cleanOwner({ userId: meta.user, tenantId: meta.tenant }), version: Number(meta.version), records: repaired.records, warnings: repaired.warnings };
      });
    },
    list(query = {}) {
      return run('list sessions', async (redis) => {
        const index =
          query.userId !== undefined ? `${p}idx:u:${query.userId}` : query.tenantId !== undefined ? `${p}idx:t:${query.tenantId}` : `${p}idx`;
        const limit = query.limit ?? Number.POSITIVE_INFINITY;
        const out: SessionSummary[] = [];
        const page = Math.min(Math.max(limit === Number.POSITIVE_INFINITY ? 200 : limit * 2, 50), 1000);
        for (let start = 0; out.length < limit; start += page) {
          const ids = await redis.zrevrange(index, start, start + page - 1);
          if (ids.length === 0) break;
          for (const id of ids) {
            const meta = await redis.hgetall(keys(id).meta);
            if (!meta.version) {
              await redis.zrem(index, id); // expired (TTL) or deleted: drop it from the index
              start -= 1;
              continue;
            }
            const owner = cleanOwner({ userId: meta.user, tenantId: meta.tenant });
            if (!ownerMatches(owner, { userId: query.userId, tenantId: query.tenantId })) continue;
            out.push({
              id,
              owner,
              title: meta.title ?? '',
              messageCount: Number(meta.count ?? 0),
              createdAt: new Date(Number(meta.created)).toISOString(),
              updatedAt: new Date(Number(meta.updated)).toISOString(),
              costUsd: Number(meta.cost ?? 0),
              version: Number(meta.version),
            });
            if (out.length >= limit) break;
          }
          if (ids.length < page) break;
        }
        return out;
      });
    },
    delete(id: string, owner?: Owner) {
      return run('delete a session', async (redis) => {
        const k = keys(id);
        const removed = await DELETE_SCRIPT.run(redis, [k.meta, k.records, k.ops, ...indexKeys(await storedOwner(redis, id))], [
          id,
          ownerArg(owner?.userId),
          ownerArg(owner?.tenantId),
        ]);
        if (Number(removed) !== 1) throw notFoundError(id);
      });
    },
    persistence: async () => redisPersistenceOf(await connector.ready()),
    close: () => connector.close(),
  };
}
