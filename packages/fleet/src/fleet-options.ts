import { ConfigError, type OptionKeys } from '@warden/protocol';
import { strictOptions } from '@warden/protocol/checks';
import type { QueueConnection } from './connection.js';
import { fleetError } from './coded-errors.js';

/** The keys every queue operation takes (`connection`, `queue`, `prefix`). */
export const QUEUE_CONNECTION_KEYS = { connection: true, queue: true, prefix: true } as const satisfies OptionKeys<QueueConnection>;

/**
 * The protocol's strict options check, with fleet's own error: an unknown key (`{ conection }`)
 * or options that are not an object are `fleet.invalid_options` (the protocol's message and
 * "did you mean" hint, its ConfigError as the cause), so every fleet failure is a FleetError.
 */
export function fleetOptions<T extends object>(factory: string, keys: OptionKeys<T>, options: T | undefined): T {
  try {
    return strictOptions(factory, keys, options);
  } catch (error) {
    if (ConfigError.isInstance(error)) throw fleetError('fleet.invalid_options', error.message, error.hint ?? '', error);
    throw error;
  }
}
