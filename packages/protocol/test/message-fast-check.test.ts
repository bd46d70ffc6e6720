import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fastMessageCheck } from '../src/checks.js';
import { Message } from '../src/schemas.js';

const dir = join(import.meta.dirname, 'corpus', 'Message');
const corpus = readdirSync(dir).map((file) => ({ file, value: JSON.parse(readFileSync(join(dir, file), 'utf8')) as unknown }));

const extra: unknown[] = [
  { role: 'assistant', parts: [{ type: 'tool_call', id: 'c', name: 'n', args: { deep: [{ a: null }] }, meta: { sig: 'x' } }] },
  { role: 'tool', parts: [{ type: 'tool_result', callId: 'c', name: 'n', content: [], isError: false }] },
  { role: 'assistant', parts: [{ type: 'thinking', text: '', signature: 's', redactedData: 'r', provider: 'p' }] },
];

const REPLACEMENTS: unknown[] = [undefined, null, '', 'x', 'text', 'tool', 0, Number.NaN, true, [], {}, [{}], [{ type: 'text', text: 't' }]];

/** Every value reachable by deleting, replacing or adding one field anywhere in `value`. */
function mutations(value: unknown): unknown[] {
  const out: unknown[] = [];
  const visit = (node: unknown, rebuild: (replacement: unknown) => unknown): void => {
    for (const r of REPLACEMENTS) out.push(rebuild(r));
    if (Array.isArray(node)) {
      node.forEach((child, i) => visit(child, (r) => rebuild(node.map((c, j) => (j === i ? r : c)))));
      out.push(rebuild([]), rebuild([...node, ...node]));
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

describe('fastMessageCheck', () => {
  it('never says yes to a value the Message schema rejects (corpus and every one-field mutation of it)', () => {
    let yes = 0;
    let no = 0;
    for (const base of [...corpus.map((c) => c.value), ...extra]) {
      for (const variant of [base, ...mutations(base)]) {
        if (fastMessageCheck(variant)) {
          yes += 1;
          expect(Message.safeParse(variant).success, JSON.stringify(variant)).toBe(true);
        } else {
          no += 1;
        }
      }
    }
    // Both answers were exercised, many times.
    expect(yes).toBeGreaterThan(50);
    expect(no).toBeGreaterThan(500);
  });

  it('says yes to every valid corpus message without images, so the quick path is the common path', () => {
    for (const { file, value } of corpus) {
      const hasImage = JSON.stringify(value).includes('"image"');
      if (file.startsWith('valid-') && !hasImage) expect(fastMessageCheck(value), file).toBe(true);
      if (file.startsWith('invalid-')) expect(fastMessageCheck(value), file).toBe(false);
    }
    for (const value of extra) expect(fastMessageCheck(value)).toBe(true);
  });

  it('leaves images to the schema', () => {
    expect(fastMessageCheck({ role: 'user', parts: [{ type: 'image', mediaType: 'image/png', url: 'https://x.invalid/a.png' }] })).toBe(false);
  });
});
