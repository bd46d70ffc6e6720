import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { scopeMatcher } from './scope-matcher.js';
import { taskScope } from './task-scope.js';

const workspace = mkdtempSync(join(tmpdir(), 'warden-scope-'));
mkdirSync(join(workspace, 'src', 'lib'), { recursive: true });
mkdirSync(join(workspace, 'docs'));
writeFileSync(join(workspace, 'README.md'), '# x\n');
writeFileSync(join(workspace, 'CHANGELOG.md'), '');
writeFileSync(join(workspace, 'src', 'squares.js'), '');
writeFileSync(join(workspace, 'src', 'lib', 'util.ts'), '');
writeFileSync(join(workspace, 'Makefile'), '');
afterAll(() => rmSync(workspace, { recursive: true, force: true }));

function covers(task: string, relative: string): string | undefined {
  return scopeMatcher(taskScope(task, { workspace })).pathEntry(relative);
}

describe('taskScope: paths the task names', () => {
  it.each([
    ['fix the typo in README.md', 'README.md'],
    ['Fix the typo in `README.md`.', 'README.md'],
    ['fix the typo in the README', 'README.md'],
    ['update "CHANGELOG.md" for 1.2', 'CHANGELOG.md'],
    ['edit ./src/squares.js please', 'src/squares.js'],
    ['rename foo to bar across src/', 'src/lib/util.ts'],
    ['rename foo to bar in src', 'src/squares.js'],
    ['fix squares.js', 'src/squares.js'],
    ['add a file notes.md with a summary', 'notes.md'],
    ['create docs/guide.md', 'docs/guide.md'],
    ['touch every src/**/*.ts file', 'src/lib/util.ts'],
    ['run make after editing the Makefile', 'Makefile'],
  ])('%s covers %s', (task, relative) => {
    expect(covers(task, relative)).toBeDefined();
  });

  it.each([
    ['fix the typo in README.md', 'src/squares.js'],
    ['fix the typo in README.md', 'package.json'],
    ['add a file notes.md', 'docs/other.md'],
    ['edit src/squares.js', 'src/lib/util.ts'],
    ['summarise the project', 'README.md'],
    ['explain how the docs folder is organised', 'src/squares.js'],
  ])('%s does not cover %s', (task, relative) => {
    expect(covers(task, relative)).toBeUndefined();
  });

  it.each([
    ['protected', 'edit .env and .git/config and .warden/state'],
    ['outside', 'write ../outside.txt and /etc/passwd and ~/.bashrc'],
    ['traversal glob', 'change ../**/*.js'],
  ])('never puts %s paths in scope', (_label, task) => {
    const scope = taskScope(task, { workspace });
    expect(scope.paths).toEqual([]);
  });

  it('names the word each entry came from', () => {
    const scope = taskScope('fix the typo in README.md', { workspace });
    expect(scope.paths).toContainEqual({ kind: 'file', pattern: 'README.md', origin: 'task', text: 'README.md' });
    expect(scopeMatcher(scope).pathEntry('README.md')).toBe('task:README.md');
  });
});

describe('taskScope: hosts and configuration', () => {
  it('takes hosts from URLs and host names in the task, not from file names', () => {
    const scope = taskScope('download https://data.example.com/x.csv and post it to api.example.org, then edit notes.md', { workspace });
    expect(scope.hosts.map((h) => h.host).sort()).toEqual(['api.example.org', 'data.example.com']);
    const matcher = scopeMatcher(scope);
    expect(matcher.hostEntry('data.example.com')).toBe('task:data.example.com');
    expect(matcher.hostEntry('evil.example.com')).toBeUndefined();
    expect(matcher.hostEntry('notes.md')).toBeUndefined();
  });

  it('adds declared paths and hosts with their origin', () => {
    const scope = taskScope('summarise', { workspace, paths: ['docs', 'src/**/*.ts'], hosts: ['*.internal.example'] });
    const matcher = scopeMatcher(scope);
    expect(matcher.pathEntry('docs/new.md')).toBe('config:docs');
    expect(matcher.pathEntry('src/lib/util.ts')).toBe('config:src/**/*.ts');
    expect(matcher.pathEntry('src/squares.js')).toBeUndefined();
    expect(matcher.hostEntry('ci.internal.example')).toBe('config:*.internal.example');
    expect(matcher.hostEntry('internal.example.evil.com')).toBeUndefined();
  });

  it('drops declared entries that escape the workspace', () => {
    expect(taskScope('x', { workspace, paths: ['../up', '/abs', ''] }).paths).toEqual([]);
  });
});

describe('taskScope: tools of the MCP servers the task names', () => {
  const servers = ['docs', 'tracker', 'github-enterprise'];
  it.each([
    ["Search the docs MCP server for 'retries'", ['docs__*']],
    ['ask the Docs server how retries work', ['docs__*']],
    ['look up retries with docs__search', ['docs__search']],
    ['file a bug on the tracker MCP server and check github-enterprise__list_issues', ['tracker__*', 'github-enterprise__list_issues']],
  ])('%s', (task, patterns) => {
    const scope = taskScope(task, { workspace, toolServers: servers });
    expect((scope.tools ?? []).map((t) => t.pattern)).toEqual(patterns);
    expect(scope.tools?.[0]).toMatchObject({ origin: 'task' });
  });

  it.each([
    ['a server name without saying MCP or server is an ordinary word', 'update the docs for the parser'],
    ['a server that is not configured', 'search the wiki MCP server'],
    ['a full tool name of a server that is not configured', 'call wiki__search for retries'],
    ['no servers configured at all', 'search the docs MCP server'],
  ])('names no tool: %s', (label, task) => {
    const scope = taskScope(task, { workspace, toolServers: label.startsWith('no servers') ? [] : servers });
    expect(scope.tools).toBeUndefined();
  });

  it('adds declared tools with their origin, and matches globs', () => {
    const scope = taskScope('summarise', { workspace, tools: ['docs__search', 'tracker__*'] });
    const matcher = scopeMatcher(scope);
    expect(matcher.toolEntry('docs__search')).toBe('config:docs__search');
    expect(matcher.toolEntry('tracker__create_issue')).toBe('config:tracker__*');
    expect(matcher.toolEntry('docs__delete')).toBeUndefined();
    expect(matcher.toolEntry('tracker')).toBeUndefined();
  });

  it.each([
    ['ask the researcher agent about retries', ['researcher']],
    ['have the Researcher and reviewer agents look at it', ['researcher', 'reviewer']],
    ['ask the researcher about retries', []],
    ['ask the librarian agent', []],
  ])('agent tools: %s', (task, patterns) => {
    const scope = taskScope(task, { workspace, agentTools: ['researcher', 'reviewer'] });
    expect((scope.tools ?? []).map((t) => t.pattern)).toEqual(patterns);
  });

  it('a server name in a change task does not also become a path', () => {
    const scope = taskScope('update the docs server index', { workspace, toolServers: servers });
    expect(scope.tools?.map((t) => t.pattern)).toEqual(['docs__*']);
    expect(scope.paths.map((p) => p.pattern)).not.toContain('docs');
  });
});
