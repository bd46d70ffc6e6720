import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defineCase, definePack, runChecks } from '../src/index.js';
import { useTempDirs } from './helpers.js';

const tempDir = useTempDirs();
const SECRET = 'sk-live-0123456789abcdef';
const redact = (text: string): string => text.split(SECRET).join('[REDACTED]');

async function allText(dir: string): Promise<string> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) out.push(await readFile(path.join(entry.parentPath, entry.name), 'utf8'));
  }
  return out.join('\n');
}

describe('redaction', () => {
  it('passes every string of every format and every text artifact through the redactor', async () => {
    const source = path.join(await tempDir(), 'log.txt');
    await writeFile(source, `server said ${SECRET}\n`);
    const pack = definePack({
      name: 'leaky',
      environments: { default: { apiKey: SECRET } },
      cases: [
        defineCase({ id: 'leak:all', title: `title ${SECRET}`, tags: ['x'] }, async (ctx) => {
          ctx.step(`step ${SECRET}`);
          ctx.check(false, `expected ${String(ctx.env.apiKey)} to be rotated`);
          ctx.operation('call', { kind: 'http', operation: `GET /?key=${SECRET}`, expected: { key: 'none' }, actual: { key: SECRET, [SECRET]: 1 } });
          ctx.log(`log ${SECRET}`);
          ctx.metric(`metric ${SECRET}`, 1, 'ms');
          ctx.snapshot('a', { v: 1 });
          ctx.snapshot('b', { v: SECRET });
          await ctx.artifact(`art-${SECRET}.txt`, `artifact ${SECRET}`);
          await ctx.artifact('copied.txt', { path: source });
          await ctx.artifact('binary.bin', new Uint8Array([0xff, 0xfe, 0x00]));
        }),
        defineCase({ id: 'leak:throw', title: 'throws' }, () => {
          throw new Error(`failed with ${SECRET}`);
        }),
      ],
    });
    const outDir = await tempDir();
    const result = await runChecks({ packs: [pack], outDir, redact });
    const text = await allText(result.dir);
    expect(text).not.toContain(SECRET);
    expect(text).toContain('[REDACTED]');
    const artifacts = result.report.cases[0]!.iterations[0]!.artifacts;
    expect(artifacts.map((a) => [a.text, a.bytes])).toEqual([
      [true, Buffer.byteLength('artifact [REDACTED]')],
      [true, Buffer.byteLength('server said [REDACTED]\n')],
      [false, 3],
    ]);
  });

  it('fails closed when the redactor throws', async () => {
    const pack = definePack({ name: 'r', cases: [defineCase({ id: 'r:x', title: 'x' }, (ctx) => void ctx.check(false, `token ${SECRET}`))] });
    const result = await runChecks({
      packs: [pack],
      outDir: await tempDir(),
      redact: (text) => {
        if (text.includes(SECRET)) throw new Error('redactor broke');
        return text;
      },
    });
    expect(JSON.stringify(result.report)).not.toContain(SECRET);
    expect(result.report.cases[0]!.firstFailure).toBe('[redaction failed]');
  });
});

describe('redaction of keys', () => {
  it('redacts data keys but never the report structure, even with an aggressive redactor', async () => {
    const pack = definePack({
      name: 'keys',
      cases: [defineCase({ id: 'k:x', title: 'x' }, (ctx) => void ctx.operation('op', { kind: 'k', operation: 'o', expected: { status: 1 }, actual: { status: 1, secretKeyName: 2 } }))],
    });
    const aggressive = (text: string): string => (/^[a-z][A-Za-z]{3,}$/.test(text) && text !== 'k:x' ? 'X' : text);
    const result = await runChecks({ packs: [pack], outDir: await tempDir(), redact: aggressive });
    const op = result.report.cases[0]!.iterations[0]!.operations[0]!;
    expect(op.actual).toEqual({ status: 1, X: 2 });
    expect(result.report.schemaVersion).toBe(1);
  });
});
