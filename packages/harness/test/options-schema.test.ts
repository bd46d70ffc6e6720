import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HarnessConfig, harnessConfigJsonSchema, validateHarnessOptions } from '../src/index.js';

describe('the published options schema', () => {
  it('harness-config.schema.json is generated from HarnessConfig (run `pnpm --filter @warden/harness schema` after a change)', () => {
    const published = JSON.parse(readFileSync(new URL('../harness-config.schema.json', import.meta.url), 'utf8'));
    expect(published).toEqual(harnessConfigJsonSchema());
  });

  it('a config file and library options go through the same schema', () => {
    const file = { mode: 'safe', approver: 'yes', builtinTools: { shell: false }, scope: { paths: ['src/**'], hosts: ['api.example.com'] }, mcpServers: { docs: { url: 'http://127.0.0.1:9/mcp', trust: 'trusted' } } };
    expect(HarnessConfig.safeParse(file).success).toBe(true);
    expect(validateHarnessOptions({ workdir: '/tmp', ...file })).toMatchObject({ ok: true, errors: [] });
  });

  it('returns warnings with the errors, never only the first problem', () => {
    const result = validateHarnessOptions({ workdir: '/tmp', mode: 'read-only', approver: 'yes', builtinTools: { shell: false }, shell: { timeoutMs: 5 } });
    expect(result.ok).toBe(true);
    expect(result.warnings.map((w) => w.path).sort()).toEqual(['approver', 'shell']);
    const bad = validateHarnessOptions({ workdir: '', builtinTools: { shel: false }, budget: { tokens: 'many' } });
    expect(bad.ok).toBe(false);
    expect(bad.errors.map((e) => e.path).sort()).toEqual(['budget.tokens', 'builtinTools.shel', 'workdir']);
    expect(bad.errors.find((e) => e.path === 'builtinTools.shel')?.hint).toBe('did you mean "builtinTools.shell"?');
  });
});
