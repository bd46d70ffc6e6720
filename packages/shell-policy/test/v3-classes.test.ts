import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadShellAnalyzer } from '../src/index.js';
import type { ShellAnalyzer } from '../src/index.js';
import { V3_CLASSES } from './v3-class-cases.js';

// Issue #45's shell classes: every case is decided in all three modes, so a class that regresses
// to "allowed" (or a neighbour that starts being refused) fails here.
const workspace = '/ws';
let analyzer: ShellAnalyzer;
beforeAll(async () => {
  analyzer = await loadShellAnalyzer();
});
afterAll(() => analyzer.dispose());

const PATH_RULES = new Set(['shell.delete_outside_workspace', 'shell.read_outside_workspace', 'shell.read_protected', 'shell.write_outside_workspace', 'shell.write_protected']);

describe('the issue #45 corpus', () => {
  it('grows the shell corpora by well over 60 cases, split across refusals, people, undecidable and allowed neighbours', () => {
    const all = Object.values(V3_CLASSES);
    const count = (pick: (c: (typeof all)[number]) => unknown[]): number => all.reduce((n, c) => n + pick(c).length, 0);
    expect(count((c) => c.deny)).toBeGreaterThanOrEqual(100);
    expect(count((c) => c.allow)).toBeGreaterThanOrEqual(60);
    expect(count((c) => c.undecidable) + count((c) => c.person)).toBeGreaterThanOrEqual(30);
  });
});

describe.each(Object.keys(V3_CLASSES))('%s', (kind) => {
  const corpus = V3_CLASSES[kind] ?? { deny: [], person: [], undecidable: [], allow: [] };

  it('has refusals and allowed neighbours', () => {
    expect(corpus.deny.length + corpus.person.length).toBeGreaterThanOrEqual(4);
    expect(corpus.allow.length).toBeGreaterThanOrEqual(4);
  });

  it.each(corpus.deny)('refuses %j in every mode (%s), naming what it refused', (command, rule) => {
    for (const mode of ['read-only', 'safe', 'yolo'] as const) {
      const decision = analyzer.decide(command, { workspace, mode });
      expect(decision).toMatchObject({ effect: 'deny', rule });
      expect(decision.params?.command).toMatch(/\S/);
      if (PATH_RULES.has(rule)) expect(decision.params?.path).toMatch(/\S/);
    }
  });

  it.each(corpus.person)('needs a person for %j (%s), denied in read-only', (command, rule) => {
    expect(analyzer.decide(command, { workspace, mode: 'yolo' })).toMatchObject({ effect: 'ask', requiresPerson: true, rule, params: { command: expect.stringMatching(/\S/) } });
    expect(analyzer.decide(command, { workspace, mode: 'safe' })).toMatchObject({ effect: 'ask', requiresPerson: true, rule });
    expect(analyzer.decide(command, { workspace, mode: 'read-only' })).toMatchObject({ effect: 'deny', rule });
  });

  it.each(corpus.undecidable)('cannot decide %j: a person in safe and yolo, denied in read-only', (command) => {
    expect(analyzer.decide(command, { workspace, mode: 'yolo' })).toMatchObject({ effect: 'ask', requiresPerson: true, rule: 'shell.undecidable' });
    expect(analyzer.decide(command, { workspace, mode: 'read-only' })).toMatchObject({ effect: 'deny', rule: 'shell.undecidable' });
  });

  it.each(corpus.allow)('lets %j through', (command) => {
    expect(analyzer.decide(command, { workspace, mode: 'yolo' })).toEqual({ effect: 'allow', reason: 'no deny-list rule matched the command', rule: 'shell.deny_list' });
  });
});

describe('what a scheduled job runs', () => {
  it('is analysed as shell, with the job marked as persistence once its content is harmless', () => {
    const analysis = analyzer.analyze("echo '*/5 * * * * cd /ws && npm test' | crontab -", { workspace });
    expect(analysis.commands.map((c) => c.name)).toEqual(expect.arrayContaining(['crontab', 'cd', 'npm']));
    expect(analysis.findings).toEqual([expect.objectContaining({ kind: 'person', rule: 'shell.persistence' })]);
  });

  it('reads systemd-run options before the command, and the command after them', () => {
    const analysis = analyzer.analyze('systemd-run --user --unit=sync -p Nice=5 --on-calendar=daily npm run sync', { workspace });
    expect(analysis.commands.find((c) => c.name === 'npm')).toMatchObject({ args: ['run', 'sync'], via: ['systemd-run'] });
  });
});
