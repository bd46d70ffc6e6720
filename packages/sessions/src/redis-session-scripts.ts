import { OWNER_CHECK_LUA, redisScript } from './redis-script.js';

/** KEYS: meta, records, idx... ARGV: id, user, tenant, title, header, ttl. Returns 1, or 0 when the id exists. */
export const CREATE_SCRIPT = redisScript(`${OWNER_CHECK_LUA}
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
local now = now_ms()
redis.call('HSET', KEYS[1], 'version', 1, 'title', ARGV[4], 'count', 0, 'cost', 0, 'created', now, 'updated', now)
if ARGV[2] ~= '' then redis.call('HSET', KEYS[1], 'user', string.sub(ARGV[2], 2)) end
if ARGV[3] ~= '' then redis.call('HSET', KEYS[1], 'tenant', string.sub(ARGV[3], 2)) end
redis.call('RPUSH', KEYS[2], ARGV[5])
for i = 3, #KEYS do redis.call('ZADD', KEYS[i], now, ARGV[1]) end
local ttl = tonumber(ARGV[6])
if ttl > 0 then
  redis.call('EXPIRE', KEYS[1], ttl)
  redis.call('EXPIRE', KEYS[2], ttl)
end
return 1
`);

/**
 * The compare-and-append. KEYS: meta, records, ops, idx...
 * ARGV: id, expected, opId, user, tenant, count delta, cost delta, title candidate, ttl, record...
 * Returns {'ok', v} | {'duplicate', v} | {'conflict', v} | {'not_found', 0}.
 */
export const APPEND_SCRIPT = redisScript(`${OWNER_CHECK_LUA}
local ver = redis.call('HGET', KEYS[1], 'version')
if not ver or not owner_ok(KEYS[1], ARGV[4], ARGV[5]) then return {'not_found', 0} end
if ARGV[3] ~= '' then
  local done = redis.call('HGET', KEYS[3], ARGV[3])
  if done then return {'duplicate', tonumber(done)} end
end
if tonumber(ver) ~= tonumber(ARGV[2]) then return {'conflict', tonumber(ver)} end
local nv = tonumber(ver) + 1
local now = now_ms()
for i = 10, #ARGV do redis.call('RPUSH', KEYS[2], ARGV[i]) end
redis.call('HSET', KEYS[1], 'version', nv, 'updated', now)
redis.call('HINCRBY', KEYS[1], 'count', ARGV[6])
redis.call('HINCRBYFLOAT', KEYS[1], 'cost', ARGV[7])
if redis.call('HGET', KEYS[1], 'title') == '' and ARGV[8] ~= '' then redis.call('HSET', KEYS[1], 'title', ARGV[8]) end
if ARGV[3] ~= '' then redis.call('HSET', KEYS[3], ARGV[3], nv) end
for i = 4, #KEYS do redis.call('ZADD', KEYS[i], now, ARGV[1]) end
local ttl = tonumber(ARGV[9])
if ttl > 0 then
  for i = 1, 3 do redis.call('EXPIRE', KEYS[i], ttl) end
end
return {'ok', nv}
`);

/** KEYS: meta, records, ops, idx... ARGV: id, user, tenant. Returns 1, or 0 when missing or not the owner's. */
export const DELETE_SCRIPT = redisScript(`${OWNER_CHECK_LUA}
if redis.call('EXISTS', KEYS[1]) == 0 or not owner_ok(KEYS[1], ARGV[2], ARGV[3]) then return 0 end
redis.call('DEL', KEYS[1], KEYS[2], KEYS[3])
for i = 4, #KEYS do redis.call('ZREM', KEYS[i], ARGV[1]) end
return 1
`);

/** KEYS: meta, records. ARGV: user, tenant. Returns {} when missing or not the owner's, else {meta fields, records}. */
export const LOAD_SCRIPT = redisScript(`${OWNER_CHECK_LUA}
if redis.call('EXISTS', KEYS[1]) == 0 or not owner_ok(KEYS[1], ARGV[1], ARGV[2]) then return {} end
return {redis.call('HGETALL', KEYS[1]), redis.call('LRANGE', KEYS[2], 0, -1)}
`);
