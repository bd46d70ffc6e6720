import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { globalDispatcher } from './global-dispatcher.js';

describe('globalDispatcher', () => {
  it("is undici's own global dispatcher, so setGlobalDispatcher (a proxy, a mock) still reaches every request", () => {
    const undici = createRequire(import.meta.url)('undici') as typeof import('undici');
    const before = undici.getGlobalDispatcher();
    expect(globalDispatcher()).toBe(before);
    const replacement = new undici.Agent();
    undici.setGlobalDispatcher(replacement);
    try {
      expect(globalDispatcher()).toBe(replacement);
    } finally {
      undici.setGlobalDispatcher(before);
      void replacement.close();
    }
  });
});
