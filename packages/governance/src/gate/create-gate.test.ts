import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, type Decision, type GateCall, type GateContext, type ToolAnnotations } from '@warden/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePolicy } from '../policy/load-policy.js';
import { loadShellAnalyzer, type ShellAnalyzer } from '@warden/shell-policy';
import { createGate, type GateOptions } from './create-gate.js';

const workspace = mkdtempSync(join(tmpdir(), 'warden-gate-'));
let analyzer: ShellAnalyzer;
beforeAll(async () => {
  analyzer = await loadShellAnalyzer();
});
afterAll(() => {
  analyzer.dispose();
  rmSync(workspace, { recursive: true, force: true });
});

/** A command whose name is only known at run time: the analyzer cannot decide it. */
const UNDECIDABLE = 'eval "$SOME_UNSET_VARIABLE"';

const RO: ToolAnnotations = { readOnly: true };
const MUT: ToolAnnotations = { mutating: true };
const ctx: GateContext = { runId: 'r1', step: 0, tainted: false };

function call(name: string, args: GateCall['args'] = {}, annotations: ToolAnnotations = MUT): GateCall {
  return { id: `c-${name}`, name, args, annotations };
}

function gate(options: Partial<GateOptions> = {}) {
  return createGate({ workspace, shell: analyzer, ...options });
}

async function decide(options: Partial<GateOptions>, c: GateCall, context: GateContext = ctx): Promise<Decision> {
  return gate(options).decide(c, context);
}

describe('modes', () => {
  it('read-only allows readOnly tools and denies the rest, naming the mode', async () => {
    expect(await decide({ mode: 'read-only' }, call('read_file', { path: 'a.txt' }, RO))).toMatchObject({ effect: 'allow', rule: 'mode.read-only' });
    const denied = await decide({ mode: 'read-only' }, call('write_file', { path: 'a.txt' }));
    expect(denied).toMatchObject({ effect: 'deny', rule: 'mode.read-only' });
    expect(denied.reason).toContain('read-only mode');
    expect(await decide({ mode: 'read-only' }, call('mystery'))).toMatchObject({ effect: 'deny' });
    expect(await decide({ mode: 'read-only' }, call('shell', { command: 'ls' }))).toMatchObject({ effect: 'deny', rule: 'mode.read-only' });
  });

  it('safe (the default) allows readOnly tools and asks for mutating or unannotated ones', async () => {
    expect(gate().mode).toBe('safe');
    expect(await decide({}, call('grep', { pattern: 'x' }, RO))).toMatchObject({ effect: 'allow', rule: 'mode.safe' });
    expect(await decide({}, call('write_file', { path: 'a.txt' }))).toMatchObject({ effect: 'ask', rule: 'mode.safe' });
    expect(await decide({}, { id: '1', name: 'unknown_tool', args: {} })).toMatchObject({ effect: 'ask', rule: 'mode.safe' });
  });

  it('yolo allows without asking but keeps the hard limits', async () => {
    expect(await decide({ mode: 'yolo' }, call('write_file', { path: 'a.txt' }))).toMatchObject({ effect: 'allow', rule: 'mode.yolo' });
    expect(await decide({ mode: 'yolo' }, call('write_file', { path: '.env' }))).toMatchObject({ effect: 'deny', rule: 'path.protected' });
    expect(await decide({ mode: 'yolo' }, call('shell', { command: 'rm -rf /' }))).toMatchObject({ effect: 'deny', rule: 'shell.delete_outside_workspace' });
    expect(await decide({ mode: 'yolo', denyList: ['mcp__prod__*'] }, call('mcp__prod__drop'))).toMatchObject({ effect: 'deny', rule: 'deny-list' });
  });

  it('refuses bad options with typed errors', () => {
    expect(() => createGate({ workspace: '' })).toThrow(ConfigError);
    expect(() => createGate({ workspace, mode: 'wild' as never })).toThrow(/mode must be one of/);
    expect(() => createGate({ workspace, protectedPath: ['x'] } as never)).toThrow(expect.objectContaining({ code: 'config.unknown_key', message: expect.stringContaining('"protectedPath"') }));
  });
});

