import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { apiReports, typedEntries } from '../api-report.mjs';
import { publishablePackages } from '../workspace-packages.mjs';

// The API reports replace hand-kept export pins: the check must fail when a built
// declaration changes and the report was not updated, and pass when nothing changed.
const protocol = publishablePackages().find((p) => p.name === '@warden/protocol')!;
let dir = '';

function copyOfProtocol() {
  dir = mkdtempSync(join(tmpdir(), 'warden-api-test-'));
  for (const part of ['dist', 'api', 'package.json']) cpSync(join(protocol.dir, part), join(dir, part), { recursive: true });
  // The declarations import zod; resolve it from the real package's node_modules.
  cpSync(join(protocol.dir, 'node_modules'), join(dir, 'node_modules'), { recursive: true, verbatimSymlinks: true });
  return { dir, name: protocol.name, manifest: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) };
}

afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = '';
});

describe('API reports', () => {
  it('lists one typed entry per exports key with declarations', () => {
    expect(typedEntries(protocol.manifest).map(([entry]) => entry)).toEqual(['index', 'schemas', 'vocabulary', 'testing', 'checks', 'policy', 'net', 'handoff', 'history']);
  });

  it('every published entry has a checked-in report that matches the build', () => {
    expect(apiReports(publishablePackages())).toMatchObject({ changed: 0 });
  }, 120_000);

  it('fails when a public declaration changes without its report', () => {
    const copy = copyOfProtocol();
    const dts = join(copy.dir, 'dist', 'index.d.ts');
    writeFileSync(dts, readFileSync(dts, 'utf8') + '\nexport declare function addedWithoutReview(): void;\n');
    const lines: string[] = [];
    expect(apiReports([copy], { log: (l) => lines.push(l) })).toEqual({ checked: 9, changed: 1 });
    expect(lines.join('\n')).toMatch(/@warden\/protocol index: the API report differs/);
  }, 60_000);
});
