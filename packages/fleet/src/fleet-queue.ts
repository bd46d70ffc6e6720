import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { names, redisClient, type QueueConnection } from './connection.js';

/** The Redis keys fleet keeps beside BullMQ's (cancellation flags, session leases, rate windows). */
export function fleetKey(prefix: string, queue: string, ...parts: string[]): string {
  return [prefix, queue, 'fleet', ...parts].join(':');
}

export function cancelChannel(prefix: string, queue: string): string {
  return fleetKey(prefix, queue, 'cancel');
}

export interface OpenQueue {
  queue: Queue;
  redis: Redis;
  name: string;
  prefix: string;
  close(): Promise<void>;
}

/** A BullMQ queue and a plain Redis client for fleet's own keys; `close` ends both. */
export function openQueue(options: QueueConnection): OpenQueue {
  const { queue: name, prefix } = names(options);
  const redis = redisClient(options.connection);
  const queue = new Queue(name, { connection: redisClient(options.connection), prefix });
  return {
    queue,
    redis,
    name,
    prefix,
    async close() {
      await queue.close();
      await queue.disconnect().catch(() => undefined);
      redis.disconnect();
    },
  };
}
