import { QueueEvents } from 'bullmq';
import { names, redisClient, type QueueConnection } from './connection.js';
import { fleetOptions, QUEUE_CONNECTION_KEYS } from './fleet-options.js';
import type { FleetProgress, FleetResult } from './fleet-result.js';

export type FleetEvent =
  | { type: 'progress'; jobId: string; progress: FleetProgress }
  | { type: 'completed'; jobId: string; result: FleetResult }
  | { type: 'failed'; jobId: string; reason: string }
  | { type: 'active'; jobId: string };

export interface FleetWatch {
  close(): Promise<void>;
}

/** Results, progress and failures of a queue's jobs as they happen, from any machine (BullMQ `QueueEvents`). */
export async function watch(given: QueueConnection, onEvent: (event: FleetEvent) => void): Promise<FleetWatch> {
  const options = fleetOptions('watch', QUEUE_CONNECTION_KEYS, given);
  const { queue, prefix } = names(options);
  const events = new QueueEvents(queue, { connection: redisClient(options.connection), prefix, autorun: true });
  events.on('progress', ({ jobId, data }) => onEvent({ type: 'progress', jobId, progress: data as unknown as FleetProgress }));
  events.on('completed', ({ jobId, returnvalue }) => onEvent({ type: 'completed', jobId, result: (typeof returnvalue === 'string' ? JSON.parse(returnvalue) : returnvalue) as FleetResult }));
  events.on('failed', ({ jobId, failedReason }) => onEvent({ type: 'failed', jobId, reason: failedReason }));
  events.on('active', ({ jobId }) => onEvent({ type: 'active', jobId }));
  events.on('error', () => undefined);
  await events.waitUntilReady();
  return {
    async close() {
      await events.close();
    },
  };
}
