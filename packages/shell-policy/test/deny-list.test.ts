import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadShellAnalyzer, SHELL_RULES } from '../src/index.js';
import type { ShellAnalyzer } from '../src/index.js';
import { ALLOWED } from './allowed-commands.js';
import { CLASS_DENIED } from './class-cases.js';
import { DENIED } from './denied-commands.js';
import { UNDECIDABLE } from './undecidable-commands.js';
import { V3_CLASSES } from './v3-class-cases.js';

const workspace = '/ws';
let analyzer: ShellAnalyzer;

beforeAll(async () => {
  analyzer = await loadShellAnalyzer();
});
afterAll(() => analyzer.dispose());

describe('the shell deny list', () => {
  it('has at least 150 denied and 60 allowed cases', () => {
    expect(DENIED.length).toBeGreaterThanOrEqual(150);
    expect(ALLOWED.length).toBeGreaterThanOrEqual(60);
  });

  it('answers with every rule SHELL_RULES lists, and with no other', () => {
    const denied = [...DENIED, ...Object.values(CLASS_DENIED).flat()];
    const v3 = Object.values(V3_CLASSES).flatMap((c) => [...c.deny.map(([command]) => command), ...c.person.map(([command]) => command), ...c.undecidable, ...c.allow]);
    const commands = [...denied.map(([command]) => command), ...ALLOWED, ...UNDECIDABLE, ...v3, 'git commit --amend'];
    const given = new Set(commands.map((command) => analyzer.decide(command, { workspace, mode: 'safe' }).rule));
    expect([...given].sort()).toEqual(Object.keys(SHELL_RULES).sort());
  });

  it.each(DENIED)('denies %j (%s)', (command, rule) => {
    for (const mode of ['safe', 'yolo', 'read-only'] as const) {
      const decision = analyzer.decide(command, { workspace, mode });
      if (rule === 'shell.undecidable') {
        expect(decision).toMatchObject(mode === 'read-only' ? { effect: 'deny' } : { effect: 'ask', requiresPerson: true });
      } else {
        expect(decision).toMatchObject({ effect: 'deny', rule });
      }
    }
  });

  it.each(ALLOWED)('allows %j', (command) => {
    const decision = analyzer.decide(command, { workspace, mode: 'yolo' });
    expect(decision).toEqual({ effect: 'allow', reason: 'no deny-list rule matched the command', rule: 'shell.deny_list' });
  });

  it.each(UNDECIDABLE)('needs a person in safe and yolo and denies in read-only for %j', (command) => {
    expect(analyzer.decide(command, { workspace, mode: 'safe' })).toMatchObject({ effect: 'ask', rule: 'shell.undecidable', requiresPerson: true });
    expect(analyzer.decide(command, { workspace, mode: 'yolo' })).toMatchObject({ effect: 'ask', rule: 'shell.undecidable', requiresPerson: true });
    expect(analyzer.decide(command, { workspace, mode: 'read-only' })).toMatchObject({ effect: 'deny', rule: 'shell.undecidable' });
  });
});
