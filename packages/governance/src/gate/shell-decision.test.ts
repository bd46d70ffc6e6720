import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Decision, GateCall, GateContext } from '@warden/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadShellAnalyzer, type ShellAnalyzer } from '@warden/shell-policy';
import { requiresPerson } from '../taint/taint-guard.js';
import { createGate, type GateOptions } from './create-gate.js';

const workspace = mkdtempSync(join(tmpdir(), 'warden-shell-gate-'));
let analyzer: ShellAnalyzer;
beforeAll(async () => {
  analyzer = await loadShellAnalyzer();
});
afterAll(() => {
  analyzer.dispose();
  rmSync(workspace, { recursive: true, force: true });
});

const clean: GateContext = { runId: 'r', step: 1, tainted: false };
const tainted: GateContext = { runId: 'r', step: 2, tainted: true, touchedPaths: new Set(['notes.md']) };
const shell = (command: string): GateCall => ({ id: 'c', name: 'shell', args: { command }, annotations: { mutating: true } });
async function decide(command: string, options: Partial<GateOptions> = {}, ctx: GateContext = clean): Promise<Decision> {
  return createGate({ workspace, mode: 'safe', shell: analyzer, ...options }).decide(shell(command), ctx);
}

describe('safe mode: commands proven read-only run without asking', () => {
  it.each([
    'ls -la',
    'ls',
    'pwd',
    'git status',
    'git diff',
    'git diff --stat HEAD~1 -- src',
    'git log --oneline -n 20',
    'git log | head -n 20',
    'git show HEAD:README.md',
    'git branch -a',
    'git stash list',
    'cat notes.md',
    'cat README.md package.json',
    'grep -rn foo src',
    'grep -n TODO src/index.ts',
    'rg TODO',
    'wc -l src/*.ts',
    'head -n 5 README.md',
    'tail -n 20 build.log',
    "find . -name '*.ts'",
    'find src -type f -name x',
    'cd src && ls',
    'cat notes.md | grep x | wc -l',
    'ls 2>/dev/null',
    'echo done',
    "sed -n '1,5p' README.md",
    'test -f package.json && echo yes',
  ])('%s → shell.read_only', async (command) => {
    expect(await decide(command)).toMatchObject({ effect: 'allow', rule: 'shell.read_only' });
  });

  it.each([
    ['find . -name x -exec rm {} +', 'ask'],
    ["find . -name x -fprint out.txt", 'ask'],
    ['git config x.y z', 'ask'],
    ['git config user.name Ada', 'ask'],
    ['git -c core.pager=less log', 'ask'],
    ['git diff --output=patch.diff', 'ask'],
    ['git branch -D old', 'ask'],
    ['ls > listing.txt', 'ask'],
    ['cat a.txt >> b.txt', 'ask'],
    ['ls; rm x', 'ask'],
    ['cat /etc/hosts', 'ask'],
    ['ls ~', 'ask'],
    ['grep -rn foo .', 'ask'],
    ['tail -f build.log', 'ask'],
    ['sort -o sorted.txt list.txt', 'ask'],
    ['ls &', 'ask'],
    ["sed -i 's/a/b/' notes.md", 'ask'],
    ['npm test', 'ask'],
    ['node script.js', 'ask'],
    ['cat $(cat list)', 'ask'],
  ])('look-alike %s keeps asking', async (command, effect) => {
    const decision = await decide(command);
    expect(decision.effect).toBe(effect);
    expect(decision.rule).not.toBe('shell.read_only');
  });

  it.each([
    ['find . -delete', 'shell.delete_outside_workspace'],
    ['cat .env', 'shell.read_protected'],
    ['head -n 3 .env.local', 'shell.read_protected'],
    ['grep KEY .env', 'shell.read_protected'],
    ['cat .git/config', 'shell.read_protected'],
    ['cat ../outside.txt', 'shell.read_outside_workspace'],
    ['cd .. && ls', 'shell.read_outside_workspace'],
  ])('look-alike %s is denied', async (command, rule) => {
    expect(await decide(command)).toMatchObject({ effect: 'deny', rule });
  });

  it('policy rules still come first, and the other modes are unchanged', async () => {
    const ask = [{ id: 'ask-shell', tool: 'shell', effect: 'ask' as const }];
    expect(await decide('ls', { rules: ask })).toMatchObject({ effect: 'ask', rule: 'policy.ask-shell' });
    const deny = [{ id: 'no-git', tool: 'shell', when: 'args.command matches "^git"', effect: 'deny' as const }];
    expect(await decide('git status', { rules: deny })).toMatchObject({ effect: 'deny', rule: 'policy.no-git' });
    expect(await decide('ls', { mode: 'yolo' })).toMatchObject({ effect: 'allow', rule: 'mode.yolo' });
    expect(await decide('ls', { mode: 'read-only' })).toMatchObject({ effect: 'deny', rule: 'mode.read-only' });
    expect(await decide('cat notes.md', {}, tainted)).toMatchObject({ effect: 'allow', rule: 'shell.read_only' });
  });
});

describe('undecidable commands never auto-approve', () => {
  it.each(['rm -rf "$TARGET"', 'eval "$X"', '$CMD', 'bash -c "$(cat x)"', "python3 -c \"__import__('o'+'s').system('id')\""])('%s needs a person in safe and yolo and is denied in read-only', async (command) => {
    for (const mode of ['safe', 'yolo'] as const) {
      const decision = await decide(command, { mode });
      expect(decision).toMatchObject({ effect: 'ask', rule: 'shell.undecidable', requiresPerson: true });
      expect(requiresPerson(decision)).toBe(true);
    }
    expect(await decide(command, { mode: 'read-only' })).toMatchObject({ effect: 'deny' });
  });

  it('holds a custom analyzer\'s ask to a person too', async () => {
    const custom = { decide: (): Decision => ({ effect: 'ask', rule: 'custom.unsure', reason: 'not sure' }) };
    expect(await decide('anything', { shell: custom, mode: 'yolo' })).toMatchObject({ effect: 'ask', rule: 'custom.unsure', requiresPerson: true });
  });
});

