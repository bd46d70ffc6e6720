import { describe, expect, it } from 'vitest';
import { runCli } from './helpers/run-cli.js';

// Issue 47: options several commands share (--max-concurrent, --max-body, --http, --key, --agent)
// are described in each command's own words — `warden a2a --help` never explains what the flag
// does for `mcp serve` or `probe serve`. Checked on the built binary, in every language.

const FLAGS = ['--max-concurrent', '--max-body', '--http', '--key', '--agent'];
const COMMANDS = { mcp: ['a2a', 'probe', 'WARDEN_A2A'], a2a: ['mcp', 'probe', 'WARDEN_MCP'], probe: ['mcp', 'a2a', 'WARDEN_MCP', 'WARDEN_A2A'] } as const;

/** The help rows (with their wrapped continuation lines) of the shared flags. */
function sharedRows(help: string): Map<string, string> {
  const rows = new Map<string, string>();
  let current: string | undefined;
  for (const line of help.split('\n')) {
    const flag = /^\s+(?:-\w, )?(--[a-z-]+)/.exec(line)?.[1];
    if (flag) current = FLAGS.includes(flag) ? flag : undefined;
    else if (!/^\s{10,}\S/.test(line)) current = undefined;
    if (current) rows.set(current, `${rows.get(current) ?? ''} ${line.trim()}`);
  }
  return rows;
}

describe('shared options have each command\'s own help text', () => {
  for (const lang of ['en', 'es', 'fr', 'hi']) {
    it(`in ${lang}`, async () => {
      for (const [command, others] of Object.entries(COMMANDS)) {
        const r = await runCli([command, '--help', '--lang', lang]);
        expect(r.code).toBe(0);
        const rows = sharedRows(r.stdout);
        expect(rows.size, `${command} --help lists its shared flags`).toBeGreaterThan(1);
        for (const [flag, text] of rows) {
          for (const other of others) expect(text, `${command} --help ${flag}`).not.toMatch(new RegExp(`\\b${other}\\b(?! ?(?:add|list|pin))`));
        }
      }
    });
  }
});
