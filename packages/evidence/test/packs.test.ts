import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defineCase, definePack, discoverPacks, listCases, loadPack, loadPacks, matchesSelector, runChecks, selectItems, defineProbe } from '../src/index.js';
import { outputContains } from '../src/assertions.js';
import { identity, useTempDirs } from './helpers.js';

const tempDir = useTempDirs();

const PACK_SOURCE = (name: string, ids: string[]) => `
const run = (ctx) => { ctx.check(true, 'ok'); };
export default {
  meta: { name: ${JSON.stringify(name)}, version: '1.2.3', namespace: ${JSON.stringify(name)}, description: '' },
  cases: ${JSON.stringify(ids)}.map((id) => ({ kind: 'case', meta: { id, title: id, tags: ['e2e'], schedules: ['once'] }, run })),
  probes: [],
  environments: {},
};
`;

async function writePackage(root: string, name: string, manifest: Record<string, unknown>, files: Record<string, string>): Promise<void> {
  const dir = path.join(root, 'node_modules', ...name.split('/'));
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'package.json'), JSON.stringify({ name, version: '1.0.0', type: 'module', ...manifest }));
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), text);
  }
}

describe('pack discovery', () => {
  it('finds packs declared in node_modules package.json files, reports broken ones, and the others still run', async () => {
    const project = await tempDir();
    await writePackage(project, 'webdemo', { keywords: ['warden-pack'], warden: { pack: './dist/pack.js' } }, { 'dist/pack.js': PACK_SOURCE('webdemo', ['web:health', 'web:login']) });
    await writePackage(project, '@acme/warden-pack-api', { warden: { pack: './pack.js' } }, { 'pack.js': PACK_SOURCE('api', ['api:ping']) });
    await writePackage(project, 'broken-pack', { warden: { pack: './pack.js' } }, { 'pack.js': 'throw new Error("cannot load me");' });
    await writePackage(project, 'not-a-pack', {}, { 'index.js': 'export default 1;' });
    await writePackage(project, 'escaping', { warden: { pack: '../../outside.js' } }, {});
    await writePackage(project, 'bad-shape', { warden: { pack: './pack.js' } }, { 'pack.js': 'export default { meta: { name: "bad" }, cases: [{ kind: "case", meta: { id: "no-namespace", title: "x" }, run() {} }], probes: [] };' });

    const loads = await discoverPacks({ cwd: project });
    expect(loads.map((l) => [l.source, l.status])).toEqual([
      ['@acme/warden-pack-api', 'loaded'],
      ['bad-shape', 'error'],
      ['broken-pack', 'error'],
      ['escaping', 'error'],
      ['webdemo', 'loaded'],
    ]);
    const broken = loads.find((l) => l.source === 'broken-pack');
    expect(broken?.status === 'error' && broken.error.message).toContain('cannot load me');
    const badShape = loads.find((l) => l.source === 'bad-shape');
    expect(badShape?.status === 'error' && badShape.error.code).toBe('evidence.invalid_case');

    const result = await runChecks({ packs: loads, outDir: await tempDir(), redact: identity });
    expect(result.report.cases.map((c) => c.id)).toEqual(['api:ping', 'web:health', 'web:login']);
    expect(result.report.cases.every((c) => c.status === 'passed')).toBe(true);
    expect(result.report.packs.filter((p) => p.status === 'error')).toHaveLength(3);
    expect(result.exitCode).toBe(1);
  });

  it('loads a local pack with --pack (a package directory or a module file) and config [specifier, options]', async () => {
    const project = await tempDir();
    await mkdir(path.join(project, 'local'), { recursive: true });
    await writeFile(path.join(project, 'local', 'package.json'), JSON.stringify({ type: 'module', warden: { pack: './pack.js' } }));
    await writeFile(path.join(project, 'local', 'pack.js'), PACK_SOURCE('local', ['loc:one']));
    await writeFile(path.join(project, 'factory.mjs'), `export default (options) => ({ meta: { name: 'fac' }, cases: [{ kind: 'case', meta: { id: 'fac:' + options.id, title: 't' }, run() {} }], probes: [] });`);
    const dirLoad = await loadPack('./local', { cwd: project });
    expect(dirLoad.status).toBe('loaded');
    const factory = await loadPack(['./factory.mjs', { id: 'made' }], { cwd: project });
    expect(factory.status === 'loaded' && factory.pack.cases[0]!.meta.id).toBe('fac:made');
    const missing = await loadPack('./nope', { cwd: project });
    expect(missing.status === 'error' && missing.error.code).toBe('evidence.pack_load_failed');
    const all = await loadPacks({ cwd: project, packs: ['./local', 'uninstalled-pack'] });
    expect(all.map((l) => [l.source, l.status])).toEqual([
      ['./local', 'loaded'],
      ['uninstalled-pack', 'error'],
    ]);
  });
});

describe('selection and list', () => {
  const pack = definePack({
    name: 'webdemo',
    cases: [
      defineCase({ id: 'web:health', title: 'Health', tags: ['smoke'] }, () => undefined),
      defineCase({ id: 'web:login', title: 'Login', tags: ['e2e'], schedules: ['once', 'soak'] }, () => undefined),
      defineCase({ id: 'api:ping', title: 'Ping', tags: ['e2e'] }, () => undefined),
    ],
    probes: [defineProbe({ id: 'agent:hello', prompt: 'hi', assertions: [outputContains('hi')] })],
  });
  const other = definePack({ name: 'other', cases: [defineCase({ id: 'x:y', title: 'xy' }, () => undefined)] });

  it.each([
    [['pack:webdemo'], ['web:health', 'web:login', 'api:ping', 'agent:hello']],
    [['web:health'], ['web:health']],
    [['web:*'], ['web:health', 'web:login']],
    [['tag:e2e'], ['web:login', 'api:ping']],
    [['web:health', 'tag:e2e'], ['web:health', 'web:login', 'api:ping']],
    [['*:y', 'pack:nope'], ['x:y']],
    [[], ['web:health', 'web:login', 'api:ping', 'x:y', 'agent:hello']],
  ])('%j selects %j', (selectors, expected) => {
    const { items } = listCases({ packs: [pack, other], selectors });
    expect(items.map((i) => i.id).sort()).toEqual([...expected].sort());
  });

  it('treats glob metacharacters other than * literally', () => {
    expect(matchesSelector('web:h.alth', { id: 'web:health', pack: 'p', tags: [] })).toBe(false);
    expect(selectItems([{ id: 'a:(b)', pack: 'p', tags: [] }], ['a:(b)'])).toHaveLength(1);
  });
});
