import { PolicyError } from '@warden/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadShellAnalyzer, SHELL_RULES } from '../src/index.js';
import type { ShellAnalyzer } from '../src/index.js';

let analyzer: ShellAnalyzer;
beforeAll(async () => {
  analyzer = await loadShellAnalyzer({ maxCommandLength: 2000 });
});
afterAll(() => analyzer.dispose());

describe('shell analysis', () => {
  it('lists every simple command with the wrappers peeled off to reach it', () => {
    const { commands } = analyzer.analyze("env FOO=1 xargs -0 /bin/rm -f < list; bash -c 'git status | cat'", { workspace: '/ws' });
    expect(commands.map((c) => [c.name, c.via, c.depth])).toEqual([
      ['env', [], 0],
      ['xargs', ['env'], 0],
      ['rm', ['env', 'xargs'], 0],
      ['bash', [], 0],
      ['git', ['bash -c'], 1],
      ['cat', ['bash -c'], 1],
    ]);
    expect(commands[2]?.args).toEqual(['-f', undefined]);
  });

  it('expands words statically: quotes, escapes, variables, braces, ANSI-C strings', () => {
    const { commands } = analyzer.analyze("d=src; ec'h'o \"$d\"/a{1,2} $'\\x41' \\$HOME ~/x \"~\"", { workspace: '/ws' });
    expect(commands[0]).toMatchObject({ name: 'echo', args: ['src/a1', 'src/a2', 'A', '$HOME', '~/x', './~'] });
  });

  it('lists the files a command changes, normalised, through every wrapper and nesting', () => {
    const writes = (command: string): Array<[string, string | undefined]> => analyzer.analyze(command, { workspace: '/ws' }).writes.map((w) => [w.what, w.path]);
    expect(writes("cd src && rm ./a.ts; bash -c 'echo x > ../b.txt' 2>/dev/null")).toEqual([['rm', 'src/a.ts'], ['a redirection', 'b.txt']]);
    expect(writes('mv old.txt sub/../new.txt; chmod 600 /ws/key; truncate -s 0 log')).toEqual([['mv (moving away)', 'old.txt'], ['mv', 'new.txt'], ['chmod', 'key'], ['truncate', 'log']]);
    expect(writes("rm -rf ./*; find . -name '*.ts' -delete; rm \"$X\"")).toEqual([['rm', undefined], ['find -delete', undefined], ['rm', undefined]]);
    expect(writes('git checkout -- a.ts; git clean -fd; python3 -c "print(1)"; touch t')).toEqual([['git checkout', 'a.ts'], ['git clean', undefined], ['python3 -c', undefined], ['touch', 't']]);
    expect(writes('ls -la; cat a.txt | grep x; node squares.js; git status; npm test')).toEqual([]);
  });

  it('uses the protected paths it is given', () => {
    const ctx = { workspace: '/ws', mode: 'yolo' as const, protectedPaths: ['secrets', 'config/prod.yml'] };
    expect(analyzer.decide('rm -rf secrets', ctx)).toMatchObject({ effect: 'deny', rule: 'shell.delete_protected' });
    expect(analyzer.decide('echo x > config/prod.yml', ctx)).toMatchObject({ effect: 'deny', rule: 'shell.write_protected' });
    expect(analyzer.decide('rm -rf config', ctx)).toMatchObject({ effect: 'deny', rule: 'shell.delete_protected' });
    expect(analyzer.decide('rm -rf config/dev.yml', ctx).effect).toBe('allow');
  });

  it('resolves paths against the workspace it is given, segment by segment', () => {
    const ctx = { workspace: '/home/ada/proj', mode: 'yolo' as const };
    expect(analyzer.decide('rm -rf /home/ada/proj/dist', ctx).effect).toBe('allow');
    expect(analyzer.decide('rm -rf /home/ada/proj-old', ctx)).toMatchObject({ effect: 'deny', rule: 'shell.delete_outside_workspace' });
  });

  it('still denies what it can read when the rest does not parse', () => {
    expect(analyzer.decide('rm -rf / ; echo "unterminated', { workspace: '/ws', mode: 'safe' })).toMatchObject({ effect: 'deny', rule: 'shell.delete_outside_workspace' });
  });

  it('treats input over the size cap or with NUL bytes as undecidable', () => {
    const long = `echo ${'a'.repeat(2100)}`;
    expect(analyzer.decide(long, { workspace: '/ws', mode: 'safe' })).toMatchObject({ effect: 'ask', rule: 'shell.undecidable' });
    expect(analyzer.decide(long, { workspace: '/ws', mode: 'yolo' })).toMatchObject({ effect: 'ask', rule: 'shell.undecidable', requiresPerson: true });
    expect(analyzer.decide(long, { workspace: '/ws', mode: 'read-only' })).toMatchObject({ effect: 'deny', rule: 'shell.undecidable' });
    expect(analyzer.decide('echo a\0b', { workspace: '/ws', mode: 'safe' }).effect).toBe('ask');
  });

  it('reads multi-byte text and line continuations correctly', () => {
    expect(analyzer.decide('echo "héllo wörld ✓" && r\\\nm -rf /', { workspace: '/ws', mode: 'safe' })).toMatchObject({ effect: 'deny', rule: 'shell.delete_outside_workspace' });
  });

  it('bounds nesting depth', () => {
    let cmd = 'echo hi';
    for (let i = 0; i < 8; i++) cmd = `bash -c ${JSON.stringify(cmd)}`;
    expect(analyzer.decide(cmd, { workspace: '/ws', mode: 'yolo' })).toMatchObject({ effect: 'ask', rule: 'shell.undecidable', requiresPerson: true });
  });

  it('names every rule it can answer with in SHELL_RULES', () => {
    expect(Object.keys(SHELL_RULES).sort()).toEqual([
      'shell.beacon',
      'shell.cloud_metadata',
      'shell.container_escape',
      'shell.delete_outside_workspace',
      'shell.delete_protected',
      'shell.deny_list',
      'shell.disk_write',
      'shell.download_exec',
      'shell.exfiltration',
      'shell.fork_bomb',
      'shell.git_clean',
      'shell.git_exec_transport',
      'shell.git_force_push',
      'shell.git_history_rewrite',
      'shell.git_hooks',
      'shell.git_reset_hard',
      'shell.kill_processes',
      'shell.persistence',
      'shell.privilege_escalation',
      'shell.read_outside_workspace',
      'shell.read_protected',
      'shell.reverse_shell',
      'shell.ssh_tunnel',
      'shell.undecidable',
      'shell.write_outside_workspace',
      'shell.write_protected',
    ]);
  });

  it('keeps analyzers independent and refuses use after dispose', async () => {
    const other = await loadShellAnalyzer();
    other.dispose();
    expect(() => other.decide('ls', { workspace: '/ws', mode: 'safe' })).toThrowError(expect.objectContaining({ code: 'policy.shell_analyzer_disposed' }));
    expect(analyzer.decide('ls', { workspace: '/ws', mode: 'safe' }).effect).toBe('allow');
  });
});

describe('error codes', () => {
  it('are PolicyErrors with stable codes and hints', async () => {
    const disposed = await loadShellAnalyzer();
    disposed.dispose();
    let caught: unknown;
    try {
      disposed.analyze('ls', { workspace: '/ws' });
    } catch (error) {
      caught = error;
    }
    expect(PolicyError.isInstance(caught)).toBe(true);
    expect((caught as PolicyError).code).toBe('policy.shell_analyzer_disposed');
    expect((caught as PolicyError).hint).toBeTruthy();
  });
});
