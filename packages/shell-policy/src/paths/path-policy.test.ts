import { describe, expect, it } from 'vitest';
import { pathPolicy } from './path-policy.js';

describe('pathPolicy', () => {
  const policy = pathPolicy({ workspace: '/ws/', protectedPaths: ['secrets.json', 'config/prod', '*.pem'] });

  it.each([
    ['src/index.ts', 'inside'],
    ['./a/b/../c', 'inside'],
    ['/ws', 'inside'],
    ['/ws/src', 'inside'],
    ['', 'inside'],
    ['..', 'outside'],
    ['../ws-evil/x', 'outside'],
    ['/ws-evil', 'outside'],
    ['/ws/../etc/passwd', 'outside'],
    ['/etc/passwd', 'outside'],
    ['~', 'outside'],
    ['~/x', 'outside'],
    ['~root/x', 'outside'],
    ['$HOME/.bashrc', 'outside'],
    ['${HOME}/.bashrc', 'outside'],
    ['.env', 'protected'],
    ['.env.local', 'protected'],
    ['apps/web/.env.production', 'protected'],
    ['.ENV', 'protected'],
    ['.git', 'protected'],
    ['.git/config', 'protected'],
    ['sub/module/.git/HEAD', 'protected'],
    ['.warden/sessions/a.jsonl', 'protected'],
    ['/ws/.git', 'protected'],
    ['src/../.git/', 'protected'],
    ['.gitignore', 'inside'],
    ['.github/workflows/ci.yml', 'inside'],
    ['.environment', 'inside'],
    ['env.ts', 'inside'],
    ['secrets.json', 'protected'],
    ['deep/secrets.json', 'protected'],
    ['config/prod/db.yml', 'protected'],
    ['config/production.yml', 'inside'],
    ['keys/server.pem', 'protected'],
  ])('classifies %j as %s', (path, expected) => {
    expect(policy.classify(path)).toBe(expected);
  });

  it('treats glob segments as the entries they can match', () => {
    expect(policy.classify('.g?t')).toBe('protected');
    expect(policy.classify('.e*')).toBe('protected');
    const plain = pathPolicy({ workspace: '/ws' });
    expect(plain.classify('*')).toBe('inside');
    expect(plain.classify('*', { globDot: true })).toBe('protected');
    // `*` can name `key.pem`, protected by the `*.pem` entry.
    expect(policy.classify('*')).toBe('protected');
    expect(policy.classify('.g?t', { glob: false })).toBe('inside');
  });

  it('resolves relative paths against a working directory inside the workspace', () => {
    expect(policy.inspect('../x', { cwd: '/ws/src' })).toMatchObject({ class: 'inside', relative: 'x' });
    expect(policy.inspect('../../x', { cwd: '/ws/src' }).class).toBe('outside');
    expect(policy.inspect('.', { cwd: '/ws' }).isRoot).toBe(true);
  });

  it('reports ancestors of rooted protected paths', () => {
    expect(policy.inspect('config')).toMatchObject({ class: 'inside', containsProtected: true });
    expect(policy.inspect('src')).toMatchObject({ class: 'inside', containsProtected: false });
  });

  it('resolves a relative workspace to an absolute one', () => {
    expect(pathPolicy({ workspace: 'rel/dir' }).workspace.startsWith('/')).toBe(true);
  });
});
