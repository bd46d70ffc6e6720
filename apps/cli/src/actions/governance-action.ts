import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  BUILTIN_PACK_DATA,
  BUILTIN_PACKS,
  checkedPack,
  effectiveGovernance,
  formatPackReport,
  loadGovernanceFile,
  packReport,
  trailFacts,
  type GovernancePack,
} from '@warden/governance';
import { CliError } from '../cli/cli-error.js';
import type { CommandContext } from '../cli/command.js';
import { EXIT } from '../cli/exit-codes.js';
import { resolveWorkdir } from './cli-harness-options.js';
import type { GovernanceOptions } from './governance-options.js';
import { missingArgument, unexpectedArgument } from './usage-errors.js';
import { TRANSPARENCY_VERBS } from './governance-transparency-verbs.js';

const VERBS = ['packs', 'pack', 'check', 'report', 'dsar', ...TRANSPARENCY_VERBS] as const;

/** `warden governance …`: lists and shows packs, checks the governance file, reports a pack against config and trail. */
export async function governanceAction(ctx: CommandContext<GovernanceOptions>): Promise<number> {
  const { io, t, options, positionals } = ctx;
  const [verb, name, extra] = positionals;
  if (!verb) throw missingArgument('warden governance', VERBS.join('|'));
  if (!(VERBS as readonly string[]).includes(verb)) throw unexpectedArgument(verb, 'warden governance');
  if ((TRANSPARENCY_VERBS as readonly string[]).includes(verb)) return (await import('./governance-transparency-action.js')).governanceTransparencyAction(ctx);
  const workdir = resolveWorkdir(io.cwd, options.workdir);
  const write = (text: string): void => void io.stdout.write(`${text}\n`);

  if (verb === 'dsar') {
    const { governanceDsarAction } = await import('./governance-dsar-action.js');
    return governanceDsarAction(ctx, positionals.slice(1));
  }

  if (verb === 'packs') {
    if (name !== undefined) throw unexpectedArgument(name, 'warden governance');
    const packs = BUILTIN_PACKS.map((id) => checkedPack(BUILTIN_PACK_DATA[id], id));
    if (options.json) write(JSON.stringify(packs.map(({ id, title, published, source, reviewed, requirements }) => ({ id, title, published, source, reviewed, requirements: requirements.length }))));
    else for (const p of packs) write(t('governance.pack.row', { id: p.id, title: p.title, published: p.published, reviewed: p.reviewed, count: p.requirements.length }));
    return EXIT.done;
  }

  if (verb === 'pack') {
    if (!name) throw missingArgument('warden governance pack', 'NAME');
    if (extra !== undefined) throw unexpectedArgument(extra, 'warden governance');
    const pack = await packNamed(name, io.cwd);
    if (options.json) write(JSON.stringify(pack));
    else {
      write(`${pack.title}\n${pack.source} (${pack.published}; reviewed ${pack.reviewed})\n${pack.notice}\n`);
      for (const req of pack.requirements) {
        write(`${req.cite} ${req.title}`);
        for (const c of req.controls) write(`  - ${c.text} [${c.evidence}]`);
      }
    }
    return EXIT.done;
  }

  if (name !== undefined) throw unexpectedArgument(name, 'warden governance');
  const file = path.resolve(io.cwd, options.governance ?? path.join(workdir, 'governance.yaml'));
  if (!existsSync(file)) {
    io.stderr.write(`${t('governance.missing', { file })}\n`);
    return EXIT.error;
  }
  const declared = await loadGovernanceFile(file);
  const governance = effectiveGovernance(declared);
  if (verb === 'check') {
    if (options.json) write(JSON.stringify({ file, ok: true, packs: declared.packs.map((p) => p.id), rules: governance.rules.length, policyVersion: governance.version }));
    else write(t('governance.check.ok', { file, packs: declared.packs.length, rules: governance.rules.length, version: governance.version }));
    return EXIT.done;
  }

  if (!options.pack) throw missingArgument('warden governance report', '--pack P');
  const pack = declared.packs.find((p) => p.id === options.pack) ?? (await packNamed(options.pack, path.dirname(file)));
  const trailFile = path.resolve(io.cwd, options.trail ?? path.join(workdir, '.warden', 'audit.jsonl'));
  const hmacKey = options.keyEnv ? io.env[options.keyEnv] : undefined;
  if (options.keyEnv && !hmacKey) {
    throw new CliError({ code: 'cli.invalid_value', message: `--key-env ${options.keyEnv} is not set`, key: 'error.invalidValue', params: { flag: '--key-env', reason: `${options.keyEnv} is not set` } });
  }
  const publicKey = options.publicKey ? await readFile(path.resolve(io.cwd, options.publicKey), 'utf8') : undefined;
  const facts = existsSync(trailFile) ? await trailFacts(trailFile, { ...(publicKey ? { publicKey } : {}), ...(hmacKey ? { hmacKey } : {}) }) : undefined;
  const report = packReport(pack, governance, facts, { env: io.env });
  const markdown = formatPackReport(report);
  if (options.out) await writeFile(path.resolve(io.cwd, options.out), `${markdown}\n`);
  if (options.json) write(JSON.stringify(report));
  else {
    if (!options.out) write(markdown);
    io.stderr.write(`${t('governance.report.notice')}\n`);
    write(t('governance.report.summary', { pack: pack.id, met: report.summary.met, partial: report.summary.partial, gap: report.summary.gap, manual: report.summary.manual, version: report.policyVersion }));
  }
  return EXIT.done;
}

/** A built-in pack by name, else a pack file. */
async function packNamed(name: string, baseDir: string): Promise<GovernancePack> {
  const builtin = BUILTIN_PACK_DATA[name];
  if (builtin !== undefined) return checkedPack(builtin, name);
  const { parseGovernance } = await import('@warden/governance');
  // A pack file is loaded the way a governance file names it, so its errors are located the same way.
  const declared = await parseGovernance(`packs: [${JSON.stringify(path.resolve(baseDir, name))}]`, { source: '--pack', baseDir });
  return declared.packs[0] as GovernancePack;
}
