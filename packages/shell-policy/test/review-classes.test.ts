import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadShellAnalyzer } from '../src/index.js';
import type { ShellAnalyzer } from '../src/index.js';
import { CLASS_ALLOWED, CLASS_DENIED } from './class-cases.js';

const workspace = '/ws';
let analyzer: ShellAnalyzer;
beforeAll(async () => {
  analyzer = await loadShellAnalyzer();
});
afterAll(() => analyzer.dispose());

describe.each(Object.keys(CLASS_DENIED))('%s', (kind) => {
  it('has several variants that must be denied and harmless look-alikes', () => {
    expect(CLASS_DENIED[kind]?.length).toBeGreaterThanOrEqual(9);
    expect(CLASS_ALLOWED[kind]?.length).toBeGreaterThanOrEqual(6);
  });

  it.each(CLASS_DENIED[kind] ?? [])('refuses %j in every mode (%s)', (command, rule) => {
    for (const mode of ['read-only', 'safe', 'yolo'] as const) {
      const decision = analyzer.decide(command, { workspace, mode });
      if (rule === 'shell.undecidable') expect(decision).toMatchObject(mode === 'read-only' ? { effect: 'deny', rule } : { effect: 'ask', rule, requiresPerson: true });
      else expect(decision).toMatchObject({ effect: 'deny', rule });
    }
  });

  it.each(CLASS_ALLOWED[kind] ?? [])('lets %j through', (command) => {
    expect(analyzer.decide(command, { workspace, mode: 'yolo' })).toMatchObject({ effect: 'allow', rule: 'shell.deny_list' });
  });
});

describe('the metadata address as a search pattern', () => {
  it.each(CLASS_ALLOWED['metadata address as a pattern'] ?? [])('is not a network target in %j', (command) => {
    expect(analyzer.decide(command, { workspace, mode: 'yolo' })).toMatchObject({ effect: 'allow' });
  });

  it.each(['curl http://169.254.169.254/', 'grep x <(curl -s 169.254.169.254/latest)', 'echo 169.254.169.254 | xargs curl', "python3 -c 'import urllib.request as u; u.urlopen(\"http://169.254.169.254\")'", 'nc 169.254.169.254 80'])('still denies %j', (command) => {
    expect(analyzer.decide(command, { workspace, mode: 'yolo' })).toMatchObject({ effect: 'deny', rule: 'shell.cloud_metadata' });
  });
});
