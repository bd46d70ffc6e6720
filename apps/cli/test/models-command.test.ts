import { MODEL_CATALOG } from '@warden/providers/catalog';
import { describe, expect, it } from 'vitest';
import { runCli } from './helpers/run-cli.js';

describe('warden models', () => {
  it('lists every catalogue entry with its limits, prices, capabilities, date and source', async () => {
    const result = await runCli(['models'], { env: { COLUMNS: '200' } });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/MODEL\s+PROVIDER\s+CONTEXT\s+MAX OUTPUT\s+IN \$\/1M\s+OUT \$\/1M\s+CACHED \$\/1M\s+CAPABILITIES\s+AS OF/);
    for (const info of MODEL_CATALOG) expect(result.stdout).toContain(info.model);
    const o3 = result.stdout.split('\n').find((line) => line.startsWith('o3 '));
    expect(o3).toMatch(/^o3\s+openai\s+200,000\s+100,000\s+\$2\.00\s+\$8\.00\s+\$0\.50\s+tools,vision,json_schema,streaming,prompt_cache,reasoning\s+2025-08-01$/);
    for (const source of new Set(MODEL_CATALOG.map((m) => m.source))) expect(result.stdout).toContain(source);
  });

  it('--provider narrows to one vendor; a platform id lists its family; --json gives the entries themselves', async () => {
    const anthropic = await runCli(['models', '--provider', 'anthropic', '--json']);
    expect(anthropic.code).toBe(0);
    const entries = anthropic.stdout.trim().split('\n').map((line) => JSON.parse(line) as { provider: string; model: string });
    expect(entries).toEqual(MODEL_CATALOG.filter((m) => m.provider === 'anthropic').map((m) => ({ ...m, price: { ...m.price }, capabilities: [...m.capabilities] })));

    const vertex = await runCli(['models', '--provider', 'vertex-gemini', '--json']);
    expect(vertex.code).toBe(0);
    const models = vertex.stdout.trim().split('\n').map((line) => (JSON.parse(line) as { model: string; provider: string }));
    expect(models.length).toBeGreaterThan(0);
    expect(models.every((m) => m.provider === 'gemini')).toBe(true);

    const bedrock = await runCli(['models', '--provider', 'bedrock']);
    expect(bedrock.code).toBe(0);
    expect(bedrock.stdout).toContain('no models for bedrock');
  });

  it('an unknown provider is a usage error with "did you mean", in the chosen language', async () => {
    const result = await runCli(['models', '--provider', 'antropic']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('unknown provider "antropic"');
    expect(result.stderr).toContain('did you mean anthropic?');
    const spanish = await runCli(['models', '--provider', 'antropic', '--lang', 'es']);
    expect(spanish.code).toBe(2);
    expect(spanish.stderr).toContain('¿quisiste decir anthropic?');
  });

  it('is in the root help and has its own', async () => {
    const root = await runCli(['--help']);
    expect(root.stdout).toMatch(/models\s+List the model catalogue/);
    const own = await runCli(['models', '--help']);
    expect(own.code).toBe(0);
    expect(own.stdout).toContain('warden models [--provider NAME] [--supports tools,vision,reasoning] [--json]');
    expect(own.stdout).toContain('--provider');
  });

  it('--supports keeps only models with every capability named; an unknown one is a usage error with "did you mean"', async () => {
    const result = await runCli(['models', '--supports', 'tools,vision,reasoning', '--json']);
    expect(result.code).toBe(0);
    const listed = result.stdout.trim().split('\n').map((line) => (JSON.parse(line) as { model: string }).model).sort();
    const expected = MODEL_CATALOG.filter((m) => ['tools', 'vision', 'reasoning'].every((c) => m.capabilities.includes(c as never))).map((m) => m.model).sort();
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(MODEL_CATALOG.length);
    expect(listed).toEqual(expected);
    const narrowed = await runCli(['models', '--provider', 'openai', '--supports', 'reasoning', '--json']);
    const openai = narrowed.stdout.trim().split('\n').map((line) => JSON.parse(line) as { provider: string; capabilities: string[] });
    expect(openai.every((m) => m.provider === 'openai' && m.capabilities.includes('reasoning'))).toBe(true);
    const wrong = await runCli(['models', '--supports', 'visoin']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('unknown capability "visoin"');
    expect(wrong.stderr).toContain('did you mean vision?');
  });
});
