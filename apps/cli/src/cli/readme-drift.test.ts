import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from './command-table.js';
import { globalOptions } from './global-options.js';

const CLI_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const README = readFileSync(path.join(CLI_ROOT, 'README.md'), 'utf8');

const kebab = (key: string): string => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

describe('the CLI README documents every command, option and config key', () => {
  it('names every command of the command table', () => {
    const missing = Object.keys(COMMANDS).filter((name) => !README.includes(`warden ${name}`));
    expect(missing).toEqual([]);
  });

  it('names every option of every command, and every global option', async () => {
    const missing: string[] = [];
    for (const [name, entry] of Object.entries(COMMANDS)) {
      const command = await entry.load();
      for (const key of Object.keys(command.options.shape)) if (!README.includes(`--${kebab(key)}`)) missing.push(`warden ${name} --${kebab(key)}`);
    }
    for (const key of Object.keys(globalOptions.shape)) if (!README.includes(`--${kebab(key)}`)) missing.push(`--${kebab(key)}`);
    expect(missing).toEqual([]);
  });

  it('names every top-level key of the published config schema', () => {
    const schema = JSON.parse(readFileSync(path.join(CLI_ROOT, 'warden.config.schema.json'), 'utf8')) as { properties: Record<string, unknown> };
    const keys = Object.keys(schema.properties).filter((key) => key !== '$schema');
    expect(keys.length).toBeGreaterThan(10);
    const missing = keys.filter((key) => !README.includes(`\`${key}\``) && !README.includes(`"${key}"`));
    expect(missing).toEqual([]);
  });
});

const REPO_ROOT = path.resolve(CLI_ROOT, '../..');
const TRANSLATIONS = ['es', 'hi', 'fr'] as const;

/** The `warden <command>` names a page mentions (only real commands). */
function commandsIn(text: string): string[] {
  return [...new Set([...text.matchAll(/warden ([a-z]+)/g)].map((m) => m[1]!))].filter((name) => name in COMMANDS).sort();
}

/** The lines of its `sh` code blocks, without trailing comments (which are translated). */
function setupCommands(text: string): string[] {
  const blocks = [...text.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!);
  return blocks.flatMap((block) => block.split('\n').map((line) => line.replace(/\s+#.*$/, '').trim()).filter(Boolean)).sort();
}

describe.each([
  ['the root README', REPO_ROOT],
  ['the CLI README', CLI_ROOT],
])('translations of %s', (_name, dir) => {
  const english = readFileSync(path.join(dir, 'README.md'), 'utf8');
  it.each(TRANSLATIONS)('README.%s.md lists the same commands and set-up commands, and the English page links it', (lang) => {
    const translated = readFileSync(path.join(dir, `README.${lang}.md`), 'utf8');
    expect(commandsIn(translated)).toEqual(commandsIn(english));
    expect(setupCommands(translated)).toEqual(setupCommands(english));
    expect(english).toContain(`(README.${lang}.md)`);
    expect(translated).toContain('(README.md)');
  });
});
