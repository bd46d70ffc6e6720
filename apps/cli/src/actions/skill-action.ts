import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { CommandContext } from '../cli/command.js';
import { CliError } from '../cli/cli-error.js';
import { EXIT } from '../cli/exit-codes.js';
import type { SkillOptions } from './skill-options.js';
import { cliVersion } from '../version.js';
import { DEFAULT_SKILL_DIR, readManifest, readSkillFiles, sha256, shippedSkillDir, SKILL_MANIFEST, type SkillManifest } from './skill-files.js';
import { missingArgument, unexpectedArgument } from './usage-errors.js';

type FilePlan = 'write' | 'update' | 'unchanged' | 'changed';

/**
 * What installing does to one file: absent → write; identical → unchanged; different but
 * exactly as warden last wrote it (the manifest's hash) → update; otherwise the person
 * changed it → changed (kept unless --force).
 */
function planFile(target: string, content: Buffer, recorded: string | undefined): FilePlan {
  if (!existsSync(target)) return 'write';
  const current = readFileSync(target);
  if (current.equals(content)) return 'unchanged';
  return recorded !== undefined && recorded === sha256(current) ? 'update' : 'changed';
}

async function install(ctx: CommandContext<SkillOptions>): Promise<number> {
  const { io, t, style, options } = ctx;
  const dir = path.resolve(io.cwd, options.dir ?? DEFAULT_SKILL_DIR);
  const files = readSkillFiles(shippedSkillDir());
  const recorded = readManifest(dir).files;
  const plans = files.map((file) => ({ file, plan: planFile(path.join(dir, file.name), file.content, recorded[file.name]) }));
  const changed = plans.filter((p) => p.plan === 'changed').map((p) => p.file.name);
  if (changed.length > 0 && options.force !== true) {
    throw new CliError({
      code: 'cli.skill_changed',
      message: `${dir} holds changed copies of the skill: ${changed.join(', ')}`,
      key: 'error.skillChanged',
      params: { dir, files: changed.join(', ') },
      hintKey: 'hint.skillForce',
    });
  }
  const manifest: SkillManifest = { version: cliVersion(), files: {} };
  const written: string[] = [];
  for (const { file, plan } of plans) {
    manifest.files[file.name] = sha256(file.content);
    if (plan === 'unchanged') continue;
    const target = path.join(dir, file.name);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, file.content);
    written.push(file.name);
  }
  writeFileSync(path.join(dir, SKILL_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  const unchanged = files.length - written.length;
  if (options.json) io.stdout.write(`${JSON.stringify({ type: 'skill_installed', dir, written, unchanged: plans.filter((p) => p.plan === 'unchanged').map((p) => p.file.name), overwritten: changed })}\n`);
  else io.stdout.write(`${style.green('✔')} ${t('skill.installed', { dir, written: written.length, unchanged })}\n`);
  return EXIT.done;
}

/** `warden skill print` writes SKILL.md to stdout; `warden skill install [--dir DIR] [--force]` writes the skill folder. */
export async function skillAction(ctx: CommandContext<SkillOptions>): Promise<number> {
  const [verb, extra] = ctx.positionals;
  if (!verb) throw missingArgument('warden skill', 'print|install');
  if (extra !== undefined) throw unexpectedArgument(extra, `warden skill ${verb}`);
  if (verb === 'print') {
    if (ctx.options.dir !== undefined || ctx.options.force !== undefined) throw unexpectedArgument(ctx.options.dir !== undefined ? '--dir' : '--force', 'warden skill print');
    ctx.io.stdout.write(readFileSync(path.join(shippedSkillDir(), 'SKILL.md'), 'utf8'));
    return EXIT.done;
  }
  if (verb !== 'install') throw unexpectedArgument(verb, 'warden skill');
  return install(ctx);
}
