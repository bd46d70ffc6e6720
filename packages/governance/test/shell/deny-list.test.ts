import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadShellAnalyzer } from '../../src/shell/public.js';
import type { ShellAnalyzer } from '../../src/shell/public.js';
import { ALLOWED } from './allowed-commands.js';
import { DENIED } from './denied-commands.js';
import { UNDECIDABLE } from './undecidable-commands.js';

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

  it.each(DENIED)('denies %j (%s)', (command, rule) => {
    for (const mode of ['safe', 'yolo', 'read-only'] as const) {
      const decision = analyzer.decide(command, { workspace, mode });
      if (rule === 'shell.undecidable') {
        expect(decision.effect).toBe(mode === 'safe' ? 'ask' : 'deny');
      } else {
        expect(decision).toMatchObject({ effect: 'deny', rule });
      }
    }
  });

  it.each(ALLOWED)('allows %j', (command) => {
    const decision = analyzer.decide(command, { workspace, mode: 'yolo' });
    expect(decision).toEqual({ effect: 'allow', reason: 'no deny-list rule matched the command', rule: 'shell.deny_list' });
  });

  it.each(UNDECIDABLE)('asks in safe and denies in yolo for %j', (command) => {
    expect(analyzer.decide(command, { workspace, mode: 'safe' })).toMatchObject({ effect: 'ask', rule: 'shell.undecidable' });
    expect(analyzer.decide(command, { workspace, mode: 'yolo' })).toMatchObject({ effect: 'deny', rule: 'shell.undecidable' });
  });
});
