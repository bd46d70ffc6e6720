import { describe, expect, it } from 'vitest';
import { en } from '../i18n/en.js';
import { loadTranslator } from '../i18n/load-catalog.js';
import { terminalStyle } from '../render/terminal-style.js';
import { COMMANDS } from './command-table.js';
import { globalOptions } from './global-options.js';
import { commandHelp } from './help.js';

describe('command help', () => {
  it.each(Object.keys(COMMANDS))('every option of "%s" has a description in the catalogs', async (name) => {
    const command = await COMMANDS[name]!.load();
    expect(command.name).toBe(name);
    expect(command.summary).toBe(COMMANDS[name]!.summary);
    const keys = [...Object.keys(command.options.shape), ...Object.keys(globalOptions.shape)];
    expect(keys.filter((key) => !(`option.${key}` in en))).toEqual([]);
  });

  it('lists flags in kebab case with their aliases and value names, wrapped to the width', async () => {
    const run = await COMMANDS.run!.load();
    const out = { isTTY: false, columns: 80, write: () => undefined };
    const text = commandHelp(run, await loadTranslator('en'), terminalStyle(out, { COLUMNS: '80' }));
    expect(text).toContain('-p, --prompt <TASK>');
    expect(text).toContain('-w, --workdir <DIR>');
    expect(text).toContain('--mode <read-only|safe|yolo>');
    expect(text).toContain('--max-turns <N>');
    expect(text).toContain('-y, --yes');
    expect(text.split('\n').every((line) => line.length <= 80)).toBe(true);
  });
});
