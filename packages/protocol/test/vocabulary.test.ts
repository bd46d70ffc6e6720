import { describe, expect, it } from 'vitest';
import {
  PROTECTED_PATHS, canonicalName, globRegExp, installCommand, isLookAlikeTraversal, isMissingModule, isPrivateAddress, loadOptionalPeer,
  protectedNameTest, protectedNames, terminalSafe, isSafeId, newRecordId, SESSION_META_KEYS,
} from '../src/vocabulary.js';

describe('protected names with their platform folding', () => {
  const isProtected = protectedNameTest(protectedNames(PROTECTED_PATHS));

  it('matches the table as written, in any case, and every folded spelling of it', () => {
    for (const name of ['.git', '.GIT', '.env', '.env.local', '.warden', '.env.', '.env::$DATA', 'GIT~1', 'WARDEN~1', 'ENV~2.LOC', '．git', '.g\u200bit', '.git ']) {
      expect(isProtected(name), name).toBe(true);
    }
    for (const name of ['src', 'git', '.envrc', '.gitignore', 'environment', 'GIT~X']) expect(isProtected(name), name).toBe(false);
  });

  it('a name added to the list is matched with the same folding', () => {
    const withSecrets = protectedNameTest([...protectedNames(PROTECTED_PATHS), '.secrets']);
    expect(withSecrets('.SECRETS')).toBe(true);
    expect(withSecrets('．secrets')).toBe(true);
    expect(withSecrets('SECRET~1')).toBe(true);
    expect(isProtected('.secrets')).toBe(false);
  });

  it('folds traversal look-alikes and NTFS streams', () => {
    expect(isLookAlikeTraversal('．．')).toBe(true);
    expect(isLookAlikeTraversal('..')).toBe(false);
    expect(canonicalName('.Env::$DATA')).toBe('.env');
  });
});

describe('the glob compiler', () => {
  it('name globs: * any run, ? one character', () => {
    expect(globRegExp('mcp__*').test('mcp__fs__read')).toBe(true);
    expect(globRegExp('rea?').test('read')).toBe(true);
    expect(globRegExp('a.b').test('axb')).toBe(false);
  });

  it('path globs: ** spans folders, * stays in a segment, dot-names need dot or a written dot', () => {
    expect(globRegExp('**/x.md', { path: true }).test('x.md')).toBe(true);
    expect(globRegExp('**/x.md', { path: true }).test('a/b/x.md')).toBe(true);
    expect(globRegExp('src/*.ts', { path: true }).test('src/a/b.ts')).toBe(false);
    expect(globRegExp('**/*.json', { path: true }).test('.vscode/tasks.json')).toBe(false);
    expect(globRegExp('**/*.json', { path: true, dot: true }).test('.vscode/tasks.json')).toBe(true);
    expect(globRegExp('app/[id]/page.tsx', { path: true }).test('app/[id]/page.tsx')).toBe(true);
  });

  it('shell classes on request, case folding on request', () => {
    expect(globRegExp('[!a]*', { path: true, classes: true }).test('b.txt')).toBe(true);
    expect(globRegExp('[!a]*', { path: true, classes: true }).test('.b')).toBe(false);
    expect(globRegExp('.ENV.*', { nocase: true }).test('.env.local')).toBe(true);
  });
});

describe('the optional-peer loader', () => {
  it('turns a missing package into the caller\'s error naming the install command', async () => {
    const missing = Object.assign(new Error("Cannot find package 'left-pad'"), { code: 'ERR_MODULE_NOT_FOUND' });
    const error = await loadOptionalPeer(['left-pad'], () => Promise.reject(missing), (install) => new Error(`run ${install}`)).catch((e: unknown) => e);
    expect((error as Error).message).toBe('run npm install left-pad');
  });

  it('passes other failures through, and loads a real module', async () => {
    await expect(loadOptionalPeer(['x'], () => Promise.reject(new TypeError('boom')), () => new Error('no'))).rejects.toThrow('boom');
    const path = await loadOptionalPeer(['node:path'], () => import('node:path'), () => new Error('no'));
    expect(typeof path.join).toBe('function');
    const absent = 'does-not-exist-warden-peer';
    const real = await import(absent).catch((e: unknown) => e);
    expect(isMissingModule(real)).toBe(true);
    expect(isMissingModule(real, 'another-package')).toBe(false);
    expect(installCommand('@smithy/signature-v4', '@smithy/core')).toBe('npm install @smithy/signature-v4 @smithy/core');
  });
});

describe('terminalSafe and private addresses', () => {
  it('makes escapes and bidi controls visible', () => {
    expect(terminalSafe('ok\x1b[2Jx\u202ey\tz\n')).toBe('ok\\u001b[2Jx\\u202ey\tz\n');
  });

  it('refuses private ranges in every spelling and lets public ones through', () => {
    for (const a of ['127.0.0.1', '10.1.2.3', '169.254.169.254', '::1', '[::ffff:127.0.0.1]', '::ffff:7f00:1', '64:ff9b::a9fe:a9fe', '2002:7f00:1::', 'fe80::1%eth0', 'not-an-ip']) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
    for (const a of ['93.184.216.34', '2606:4700::1111']) expect(isPrivateAddress(a), a).toBe(false);
  });
});

describe('session record keys and ids', () => {
  it('keeps the stored keys and refuses ids that could leave a directory', () => {
    expect(SESSION_META_KEYS.taint).toBe('warden.taint');
    expect(new Set(Object.values(SESSION_META_KEYS)).size).toBe(Object.keys(SESSION_META_KEYS).length);
    expect(newRecordId('rec')).toMatch(/^rec_[0-9a-f-]{36}$/);
    expect(isSafeId(newRecordId('rec'))).toBe(true);
    for (const id of ['../x', 'a/b', '.hidden', 'a..b', '', 'x'.repeat(201)]) expect(isSafeId(id), id).toBe(false);
  });
});
