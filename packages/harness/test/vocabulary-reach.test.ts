import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { GateCall, GateContext, ToolV1 } from '@warden/protocol';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createGate, loadShellAnalyzer, pathPolicy } from '@warden/governance';
import { createPathJail, createSandbox, createWorkspaceTools, SANDBOX_HIDDEN_PATHS } from '@warden/tools';

// One edit to the vocabulary's protected-path table — here, `.secrets` added the way a maintainer
// would add it — must reach the jail (tools), the gate (governance), the shell analyzer
// (shell-policy) and the OS sandbox, with no change in any of them.
vi.mock('@warden/protocol/vocabulary', async (importOriginal) => {
  const real = await importOriginal<typeof import('@warden/protocol/vocabulary')>();
  return { ...real, PROTECTED_PATHS: Object.freeze([...real.PROTECTED_PATHS, { name: '.secrets', sandbox: 'hidden' as const }]) };
});

const SECRET = 'vocabulary-secret-7c1f';
let root: string;
let workspace: string;
let analyzer: Awaited<ReturnType<typeof loadShellAnalyzer>>;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'warden-vocab-'));
  workspace = path.join(root, 'ws');
  mkdirSync(path.join(workspace, 'pkg', '.secrets'), { recursive: true });
  mkdirSync(path.join(workspace, '.secrets'), { recursive: true });
  writeFileSync(path.join(workspace, '.secrets', 'token'), `${SECRET}\n`);
  writeFileSync(path.join(workspace, 'pkg', '.secrets', 'token'), `${SECRET}\n`);
  writeFileSync(path.join(workspace, 'readme.txt'), 'hello\n');
  analyzer = await loadShellAnalyzer();
});

afterAll(() => {
  analyzer.dispose();
  rmSync(root, { recursive: true, force: true });
});

describe('a protected path added to the vocabulary', () => {
  it('is not in the real table (the mock is the only edit)', async () => {
    const real = await vi.importActual<typeof import('@warden/protocol/vocabulary')>('@warden/protocol/vocabulary');
    expect(real.PROTECTED_PATHS.map((p) => p.name)).not.toContain('.secrets');
  });

  it('is refused by the path jail, at any depth and in a folded spelling', () => {
    const jail = createPathJail({ root: workspace });
    for (const input of ['.secrets/token', 'pkg/.secrets/token', '.SECRETS/token', '．secrets/token']) {
      expect(() => jail.resolve(input), input).toThrow(expect.objectContaining({ code: 'tool.path_protected' }) as Error);
    }
    expect(jail.resolve('readme.txt').exists).toBe(true);
  });

  it('is refused by the gate, in every mode', async () => {
    const ctx: GateContext = { runId: 'r', step: 1, tainted: false, touchedPaths: new Set() };
    for (const mode of ['yolo', 'safe'] as const) {
      const gate = createGate({ workspace, shell: analyzer, mode });
      const write: GateCall = { id: 'w', name: 'write_file', args: { path: 'pkg/.secrets/token', content: 'x' }, annotations: { mutating: true } };
      expect(await gate.decide(write, ctx)).toMatchObject({ effect: 'deny', rule: 'path.protected' });
    }
    expect(pathPolicy({ workspace }).classify('.Secrets/token')).toBe('protected');
  });

  it('is refused by the shell analyzer', () => {
    const decision = analyzer.decide('echo leaked > .secrets/token', { workspace, mode: 'yolo' });
    expect(decision).toMatchObject({ effect: 'deny', rule: 'shell.write_protected' });
    expect(analyzer.decide('echo fine > notes.txt', { workspace, mode: 'yolo' }).effect).toBe('allow');
  });

  it('is hidden by the OS sandbox from a real sandboxed command', async () => {
    expect(SANDBOX_HIDDEN_PATHS).toContain('.secrets');
    const sandbox = createSandbox({ workspace, mode: 'on', home: path.join(root, 'home') });
    try {
      const { tools } = createWorkspaceTools({ root: workspace, allowShell: true, shell: { sandbox, env: { PATH: '/usr/local/bin:/usr/bin:/bin' }, timeoutMs: 60_000 } });
      const shell = tools.find((t) => t.name === 'shell') as ToolV1;
      const output = await shell.execute({ command: 'cat readme.txt; cat .secrets/token; echo done' }, { signal: new AbortController().signal, callId: 'c', runId: 'r', emit: () => undefined });
      const text = JSON.stringify(output);
      expect(text).toContain('hello');
      expect(text).toContain('done');
      expect(text).not.toContain(SECRET);
    } finally {
      sandbox.close();
    }
  });
});
