import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { defineCase, definePack, runChecks } from '../src/index.js';
import { EvidenceReport, renderHtml, renderJunit, renderMarkdown, renderReport, reportJsonSchema, REPORT_SCHEMA_VERSION } from '../src/report.js';
import { identity, useTempDirs } from './helpers.js';

const tempDir = useTempDirs();

function bigPack(count: number) {
  return definePack({
    name: 'big',
    cases: Array.from({ length: count }, (_, i) =>
      defineCase({ id: `big:case-${i}`, title: `Case number ${i}`, tags: [i % 2 === 0 ? 'even' : 'odd', 'all'] }, (ctx) => {
        ctx.step('prepare');
        ctx.step('request', i % 7 === 0 ? 'fail' : 'pass');
        ctx.check(i % 5 !== 0, `response ${i} is 200`);
        ctx.threshold('latency', 10 + i, { max: 200 });
        ctx.operation('GET /items', { kind: 'http', operation: `GET /items?page=${i}`, expected: { status: 200, items: Array.from({ length: 20 }, (_, k) => ({ id: k, name: `item-${k}` })) }, actual: { status: i % 5 === 0 ? 500 : 200, items: Array.from({ length: 20 }, (_, k) => ({ id: k, name: `item-${k}` })) }, durationMs: i });
        ctx.metric('rows', 20, 'rows');
        ctx.log(`case ${i} done`);
      }),
    ),
  });
}

describe('report formats', () => {
  it('exports a versioned schema as zod and as JSON Schema', () => {
    const schema = reportJsonSchema();
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.type).toBe('object');
    expect((schema.properties as Record<string, { const?: unknown }>).schemaVersion!.const).toBe(REPORT_SCHEMA_VERSION);
    expect(schema.required).toEqual(expect.arrayContaining(['schemaVersion', 'runId', 'summary', 'cases', 'probes']));
  });

  it('renders a 200-case report, all four formats from the one document, with an HTML file under 1 MB that requests nothing', async () => {
    const result = await runChecks({ packs: [bigPack(200)], outDir: await tempDir(), redact: identity });
    const json = await readFile(result.files.json, 'utf8');
    const doc = EvidenceReport.parse(JSON.parse(json));
    const html = await readFile(result.files.html, 'utf8');
    expect(Buffer.byteLength(html)).toBeLessThan(1024 * 1024);
    expect(html).toBe(renderHtml(doc));
    expect(await readFile(result.files.markdown, 'utf8')).toBe(renderMarkdown(doc));
    expect(await readFile(result.files.junit, 'utf8')).toBe(renderJunit(doc));
    expect(html).not.toMatch(/\b(src|href)\s*=\s*"(https?:)?\/\//i);
    expect(html).not.toMatch(/<link\b|@import|url\(/i);
    expect(html).toContain("default-src 'none'");
    const failing = doc.cases.filter((c) => c.status === 'failed').length;
    expect(doc.summary.failed).toBe(failing);
    expect(html).toContain(`<div><b>${failing}</b>failed</div>`);
    const junit = await readFile(result.files.junit, 'utf8');
    expect(junit).toContain(`tests="200" failures="${failing}"`);
    expect(junit).toContain('<failure message="response 0 is 200" type="check">');
    expect(junit).toContain('<failure message="step failed: request" type="check">');
  });

  it('escapes hostile text in every format', async () => {
    const hostile = '<script>alert(1)</script>"&\'|`]]>\u0001';
    const pack = definePack({ name: 'x', cases: [defineCase({ id: 'x:y', title: hostile, tags: ['t'] }, (ctx) => void ctx.check(false, hostile))] });
    const result = await runChecks({ packs: [pack], outDir: await tempDir(), redact: identity });
    const { html, junit, markdown } = renderReport(result.report);
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(junit).not.toContain('<script>');
    expect(junit).not.toContain('\u0001');
    expect(markdown).not.toContain('<script>');
  });

  it('refuses to render a document that does not match the schema', () => {
    expect(() => renderReport({ schemaVersion: 2 } as never)).toThrow(/schema v1/);
  });
});