describe('paths in arguments (every mode)', () => {
  it.each([
    ['.env', 'path.protected'],
    ['.env.production', 'path.protected'],
    ['.git/config', 'path.protected'],
    ['sub/.git/HEAD', 'path.protected'],
    ['.warden/sessions/x.jsonl', 'path.protected'],
    ['../outside.txt', 'path.outside'],
    ['/etc/passwd', 'path.outside'],
    ['~/.bashrc', 'path.outside'],
    ['src/../../escape', 'path.outside'],
  ])('write_file path %s → %s', async (path, rule) => {
    for (const mode of ['read-only', 'safe', 'yolo'] as const) {
      expect(await decide({ mode }, call('write_file', { path }, mode === 'read-only' ? RO : MUT))).toMatchObject({ effect: 'deny', rule });
    }
  });

  it('finds paths under other names and nested in objects and arrays', async () => {
    expect(await decide({ mode: 'yolo' }, call('copy', { source: 'a', destination: '/tmp/x' }))).toMatchObject({ rule: 'path.outside' });
    expect(await decide({ mode: 'yolo' }, call('multi_edit', { edits: [{ file_path: 'ok.ts' }, { file_path: '.env' }] }))).toMatchObject({ rule: 'path.protected' });
    expect(await decide({ mode: 'yolo' }, call('bulk', { files: ['a', 'b', '../c'] }))).toMatchObject({ rule: 'path.outside' });
    expect(await decide({ mode: 'yolo' }, call('shell', { command: 'ls', cwd: '/' }))).toMatchObject({ rule: 'path.outside' });
    expect(await decide({ mode: 'yolo' }, call('write_file', { path: 'a\0b' }))).toMatchObject({ rule: 'path.invalid' });
    expect(await decide({ mode: 'yolo', protectedPaths: ['secrets'] }, call('write_file', { path: 'config/secrets/key' }))).toMatchObject({ rule: 'path.protected' });
  });

  it.each(['filePath', 'FILE_PATH', 'file-path', 'output_path', 'targetFile', 'sourceDir', 'baseFolder', 'Destination', 'cwd'])('checks the %s argument', async (key) => {
    expect(await decide({ mode: 'yolo' }, call('custom_tool', { [key]: '/etc/shadow' }))).toMatchObject({ effect: 'deny', rule: 'path.outside' });
  });

  it('refuses arguments nested too deeply to check', async () => {
    let args: GateCall['args'] = { path: '../x' };
    for (let i = 0; i < 12; i += 1) args = { inner: args };
    expect(await decide({ mode: 'yolo' }, call('deep', args))).toMatchObject({ effect: 'deny', rule: 'path.unchecked' });
  });

  it('lets ordinary workspace paths through', async () => {
    expect(await decide({ mode: 'yolo' }, call('write_file', { path: 'src/index.ts' }))).toMatchObject({ effect: 'allow' });
    expect(await decide({ mode: 'yolo' }, call('write_file', { path: join(workspace, 'src/a.ts') }))).toMatchObject({ effect: 'allow' });
    expect(await decide({ mode: 'yolo' }, call('write_file', { path: '.environment.md' }))).toMatchObject({ effect: 'allow' });
  });
});

describe('shell', () => {
  it('runs the analyzer in every mode and keeps undecidable commands away from allow', async () => {
    const safeUndecided = await decide({ mode: 'safe' }, call('shell', { command: UNDECIDABLE }));
    expect(safeUndecided.effect).toBe('ask');
    expect(safeUndecided.rule).toMatch(/^shell\./);
    expect(safeUndecided.requiresPerson).toBe(true);
    const yoloUndecided = await decide({ mode: 'yolo' }, call('shell', { command: UNDECIDABLE }));
    expect(yoloUndecided).toMatchObject({ effect: 'ask', requiresPerson: true });
    expect(yoloUndecided.rule).toMatch(/^shell\./);
    expect(await decide({ mode: 'read-only' }, call('shell', { command: UNDECIDABLE }))).toMatchObject({ effect: 'deny' });
    expect(await decide({ mode: 'yolo' }, call('shell', { command: 'echo hi > /etc/x' }))).toMatchObject({ effect: 'deny', rule: 'shell.write_outside_workspace' });
    expect(await decide({ mode: 'safe' }, call('shell', { command: 'ls' }))).toMatchObject({ effect: 'allow', rule: 'shell.read_only' });
    expect(await decide({ mode: 'safe' }, call('shell', { command: 'npm test' }))).toMatchObject({ effect: 'ask', rule: 'mode.safe' });
    expect(await decide({ mode: 'yolo' }, call('shell', { command: 'ls' }))).toMatchObject({ effect: 'allow', rule: 'mode.yolo' });
    expect(await decide({ mode: 'yolo' }, call('shell', { command: 42 }))).toMatchObject({ effect: 'deny', rule: 'shell.invalid' });
  });

  it('an allow rule cannot override the analyzer', async () => {
    const rules = [{ id: 'all-shell', tool: 'shell', effect: 'allow' as const }];
    expect(await decide({ rules }, call('shell', { command: 'rm -rf /' }))).toMatchObject({ effect: 'deny' });
    expect(await decide({ rules }, call('shell', { command: UNDECIDABLE }))).toMatchObject({ effect: 'ask' });
    expect(await decide({ rules }, call('shell', { command: 'npm test' }))).toMatchObject({ effect: 'allow', rule: 'policy.all-shell' });
  });

  it('loads the built-in analyzer by default', async () => {
    expect(await createGate({ workspace, mode: 'yolo' }).decide(call('shell', { command: 'rm -rf ~' }), ctx)).toMatchObject({ effect: 'deny' });
  });

  it('when loading the analyzer fails, needs a person in safe and yolo and denies in read-only', async () => {
    const failing = { shell: () => Promise.reject(new Error('wasm missing')) };
    expect(await decide({ ...failing, mode: 'safe' }, call('shell', { command: 'ls' }))).toMatchObject({ effect: 'ask', rule: 'shell.unavailable', requiresPerson: true });
    expect(await decide({ ...failing, mode: 'yolo' }, call('shell', { command: 'ls' }))).toMatchObject({ effect: 'ask', rule: 'shell.unavailable', requiresPerson: true });
    expect(await decide({ ...failing, mode: 'read-only' }, call('shell', { command: 'ls' }))).toMatchObject({ effect: 'deny' });
  });

  it('loads a lazy analyzer once and fails closed when it throws', async () => {
    let loads = 0;
    const g = gate({
      mode: 'yolo',
      shell: async () => {
        loads += 1;
        return analyzer;
      },
    });
    await g.decide(call('shell', { command: 'ls' }), ctx);
    await g.decide(call('shell', { command: 'pwd' }), ctx);
    expect(loads).toBe(1);
    const throwing = gate({ mode: 'yolo', shell: { decide: () => { throw new Error('boom'); } } });
    expect(await throwing.decide(call('shell', { command: 'ls' }), ctx)).toMatchObject({ effect: 'deny', rule: 'gate.error' });
  });
});

