import { describe, expect, it } from 'vitest';
import { cancel, createWorker, enqueue, FleetError, resume, retry, status, watch } from '../src/index.js';
import { REDIS_URL } from './helpers/services.js';

async function failure(call: () => Promise<unknown>): Promise<FleetError> {
  try {
    await call();
  } catch (error) {
    if (FleetError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('the function accepted an unknown option');
}

const connection = REDIS_URL;
const harness = { sessions: 'redis://127.0.0.1:6379', workdir: '.' };

// A misspelt option is refused before Redis is touched, as fleet's own error with "did you mean".
const cases: Array<[string, () => Promise<unknown>, string]> = [
  ['enqueue', () => enqueue([{ task: 'x' }], { connection, atempts: 3 } as never), 'attempts'],
  ['createWorker', () => createWorker({ connection, harness, concurency: 2 } as never), 'concurrency'],
  ['createWorker harness', () => createWorker({ connection, harness: { ...harness, workDir: '.' } } as never), 'workdir'],
  ['status', () => status(undefined, { connection, limt: 5 } as never), 'limit'],
  ['cancel', () => cancel('x', { connection, prefx: 'p' } as never), 'prefix'],
  ['retry', () => retry('x', { connection, acceptinterupted: true } as never), 'acceptInterrupted'],
  ['resume', () => resume('x', { conection: connection } as never), 'connection'],
  ['watch', () => watch({ connection, queu: 'q' } as never, () => undefined), 'queue'],
];

describe('unknown options', () => {
  it.each(cases)('%s refuses a misspelt option with fleet.invalid_options and "did you mean"', async (factory, call, meant) => {
    const error = await failure(call);
    expect(error.code).toBe('fleet.invalid_options');
    expect(error.message).toContain(`${factory}: unknown option`);
    expect(error.hint).toBe(`did you mean "${meant}"?`);
  });

  it('options that are not an object, or a worker without a harness, are fleet.invalid_options', async () => {
    expect((await failure(() => enqueue([{ task: 'x' }], 'redis://127.0.0.1:6379' as never))).code).toBe('fleet.invalid_options');
    expect((await failure(() => createWorker({ connection } as never))).message).toContain('harness');
  });
});