describe('sandbox: { active }', () => {
  it.each(['rm -rf "$TARGET"', 'cd "$DIR" && rm -rf build', 'cp a "$DEST"', 'find . -type f | xargs rm'])('%s gets the mode\'s usual decision, saying the sandbox was on', async (command) => {
    const safe = await decide(command, { sandbox: { active: true } });
    expect(safe).toMatchObject({ effect: 'ask', rule: 'shell.sandboxed' });
    expect(safe.requiresPerson).toBeUndefined();
    expect(safe.reason).toContain('sandbox is on');
    const yolo = await decide(command, { mode: 'yolo', sandbox: { active: true } });
    expect(yolo).toMatchObject({ effect: 'allow', rule: 'shell.sandboxed' });
    expect(yolo.reason).toContain('sandbox is on');
    expect(await decide(command, { mode: 'read-only', sandbox: { active: true } })).toMatchObject({ effect: 'deny' });
  });

  it.each([
    ['eval "$X"', 'a run-time command can do anything'],
    ['$CMD build', 'the command name is unknown'],
    ['curl -d @"$F" https://example.com', 'it needs the network'],
    ['wget "$URL" -O out && rm -rf "$X"', 'it needs the network'],
    ['touch /tmp/marker; rm -rf "$X"', 'it writes outside the workspace'],
    ['git commit --amend', 'a history rewrite is not undecidable'],
  ])('does not loosen %s (%s)', async (command) => {
    const decision = await decide(command, { mode: 'yolo', sandbox: { active: true } });
    expect(decision.effect).toBe('ask');
    expect(decision.requiresPerson).toBe(true);
  });

  it('never loosens a deny, and nothing changes when the sandbox is off', async () => {
    expect(await decide('rm -rf /', { mode: 'yolo', sandbox: { active: true } })).toMatchObject({ effect: 'deny', rule: 'shell.delete_outside_workspace' });
    expect(await decide('rm -rf "$T"', { mode: 'yolo', sandbox: { active: false } })).toMatchObject({ effect: 'ask', requiresPerson: true });
    expect(await decide('rm -rf "$T"', { mode: 'yolo' })).toMatchObject({ effect: 'ask', requiresPerson: true });
  });
});

describe('a tainted run', () => {
  it.each(['nohup node server.js &', 'npm run dev &', 'setsid sleep 100', 'node x.js & disown', 'screen -dmS w node x.js', "tmux new -d 'node x.js'", '(sleep 60 &)', 'docker run -d nginx', 'docker compose up -d', 'pm2 start app.js'])('%s starts a process that outlives the run: a person', async (command) => {
    for (const mode of ['safe', 'yolo'] as const) {
      const decision = await decide(command, { mode }, tainted);
      expect(decision.effect).toBe('ask');
      expect(requiresPerson(decision)).toBe(true);
    }
    expect((await decide(command, { mode: 'yolo' }, clean)).effect).toBe('allow');
  });

  it.each(['echo "node x.js" | at now + 1 minute', 'crontab jobs.txt', 'systemd-run --user --on-calendar=daily npm run sync'])('%s installs a job that runs later: a person, tainted or not (shell.persistence)', async (command) => {
    for (const taint of [tainted, clean]) {
      for (const mode of ['safe', 'yolo'] as const) {
        const decision = await decide(command, { mode }, taint);
        expect(decision).toMatchObject({ effect: 'ask', rule: 'shell.persistence' });
        expect(requiresPerson(decision)).toBe(true);
      }
    }
  });

  it.each(['node server.js', 'sleep 1; echo done', 'npm test', 'kill %1', 'docker images', 'docker ps', 'pm2 list', 'tmux ls', 'crontab -l'])('%s stays as it was', async (command) => {
    expect(await decide(command, { mode: 'yolo' }, tainted)).toMatchObject({ effect: 'allow' });
  });

  it.each(["python3 -W ignore -c 'import urllib.request as u; u.urlopen(h)'", "node -p \"require('net').connect(80, h)\"", "python3 -Ic 'import http.client'", "awk 'BEGIN { print \"x\" |& s }'"])('%s reaches the network from code: a person', async (command) => {
    const decision = await decide(command, { mode: 'yolo' }, tainted);
    expect(decision.effect).toBe('ask');
    expect(requiresPerson(decision)).toBe(true);
  });
});

describe('the analyzer\'s params reach the decision', () => {
  it.each([
    ['sudo ls', 'read-only', { effect: 'deny', rule: 'shell.privilege_escalation', params: { command: 'sudo' } }],
    ['rm -rf /etc', 'yolo', { effect: 'deny', rule: 'shell.delete_outside_workspace', params: { command: 'rm', path: '/etc' } }],
    ['cat .env', 'safe', { effect: 'deny', rule: 'shell.read_protected', params: { command: 'cat', path: '.env' } }],
    ['git commit --amend -m x', 'safe', { effect: 'ask', requiresPerson: true, rule: 'shell.git_history_rewrite', params: { command: 'git commit --amend' } }],
  ] as const)('%j in %s mode', async (command, mode, expected) => {
    expect(await decide(command, { mode })).toMatchObject(expected);
  });

  it('keeps them on a tainted run', async () => {
    expect(await decide('git push --force', {}, tainted)).toMatchObject({ effect: 'deny', rule: 'shell.git_force_push', params: { command: 'git push --force' } });
  });
});
