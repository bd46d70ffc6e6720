import { ConfigError } from '@warden/protocol';
import { memorySessionStore } from '@warden/protocol/testing';
import { describe, expect, it } from 'vitest';
import { createPathJail, createSandbox, mcpTools, memoryStore, probeSandbox, workspaceTools } from '../src/index.js';

async function failure(build: () => unknown): Promise<ConfigError> {
  try {
    await build();
  } catch (error) {
    if (ConfigError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('the factory accepted an unknown option');
}

// zod-checked factories and hand-checked ones give the same message for a misspelt key.
const cases: Array<[string, () => unknown, string]> = [
  ['workspaceTools', () => workspaceTools({ root: '/w', maxReadbytes: 5 } as never), 'maxReadBytes'],
  ['createSandbox', () => createSandbox({ workspce: '/w' } as never), 'workspace'],
  ['mcpTools', () => mcpTools({ servers: {}, callTimeoutMS: 5 } as never), 'callTimeoutMs'],
  ['memoryStore', () => memoryStore({ store: memorySessionStore(), maxItem: 5 } as never), 'maxItems'],
  ['probeSandbox', () => probeSandbox({ bwrapPth: 'bwrap' } as never), 'bwrapPath'],
  ['createPathJail', () => createPathJail({ root: '/w', protectedPath: [] } as never), 'protectedPaths'],
];

describe('unknown options', () => {
  it.each(cases)('%s refuses a misspelt option with config.unknown_key and "did you mean"', async (factory, build, meant) => {
    const error = await failure(build);
    expect(error.code).toBe('config.unknown_key');
    expect(error.message).toContain(`${factory}: unknown option`);
    expect(error.hint).toBe(`did you mean "${meant}"?`);
  });
});
