import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// The server and its replies are the shared @warden/test-servers; fixtures and the transport config are this package's.
export { FAKE_KEY, hang, json, resetMidBody, sse, ssePayload, startServer } from '@warden/test-servers';
export type { ReceivedRequest, Reply, VendorServer } from '@warden/test-servers';

export function fixture(name: string): string {
  return readFileSync(fileURLToPath(new URL(`../__fixtures__/${name}`, import.meta.url)), 'utf8');
}

export function fixtureJson(name: string): unknown {
  return JSON.parse(fixture(name));
}

/**
 * A transport config for tests: instant recorded waits, deterministic jitter. Spread it into a
 * factory's options (`...testTransport()`): `waits` is not enumerable, so only `transport` is
 * spread (factories reject option keys they do not know).
 */
export function testTransport(extra: Record<string, unknown> = {}): { transport: Record<string, unknown>; readonly waits: number[] } {
  const waits: number[] = [];
  const out = {
    transport: {
      sleep: async (ms: number) => {
        waits.push(ms);
      },
      random: () => 0.5,
      timeoutMs: 2_000,
      idleTimeoutMs: 2_000,
      ...extra,
    },
  };
  Object.defineProperty(out, 'waits', { value: waits, enumerable: false });
  return out as typeof out & { readonly waits: number[] };
}
