import type { ApprovalAnswer, ApprovalStoreV1, Owner, StoredApproval } from '@warden/protocol';
import { strictOptions } from '@warden/protocol/checks';
import { approvalOwner, effectiveStatus, statusForAnswer, validateApprovalRequest, withEffectiveStatus } from './approval-state.js';
import { ownerMatches } from '@warden/protocol/policy';
import { OWNER_CHECK_LUA, ownerArg, redisScript, type RedisLike } from './redis-script.js';
import { REDIS_STORE_KEYS, redisConnector, type RedisStoreOptions } from './redis-store.js';
import { asStoreError, notFoundError } from './session-errors.js';

/** KEYS: item, index. ARGV: id, request, user, tenant, created ms, expires ms (0 = never), ttl. */
const PUT = redisScript(`
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'request', ARGV[2], 'status', 'pending', 'expires', ARGV[6])
if ARGV[3] ~= '' then redis.call('HSET', KEYS[1], 'user', string.sub(ARGV[3], 2)) end
if ARGV[4] ~= '' then redis.call('HSET', KEYS[1], 'tenant', string.sub(ARGV[4], 2)) end
redis.call('ZADD', KEYS[2], ARGV[5], ARGV[1])
if tonumber(ARGV[7]) > 0 then redis.call('EXPIRE', KEYS[1], ARGV[7]) end
return 1
`);

/** KEYS: item. ARGV: user, tenant, status, answer. Returns 'missing', 'kept' or 'answered'. */
const ANSWER = redisScript(`${OWNER_CHECK_LUA}
if redis.call('EXISTS', KEYS[1]) == 0 or not owner_ok(KEYS[1], ARGV[1], ARGV[2]) then return 'missing' end
if redis.call('HGET', KEYS[1], 'status') ~= 'pending' then return 'kept' end
local expires = tonumber(redis.call('HGET', KEYS[1], 'expires') or '0')
if expires > 0 and expires <= now_ms() then return 'kept' end
redis.call('HSET', KEYS[1], 'status', ARGV[3], 'answer', ARGV[4])
return 'answered'
`);

/** KEYS: item. ARGV: claimer. Returns 1 for the one winner. */
const CLAIM = redisScript(`
local status = redis.call('HGET', KEYS[1], 'status')
if status ~= 'approved' and status ~= 'denied' then return 0 end
return redis.call('HSETNX', KEYS[1], 'claimed', ARGV[1])
`);

export interface RedisApprovalStore extends ApprovalStoreV1 {
  close(): Promise<void>;
}

const fromHash = (h: Record<string, string>): StoredApproval | undefined =>
  h.request
    ? {
        request: JSON.parse(h.request) as StoredApproval['request'],
        status: h.status as StoredApproval['status'],
        ...(h.answer ? { answer: JSON.parse(h.answer) as ApprovalAnswer } : {}),
        ...(h.claimed ? { claimedBy: h.claimed } : {}),
      }
    : undefined;

/** Durable approvals in Redis: a hash each and a sorted-set index; answer and claim are Lua scripts. */
export function redisApprovalStore(options: RedisStoreOptions = {}): RedisApprovalStore {
  strictOptions('redisApprovalStore', REDIS_STORE_KEYS, options);
  const p = options.keyPrefix ?? 'warden:';
  const ttl = Math.max(0, Math.floor(options.ttlSeconds ?? 0));
  const connector = redisConnector(options);
  const itemKey = (id: string): string => `${p}a:{${id}}`;
  const indexKey = `${p}a:idx`;
  function run<T>(what: string, fn: (redis: RedisLike) => Promise<T>): Promise<T> {
    return asStoreError(what, async () => fn(await connector.ready()));
  }
  const read = async (redis: RedisLike, id: string): Promise<StoredApproval | undefined> => fromHash(await redis.hgetall(itemKey(id)));

  return {
    specificationVersion: 'v1',
    put(input) {
      const request = validateApprovalRequest(input);
      const owner = approvalOwner(request);
      return run('store an approval', async (redis) => {
        const expires = request.expiresAt !== undefined ? Date.parse(request.expiresAt) : 0;
        await PUT.run(redis, [itemKey(request.id), indexKey], [
          request.id,
          JSON.stringify(request),
          ownerArg(owner.userId),
          ownerArg(owner.tenantId),
          Date.parse(request.createdAt) || Date.now(),
          Number.isFinite(expires) ? expires : 0,
          ttl,
        ]);
      });
    },
    get(id, owner?: Owner) {
      return run('read an approval', async (redis) => {
        const item = await read(redis, id);
        return item && ownerMatches(approvalOwner(item.request), owner) ? withEffectiveStatus(item) : undefined;
      });
    },
    list(query) {
      return run('list approvals', async (redis) => {
        const ids = (await redis.zrevrange(indexKey, 0, -1)).reverse();
        const out: StoredApproval[] = [];
        const now = Date.now();
        for (const id of ids) {
          const item = await read(redis, id);
          if (!item) {
            await redis.zrem(indexKey, id);
            continue;
          }
          if (!ownerMatches(approvalOwner(item.request), query.owner)) continue;
          if (query.status && effectiveStatus(item, now) !== query.status) continue;
          out.push(withEffectiveStatus(item, now));
          if (query.limit !== undefined && out.length >= query.limit) break;
        }
        return out;
      });
    },
    answer(id, answer, owner?: Owner) {
      return run('answer an approval', async (redis) => {
        const outcome = await ANSWER.run(redis, [itemKey(id)], [ownerArg(owner?.userId), ownerArg(owner?.tenantId), statusForAnswer(answer), JSON.stringify(answer)]);
        if (outcome === 'missing') throw notFoundError(id, 'approval');
        const item = await read(redis, id);
        if (!item) throw notFoundError(id, 'approval');
        return withEffectiveStatus(item);
      });
    },
    claim(id, claimer) {
      return run('claim an approval', async (redis) => Number(await CLAIM.run(redis, [itemKey(id)], [claimer])) === 1);
    },
    close: () => connector.close(),
  };
}
