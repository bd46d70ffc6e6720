import { Redis, type RedisOptions } from 'ioredis';
import { fleetError } from './coded-errors.js';

/** Where the queue lives: a `redis://` or `rediss://` URL, and an optional BullMQ key prefix (default `warden-fleet`). */
export interface QueueConnection {
  /** `redis://[user:password@]host:port[/db]` or `rediss://…`. */
  connection: string;
  /** The queue's name (default `warden`). */
  queue?: string;
  /** BullMQ key prefix, to keep several fleets apart on one Redis (default `warden-fleet`). */
  prefix?: string;
}

export const DEFAULT_QUEUE = 'warden';
export const DEFAULT_PREFIX = 'warden-fleet';

/** The URL with any password replaced by `***`, for messages. */
export function safeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'redis://…';
  }
}

/**
 * An ioredis client for BullMQ. Workers and event listeners block on Redis, so
 * `maxRetriesPerRequest` is `null` as BullMQ requires; a bad URL is a typed error that never
 * prints the password.
 */
export function redisClient(url: string, extra: RedisOptions = {}): Redis {
  if (!/^rediss?:\/\//i.test(url)) {
    throw fleetError('fleet.invalid_options', `the queue must be a redis:// or rediss:// URL, not ${JSON.stringify(safeUrl(url))}`, 'Pass --queue redis://host:6379 (or the connection option).');
  }
  return new Redis(url, { maxRetriesPerRequest: null, enableReadyCheck: true, lazyConnect: false, ...extra });
}

export function names(options: QueueConnection): { queue: string; prefix: string } {
  return { queue: options.queue ?? DEFAULT_QUEUE, prefix: options.prefix ?? DEFAULT_PREFIX };
}