describe('rules', () => {
  it('deny beats ask beats allow whatever the order', async () => {
    const rules = [
      { id: 'allow-all', effect: 'allow' as const },
      { id: 'ask-writes', tool: 'write_*', effect: 'ask' as const },
      { id: 'deny-lock', tool: 'write_file', when: 'args.path matches "\\\\.lock$"', effect: 'deny' as const },
    ];
    for (const ordered of [rules, [...rules].reverse()]) {
      expect(await decide({ rules: ordered, mode: 'yolo' }, call('write_file', { path: 'pnpm.lock' }))).toMatchObject({ effect: 'deny', rule: 'policy.deny-lock' });
      expect(await decide({ rules: ordered, mode: 'yolo' }, call('write_file', { path: 'a.ts' }))).toMatchObject({ effect: 'ask', rule: 'policy.ask-writes' });
      expect(await decide({ rules: ordered, mode: 'safe' }, call('edit_file', { path: 'a.ts' }))).toMatchObject({ effect: 'allow', rule: 'policy.allow-all' });
    }
  });

  it('matches tags and annotations', async () => {
    const rules = [
      { id: 'no-db', tags: ['database'], effect: 'deny' as const, reason: 'no databases today' },
      { id: 'ask-destructive', annotations: { destructive: true }, effect: 'ask' as const },
    ];
    expect(await decide({ rules, mode: 'yolo' }, call('q', {}, { tags: ['database', 'sql'] }))).toMatchObject({ effect: 'deny', rule: 'policy.no-db', reason: 'no databases today' });
    expect(await decide({ rules, mode: 'yolo' }, call('drop', {}, { destructive: true }))).toMatchObject({ effect: 'ask', rule: 'policy.ask-destructive' });
    expect(await decide({ rules, mode: 'yolo' }, call('q', {}, { tags: ['sql'] }))).toMatchObject({ effect: 'allow', rule: 'mode.yolo' });
  });

  it('fails closed when a deny condition cannot be evaluated, and open for allow', async () => {
    const rules = [
      { id: 'big', when: 'args.size > 100', effect: 'deny' as const },
      { id: 'small', when: 'args.size < 5', effect: 'allow' as const },
    ];
    const d = await decide({ rules, mode: 'yolo' }, call('upload', { size: 'huge' }));
    expect(d).toMatchObject({ effect: 'deny', rule: 'policy.big' });
    expect(d.reason).toContain('failing closed');
    expect(await decide({ rules: [rules[1]!], mode: 'safe' }, call('upload', { size: 'x' }))).toMatchObject({ effect: 'ask', rule: 'mode.safe' });
  });

  it('rules never reopen read-only mode, and workspace policies only tighten', async () => {
    const rules = [{ id: 'allow-writes', tool: 'write_file', effect: 'allow' as const }];
    expect(await decide({ rules, mode: 'read-only' }, call('write_file', { path: 'a' }))).toMatchObject({ effect: 'deny', rule: 'mode.read-only' });
    const ws = parsePolicy('mode: yolo\nrules:\n  - id: open\n    effect: allow\n  - id: no-push\n    tool: git_push\n    effect: deny\n', { origin: 'workspace', source: 'ws.yaml' });
    const g = gate({ policy: ws, mode: 'safe' });
    expect(g.mode).toBe('safe');
    expect(g.warnings.some((w) => w.includes('"open" ignored'))).toBe(true);
    expect(await g.decide(call('write_file', { path: 'a' }), ctx)).toMatchObject({ effect: 'ask', rule: 'mode.safe' });
    expect(await g.decide(call('git_push'), ctx)).toMatchObject({ effect: 'deny', rule: 'workspace-policy.no-push' });
    const strict = parsePolicy('mode: read-only\n', { origin: 'workspace' });
    expect(gate({ policy: strict, mode: 'yolo' }).mode).toBe('read-only');
  });

  it('denies calls that are not calls', async () => {
    expect(await gate().decide({ id: 'x', name: 'write_file', args: null } as never, ctx)).toMatchObject({ effect: 'deny', rule: 'gate.invalid-call' });
  });
});
