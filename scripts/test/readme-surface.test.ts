import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { declaredNames, exampleImports, jsEntries, readText, readmeSurface, surfaceProblems } from '../readme-surface.mjs';
import { publishablePackages, repoRoot } from '../workspace-packages.mjs';

// The libraries under packages/ (the apps document commands, not exports; private packages publish nothing).
const libraries = publishablePackages().filter((p) => p.dir.startsWith(join(repoRoot, 'packages')));
const allEntries = libraries.flatMap((p) => jsEntries(p.manifest, p.dir));
const declared = declaredNames(allEntries.flatMap((e) => (e.types ? [e.types] : [])));

describe('the README public-surface convention', () => {
  const readme = [
    '# @warden/x',
    '',
    '## Public surface',
    '',
    '### `@warden/x`',
    '',
    '- `makeThing(options)`, `ThingOptions` — makes a thing; mentions `notAName` after the dash',
    '',
    '### `@warden/x/testing`',
    '',
    '| Name | What it is |',
    '| --- | --- |',
    '| `fakeThing` | a fake, see `elsewhere` |',
    '',
    '## Errors',
    '',
    '- `SOMETHING_ELSE` — not in the surface section',
  ].join('\n');

  it('reads the names per entry: bullets before the dash, table rows in the first cell', () => {
    expect(Object.fromEntries(readmeSurface(readme) ?? [])).toEqual({
      '@warden/x': ['makeThing', 'ThingOptions'],
      '@warden/x/testing': ['fakeThing'],
    });
  });

  it('reports an unlisted runtime export and a listed name the entry does not export', () => {
    expect(
      surfaceProblems({ specifier: '@warden/x', runtime: ['makeThing', 'hidden'], declared: ['ThingOptions'], listed: ['makeThing', 'ThingOptions', 'gone'] }),
    ).toEqual([
      '@warden/x exports `hidden`, which its README does not list',
      'the README lists `gone` under @warden/x, which it does not export',
    ]);
  });

  it('accepts a type-only export that is not listed', () => {
    expect(surfaceProblems({ specifier: '@warden/x', runtime: ['makeThing'], declared: ['ThingOptions'], listed: ['makeThing'] })).toEqual([]);
  });

  it('reads the names a code example imports, without `type` and `as`', () => {
    const example = "import { createAgent, type Agent } from '@warden/core';\nimport { openai as vendor } from '@warden/providers';";
    expect(exampleImports(example)).toEqual([
      { specifier: '@warden/core', name: 'createAgent' },
      { specifier: '@warden/core', name: 'Agent' },
      { specifier: '@warden/providers', name: 'openai' },
    ]);
  });

  it('rejects a README without the section', () => {
    expect(readmeSurface('# @warden/x\n\n## Example\n')).toBeUndefined();
  });
});

describe.each(libraries.map((p) => [p.name, p] as const))('%s README public surface', (_name, pkg) => {
  const listed = readmeSurface(readText(join(pkg.dir, 'README.md')));
  const entries = jsEntries(pkg.manifest, pkg.dir);

  it('has one list per entry point and no list for an entry that does not exist', () => {
    expect(listed, 'README.md has no "## Public surface" section').toBeDefined();
    expect([...(listed?.keys() ?? [])].sort()).toEqual(entries.map((e) => e.specifier).sort());
  });

  it.each(entries.map((e) => [e.specifier, e] as const))('lists exactly the runtime exports of %s', async (specifier, entry) => {
    const runtime = Object.keys(await import(pathToFileURL(entry.js).href));
    const types = (entry.types && declared.get(entry.types)) || [];
    expect(surfaceProblems({ specifier, runtime, declared: types, listed: listed?.get(specifier) })).toEqual([]);
  });
});

describe('code examples in the READMEs and ARCHITECTURE.md', () => {
  const docs = execFileSync('git', ['ls-files', '*README*.md', 'ARCHITECTURE.md'], { cwd: repoRoot, encoding: 'utf8' })
    .split('\n')
    .filter((f) => f !== '');

  it('import only names their entry point exports (values or types)', async () => {
    const exported = new Map<string, Set<string>>();
    for (const entry of allEntries) {
      const runtime = Object.keys(await import(pathToFileURL(entry.js).href));
      exported.set(entry.specifier, new Set([...runtime, ...((entry.types && declared.get(entry.types)) || [])]));
    }
    const wrong = docs.flatMap((file) =>
      exampleImports(readText(join(repoRoot, file)))
        .filter(({ specifier, name }) => exported.has(specifier) && !exported.get(specifier)?.has(name))
        .map(({ specifier, name }) => `${file}: \`${name}\` is not exported by ${specifier}`),
    );
    expect(docs.length).toBeGreaterThan(10);
    expect(wrong).toEqual([]);
  });
});
