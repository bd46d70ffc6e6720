import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from './helpers/run-cli.js';
import { tempWorkspace } from './helpers/workspace.js';

const SKILL = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../skills/warden');
const FILES = ['SKILL.md', 'references/evidence-vocabulary.md', 'references/exit-codes.md', 'references/pack-package.md', 'references/report-schema.md'];
const DEFAULT_DIR = path.join('.claude', 'skills', 'warden');

function shipped(name: string): string {
  return readFileSync(path.join(SKILL, name), 'utf8');
}

describe('warden skill print', () => {
  it('writes SKILL.md to stdout, exactly', async () => {
    const result = await runCli(['skill', 'print']);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(shipped('SKILL.md'));
    expect(result.stderr).toBe('');
  });

  it('is a usage error without a verb, with an unknown verb, an extra argument or install options', async () => {
    for (const args of [['skill'], ['skill', 'show'], ['skill', 'print', 'extra'], ['skill', 'print', '--force'], ['skill', 'install', '--bogus']]) {
      const result = await runCli(args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stdout, args.join(' ')).toBe('');
    }
  });
});

describe('warden skill install', () => {
  it('writes the skill folder to .claude/skills/warden by default, and again is a no-op', async () => {
    const dir = tempWorkspace();
    const first = await runCli(['skill', 'install'], { cwd: dir });
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('(5 written, 0 unchanged)');
    for (const name of FILES) expect(readFileSync(path.join(dir, DEFAULT_DIR, name), 'utf8'), name).toBe(shipped(name));
    const again = await runCli(['skill', 'install', '--json'], { cwd: dir });
    expect(again.code).toBe(0);
    const report = JSON.parse(again.stdout) as { type: string; written: string[]; unchanged: string[] };
    expect(report.type).toBe('skill_installed');
    expect(report.written).toEqual([]);
    expect(report.unchanged).toEqual(FILES);
  });

  it('--dir writes where another agent expects it (relative to the current directory)', async () => {
    const dir = tempWorkspace();
    const result = await runCli(['skill', 'install', '--dir', '.agents/skills/warden'], { cwd: dir });
    expect(result.code).toBe(0);
    expect(readFileSync(path.join(dir, '.agents/skills/warden/SKILL.md'), 'utf8')).toBe(shipped('SKILL.md'));
    expect(existsSync(path.join(dir, DEFAULT_DIR))).toBe(false);
  });

  it('does not overwrite a changed copy, nor write anything else, unless --force', async () => {
    const dir = tempWorkspace();
    expect((await runCli(['skill', 'install'], { cwd: dir })).code).toBe(0);
    const skill = path.join(dir, DEFAULT_DIR, 'SKILL.md');
    const reference = path.join(dir, DEFAULT_DIR, 'references/exit-codes.md');
    writeFileSync(skill, `${shipped('SKILL.md')}\n## Our own notes\n`);
    writeFileSync(reference, 'stale');
    const refused = await runCli(['skill', 'install'], { cwd: dir });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('cli.skill_changed');
    expect(refused.stderr).toContain('SKILL.md');
    expect(refused.stderr).toContain('--force');
    expect(readFileSync(skill, 'utf8')).toContain('## Our own notes');
    expect(readFileSync(reference, 'utf8')).toBe('stale');
    const forced = await runCli(['skill', 'install', '--force'], { cwd: dir });
    expect(forced.code).toBe(0);
    expect(readFileSync(skill, 'utf8')).toBe(shipped('SKILL.md'));
    expect(readFileSync(reference, 'utf8')).toBe(shipped('references/exit-codes.md'));
  });

  it('refuses a hand-written SKILL.md already in the folder, and keeps files of its own there', async () => {
    const dir = tempWorkspace();
    const target = path.join(dir, DEFAULT_DIR);
    mkdirSync(target, { recursive: true });
    writeFileSync(path.join(target, 'SKILL.md'), '---\nname: warden\n---\nmine\n');
    writeFileSync(path.join(target, 'local-notes.md'), 'keep me');
    const refused = await runCli(['skill', 'install'], { cwd: dir });
    expect(refused.code).toBe(1);
    expect(existsSync(path.join(target, 'references'))).toBe(false);
    expect((await runCli(['skill', 'install', '--force'], { cwd: dir })).code).toBe(0);
    expect(readFileSync(path.join(target, 'local-notes.md'), 'utf8')).toBe('keep me');
  });

  it('updates an older copy nobody edited (it matches what warden wrote) without --force', async () => {
    const dir = tempWorkspace();
    expect((await runCli(['skill', 'install'], { cwd: dir })).code).toBe(0);
    const target = path.join(dir, DEFAULT_DIR);
    // Simulate the copy an older warden wrote: the file and the manifest's hash of it.
    const old = '---\nname: warden\ndescription: an older skill\n---\n';
    writeFileSync(path.join(target, 'SKILL.md'), old);
    const manifestFile = path.join(target, '.warden-skill.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { files: Record<string, string> };
    manifest.files['SKILL.md'] = createHash('sha256').update(old).digest('hex');
    writeFileSync(manifestFile, JSON.stringify(manifest));
    const result = await runCli(['skill', 'install', '--json'], { cwd: dir });
    expect(result.code).toBe(0);
    expect((JSON.parse(result.stdout) as { written: string[] }).written).toEqual(['SKILL.md']);
    expect(readFileSync(path.join(target, 'SKILL.md'), 'utf8')).toBe(shipped('SKILL.md'));
  });
});
