import { afterAll } from 'vitest';
import { redisSessionStore } from '../src/redis-store.js';
import { sessionStoreContract } from '../src/testing.js';
import { dropKeys, REDIS_URL, uniqueKeyPrefix } from './redis-helpers.js';

const keyPrefix = uniqueKeyPrefix('contract');
afterAll(() => dropKeys(keyPrefix));

sessionStoreContract(() => redisSessionStore({ url: REDIS_URL, keyPrefix }), { name: 'redis' });
sessionStoreContract(() => redisSessionStore({ url: REDIS_URL, keyPrefix: `${keyPrefix}ttl:`, ttlSeconds: 600 }), { name: 'redis (with TTL)' });
