#!/usr/bin/env node
// API reports: one API Extractor report per public entry of every publishable package
// (`packages/<name>/api/<entry>.api.md`), made from the built declaration files.
// `node scripts/api-report.mjs` checks that each report matches the build (CI);
// `--update` rewrites the reports after a deliberate change to a public surface.
// A report is reviewed in the pull request like code: it is the package's promise.
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Extractor, ExtractorConfig, ExtractorLogLevel } from '@microsoft/api-extractor';
import { publishablePackages } from './workspace-packages.mjs';


/** The entries of a manifest's `exports` map that have declarations: `[entryName, dtsPath]`. */
export function typedEntries(manifest) {
  const out = [];
  for (const [key, target] of Object.entries(manifest.exports ?? {})) {
    const types = typeof target === 'object' && target !== null ? target.types : undefined;
    if (!types) continue;
    const entry = key === '.' ? 'index' : key.replace(/^\.\//, '').replaceAll('/', '-');
    out.push([entry, types]);
  }
  return out;
}

/**
 * The names an API report says its entry exports: top-level `export <kind> Name` declarations and
 * `export { Name }` / `export { Local_2 as Name }` re-exports and `export default` (members of a namespace are indented).
 * @param {string} report the text of an `.api.md` file
 * @returns {string[]}
 */
export function reportNames(report) {
  const names = new Set();
  for (const line of report.split('\n')) {
    const declared = /^export (?:declare )?(?:abstract )?(?:function|const|let|var|class|type|interface|enum|namespace) ([A-Za-z_$][\w$]*)/.exec(line);
    if (declared) names.add(declared[1]);
    if (/^export default /.test(line)) names.add('default');
    const reexport = /^export \{([^}]*)\}/.exec(line);
    if (reexport) for (const part of reexport[1].split(',')) if (part.trim()) names.add(part.trim().split(/\s+as\s+/).pop());
  }
  return [...names];
}

// Messages that are about doc comments or release tags, which Warden does not use, are silenced;
// what stays is what changes the surface: the report itself.
const quiet = { logLevel: ExtractorLogLevel.None };
const messages = {
  compilerMessageReporting: { default: quiet },
  extractorMessageReporting: { default: quiet },
  tsdocMessageReporting: { default: quiet },
};

/**
 * Checks (or, with `update`, rewrites) the API reports of `packages`.
 * @param {{ dir: string, name: string, manifest: any }[]} packages
 * @param {{ update?: boolean, log?: (line: string) => void }} [options]
 * @returns {{ checked: number, changed: number }}
 */
export function apiReports(packages, { update = false, log = () => {} } = {}) {
const temp = mkdtempSync(join(tmpdir(), 'warden-api-'));
let changed = 0;
let checked = 0;
try {
  for (const pkg of packages) {
    const reportFolder = join(pkg.dir, 'api');
    mkdirSync(reportFolder, { recursive: true });
    for (const [entry, types] of typedEntries(pkg.manifest)) {
      const dts = join(pkg.dir, types);
      if (!existsSync(dts)) {
        log(`FAIL ${pkg.name} ${entry}: ${types} is missing (build first)`);
        changed += 1;
        continue;
      }
      const config = ExtractorConfig.prepare({
        configObject: {
          projectFolder: pkg.dir,
          mainEntryPointFilePath: dts,
          compiler: { overrideTsconfig: { compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, skipLibCheck: true, types: ['node'] } } },
          apiReport: { enabled: true, reportFolder, reportFileName: entry, reportTempFolder: join(temp, pkg.name.replace('/', '-')) },
          docModel: { enabled: false },
          dtsRollup: { enabled: false },
          tsdocMetadata: { enabled: false },
          messages,
        },
        configObjectFullPath: join(pkg.dir, 'api-extractor.json'),
        packageJsonFullPath: join(pkg.dir, 'package.json'),
      });
      const result = Extractor.invoke(config, { localBuild: update, messageCallback: (m) => (m.handled = true) });
      checked += 1;
      if (!result.succeeded || (!update && result.apiReportChanged)) {
        changed += 1;
        log(`FAIL ${pkg.name} ${entry}: the API report differs from api/${entry}.api.md (run: node scripts/api-report.mjs --update, and review the diff)`);
      } else if (update && result.apiReportChanged) {
        log(`updated ${pkg.name} api/${entry}.api.md`);
      }
    }
  }
} finally {
  rmSync(temp, { recursive: true, force: true });
}
return { checked, changed };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const update = process.argv.includes('--update');
  const only = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  const packages = publishablePackages().filter((p) => only.length === 0 || only.includes(p.name));
  const { checked, changed } = apiReports(packages, { update, log: (line) => console.log(line) });
  console.log(changed === 0 ? `api-report: ${checked} report(s) match the build` : `api-report: ${changed} of ${checked} report(s) differ`);
  process.exit(changed === 0 ? 0 : 1);
}
