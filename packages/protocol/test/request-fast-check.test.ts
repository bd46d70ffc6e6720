import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fastRequestOptionsCheck, fastToolSpecCheck } from '../src/checks.js';
import { ModelRequest, ToolSpec } from '../src/schemas.js';

const dir = join(import.meta.dirname, 'corpus', 'ToolSpec');
const corpus = readdirSync(dir).map((file) => ({ file, value: JSON.parse(readFileSync(join(dir, file), 'utf8')) as unknown }));

const REPLACEMENTS: unknown[] = [undefined, null, '', 'x', '1abc', 'a'.repeat(65), 0, -1, 1.5, 2, 3, Number.NaN, Number.POSITIVE_INFINITY, true, [], {}, ['t'], [1], { name: '' }, { name: 'f' }, 'auto', 'required', 'sometimes', new Date(0)];

/** Every value reachable by deleting, replacing or adding one field anywhere in `value`. */
function mutations(value: unknown): unknown[] {
  const out: unknown[] = [];
  const visit = (node: unknown, rebuild: (replacement: unknown) => unknown): void => {
    for (const r of REPLACEMENTS) out.push(rebuild(r));
    if (Array.isArray(node)) {
      node.forEach((child, i) => visit(child, (r) => rebuild(node.map((c, j) => (j === i ? r : c)))));
    } else if (typeof node === 'object' && node !== null) {
      const obj = node as Record<string, unknown>;
      for (const key of Object.keys(obj)) {
        visit(obj[key], (r) => rebuild({ ...obj, [key]: r }));
        const { [key]: _dropped, ...rest } = obj;
        out.push(rebuild(rest));
      }
      out.push(rebuild({ ...obj, extra: 1 }));
    }
  };
  visit(value, (r) => r);
  return out;
}

const TOOLS: unknown[] = [
  ...corpus.map((c) => c.value),
  { name: 'write_file', description: 'Write.', inputSchema: { type: 'object' }, annotations: { mutating: true, destructive: false, tags: ['fs'] } },
];

const OPTIONS: Array<Record<string, unknown>> = [
  { toolChoice: 'auto', maxOutputTokens: 100, temperature: 0.5 },
  { toolChoice: { name: 'read_file' }, providerOptions: { anthropic: { thinking: { type: 'enabled', budget_tokens: 1024 } } } },
  { temperature: 0, maxOutputTokens: undefined },
  { responseFormat: { type: 'json' } },
];

describe('fastToolSpecCheck', () => {
  it('never says yes to a value the ToolSpec schema rejects (corpus and every one-field mutation)', () => {
    let yes = 0;
    let no = 0;
    for (const base of TOOLS) {
      for (const variant of [base, ...mutations(base)]) {
        if (fastToolSpecCheck(variant)) {
          yes += 1;
          expect(ToolSpec.safeParse(variant).success, JSON.stringify(variant)).toBe(true);
        } else no += 1;
      }
    }
    expect(yes).toBeGreaterThan(20);
    expect(no).toBeGreaterThan(200);
  });

  it('says yes to every valid corpus tool and no to every invalid one', () => {
    for (const { file, value } of corpus) expect(fastToolSpecCheck(value), file).toBe(file.startsWith('valid-'));
  });

  it('leaves an input schema that is not a plain object to the schema', () => {
    expect(fastToolSpecCheck({ name: 'a', description: '', inputSchema: new Date(0) })).toBe(false);
    expect(fastToolSpecCheck({ name: 'a', description: '', inputSchema: [] })).toBe(false);
  });
});

describe('fastRequestOptionsCheck', () => {
  const message = { role: 'user', parts: [{ type: 'text', text: 'hi' }] };
  it('never says yes to options the ModelRequest schema rejects (every one-field mutation)', () => {
    let yes = 0;
    let no = 0;
    for (const base of OPTIONS) {
      for (const variant of [base, ...mutations(base)]) {
        if (typeof variant !== 'object' || variant === null || Array.isArray(variant)) continue;
        if (fastRequestOptionsCheck(variant as Record<string, unknown>)) {
          yes += 1;
          expect(ModelRequest.safeParse({ ...variant, messages: [message] }).success, JSON.stringify(variant)).toBe(true);
        } else no += 1;
      }
    }
    expect(yes).toBeGreaterThan(20);
    expect(no).toBeGreaterThan(50);
  });

  it('says yes to the options an agent loop sends', () => {
    expect(fastRequestOptionsCheck({})).toBe(true);
    expect(fastRequestOptionsCheck({ toolChoice: 'auto', maxOutputTokens: 4096, temperature: 1 })).toBe(true);
    expect(fastRequestOptionsCheck({ responseFormat: { type: 'json' } })).toBe(false);
    expect(fastRequestOptionsCheck({ temperature: 2.5 })).toBe(false);
  });
});
