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

  it('says "did you mean" for a misspelt key, inside array entries too (a2aAgents handoff keys)', () => {
    expect(failure(dirWith('{"modle":"x"}'))).toMatchObject({ hint: 'did you mean "model"?' });
    const agent = { name: 'writer', url: 'http://127.0.0.1:1/a2a/writer/' };
    expect(failure(dirWith(JSON.stringify({ a2aAgents: [{ ...agent, handofTo: 'writer' }] })))).toMatchObject({ code: 'config.unknown_key', message: expect.stringContaining('"a2aAgents.0.handofTo"'), hint: 'did you mean "a2aAgents.0.handoffTo"?' });
    expect(failure(dirWith(JSON.stringify({ a2aAgents: [{ ...agent, handoffFrm: 'main' }] })))).toMatchObject({ hint: 'did you mean "a2aAgents.0.handoffFrom"?' });
    // Nothing close: the plain advice.
    expect(failure(dirWith('{"zzzzzz":1}')).hint).toContain('check its spelling');
  });

  it('takes handoffFrom and handoffTo on an a2aAgents entry, as agent names', () => {
    const a2aAgents = [{ name: 'drafts', url: 'http://127.0.0.1:1/a2a/writer/', handoffFrom: 'planner', handoffTo: 'writer' }];
    expect(loadConfig(dirWith(JSON.stringify({ a2aAgents }))).config.a2aAgents).toEqual(a2aAgents);
    expect(failure(dirWith(JSON.stringify({ a2aAgents: [{ ...a2aAgents[0], handoffTo: 'not a name' }] })))).toMatchObject({ code: 'config.invalid', message: expect.stringContaining('"a2aAgents.0.handoffTo"') });
  });

  it('takes content rails and names a misspelt rail, judge policy or rail key at load', () => {
    const guardrails = { output: ['noSecrets', { judge: 'groundedness', onError: 'block' }], input: ['noInjection'] };
    expect(loadConfig(dirWith(JSON.stringify({ guardrails }))).config.guardrails).toEqual(guardrails);
    expect(failure(dirWith('{"guardrails":{"output":["noSecret"]}}'))).toMatchObject({ code: 'config.invalid', message: expect.stringMatching(/"guardrails\.output\.0".*did you mean "noSecrets"\?/) });
    expect(failure(dirWith('{"guardrails":{"output":[{"judge":"groundednes"}]}}'))).toMatchObject({ message: expect.stringContaining('did you mean "groundedness"?') });
    expect(failure(dirWith('{"guardrails":{"output":[{"judge":"safety","onErorr":"allow"}]}}'))).toMatchObject({ code: 'config.unknown_key', hint: 'did you mean "guardrails.output.0.onError"?' });
  });

  it('names an invalid value and refuses broken JSON', () => {
    expect(failure(dirWith('{"mode":"reckless"}'))).toMatchObject({ code: 'config.invalid', message: expect.stringContaining('"mode"') });
    expect(failure(dirWith('{"mode":'))).toMatchObject({ code: 'config.invalid' });
  });
});
