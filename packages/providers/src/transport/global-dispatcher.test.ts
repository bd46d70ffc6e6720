import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { globalDispatcher } from './global-dispatcher.js';

describe('globalDispatcher', () => {
  it("is what undici's setGlobalDispatcher installed, so a proxy or a mock still reaches every request", () => {
    const undici = createRequire(import.meta.url)('undici') as typeof import('undici');
    const before = undici.getGlobalDispatcher();
    const replacement = new undici.Agent();
    undici.setGlobalDispatcher(replacement);
    try {
      expect(globalDispatcher()).toBe(replacement);
    } finally {
      undici.setGlobalDispatcher(before);
      void replacement.close();
    }
  });

  it('works in a program that called fetch first (Node fills only the old dispatcher slot, with its own undici 6)', () => {
    const script = fileURLToPath(new URL('../../test/__fixtures__/fetch-then-provider.mjs', import.meta.url));
    const run = spawnSync(process.execPath, [script], { encoding: 'utf8', cwd: fileURLToPath(new URL('../..', import.meta.url)), timeout: 20_000 });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout.trim())).toEqual({ fetchFilledOldSlot: true, answer: 'hi from the fake server' });
  });
});
