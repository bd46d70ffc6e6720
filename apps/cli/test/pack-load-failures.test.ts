import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from './helpers/run-cli.js';
import { tempWorkspace } from './helpers/workspace.js';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '__fixtures__');
const PACK = path.join(FIXTURES, 'fixture-pack.mjs');

// A pack named on the command line that does not load stops the command before anything runs;
// a pack only discovered in node_modules is a warning and the rest still run.
describe('a pack that does not load', () => {
  it('--pack with a path that does not exist: exit 1, the path and the code, no report', async () => {
    const dir = tempWorkspace();
    const result = await runCli(['check', 'fixture:*', '--pack', './no-such-pack.mjs', '--out', 'reports'], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`pack ${path.join(dir, 'no-such-pack.mjs')} failed to load`);
    expect(result.stderr).toContain('[cli.pack_not_loaded]');
    expect(result.stderr).toContain('a module file that exports a pack');
    expect(result.stdout).not.toContain('report:');
    expect(existsSync(path.join(dir, 'reports'))).toBe(false);
  });

  it('--pack with a module that does not parse stops the run even beside a good pack', async () => {
    const dir = tempWorkspace();
    writeFileSync(path.join(dir, 'broken-pack.mjs'), 'export default definePack({ cases: [ ;\n');
    const result = await runCli(['check', 'fixture:*', '--pack', PACK, '--pack', 'broken-pack.mjs', '--out', 'reports'], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('[cli.pack_not_loaded]');
    expect(result.stdout).not.toContain('fixture:passes');
  });

  it('says it in the chosen language', async () => {
    const dir = tempWorkspace();
    const result = await runCli(['check', 'fixture:*', '--pack', './missing.mjs', '--lang', 'es'], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('no se pudo cargar');
    expect(result.stderr).toContain('revisa la ruta');
  });

  it('probe run --probes FILE that does not exist stops before the target is touched', async () => {
    const dir = tempWorkspace();
    const result = await runCli(['probe', 'run', path.join(FIXTURES, 'probe-target.json'), '--probes', './missing-probes.mjs', '--out', 'reports'], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('[cli.pack_not_loaded]');
    expect(existsSync(path.join(dir, 'reports'))).toBe(false);
  });

  it('a broken pack discovered in node_modules is a warning: the packs asked for still run', async () => {
    // The report still records the pack that failed (so the exit code stays 1), but the run happens.
    const dir = tempWorkspace();
    const pkg = path.join(dir, 'node_modules', 'broken-installed-pack');
    mkdirSync(pkg, { recursive: true });
    writeFileSync(path.join(pkg, 'package.json'), JSON.stringify({ name: 'broken-installed-pack', warden: { pack: './missing.js' } }));
    const result = await runCli(['check', 'fixture:passes', '--pack', PACK, '--out', 'reports'], { cwd: dir });
    expect(result.stderr).toContain('pack broken-installed-pack failed to load');
    expect(result.stderr).not.toContain('cli.pack_not_loaded');
    expect(result.stdout).toContain('fixture:passes: passed');
    expect(result.stdout).toContain('report:');
    expect(result.code).toBe(1);
  });
});
