import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDotenv, parseDotenv } from './dotenv.js';

describe('.env', () => {
  it('parses the common dialect', () => {
    const text = [
      '# comment',
      'A=1',
      'export B = two ',
      'C="quoted # not a comment"',
      "D='single $HOME'",
      'E=value # trailing comment',
      'F="multi',
      'line"',
      'G="esc\\nape"',
      'not a line',
      '',
    ].join('\n');
    expect(parseDotenv(text)).toEqual({ A: '1', B: 'two', C: 'quoted # not a comment', D: 'single $HOME', E: 'value', F: 'multi\nline', G: 'esc\nape' });
  });

  it('loads the current directory first, then the repository root, never overwriting the environment', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'warden-env-'));
    mkdirSync(path.join(root, '.git'));
    const sub = path.join(root, 'pkg');
    mkdirSync(sub);
    writeFileSync(path.join(root, '.env'), 'SHARED=root\nROOT_ONLY=r\nPRESET=file\n');
    writeFileSync(path.join(sub, '.env'), 'SHARED=sub\n');
    const env: NodeJS.ProcessEnv = { PRESET: 'env' };
    const set = loadDotenv(sub, env);
    expect(env).toEqual({ PRESET: 'env', SHARED: 'sub', ROOT_ONLY: 'r' });
    expect(set.sort()).toEqual(['ROOT_ONLY', 'SHARED']);
  });
});
