import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError } from '@warden/protocol';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config-file.js';

function dirWith(content: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'warden-config-'));
  writeFileSync(path.join(dir, 'warden.config.json'), content);
  return dir;
}

function failure(dir: string): ConfigError {
  try {
    loadConfig(dir);
  } catch (error) {
    if (ConfigError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected a config error');
}

describe('warden.config.json', () => {
  it('loads a valid file', () => {
    const dir = dirWith(JSON.stringify({ provider: 'openai', model: 'gpt-4o-mini', mode: 'safe', budget: { usd: 1 } }));
    expect(loadConfig(dir)).toEqual({ config: { provider: 'openai', model: 'gpt-4o-mini', mode: 'safe', budget: { usd: 1 } }, file: path.join(dir, 'warden.config.json') });
  });

  it('returns an empty config when there is no file', () => {
    expect(loadConfig(mkdtempSync(path.join(tmpdir(), 'warden-none-')))).toEqual({ config: {} });
  });

  it('names an unknown key, nested too', () => {
    expect(failure(dirWith('{"modle":"x"}'))).toMatchObject({ code: 'config.unknown_key', message: expect.stringContaining('"modle"') });
    expect(failure(dirWith('{"budget":{"dollars":1}}'))).toMatchObject({ code: 'config.unknown_key', message: expect.stringContaining('"budget.dollars"') });
  });

  it('names an invalid value and refuses broken JSON', () => {
    expect(failure(dirWith('{"mode":"reckless"}'))).toMatchObject({ code: 'config.invalid', message: expect.stringContaining('"mode"') });
    expect(failure(dirWith('{"mode":'))).toMatchObject({ code: 'config.invalid' });
  });
});
