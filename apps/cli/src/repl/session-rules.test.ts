import { loadShellAnalyzer } from '@warden/governance';
import { afterAll, describe, expect, it } from 'vitest';
import { describeRule, ruleFor, ruleMatches, SessionRules } from './session-rules.js';

const analyzer = await loadShellAnalyzer();
afterAll(() => analyzer.dispose());
const parsed = (command: string) => analyzer.analyze(command, { workspace: '/work/project' });

describe('session rules ("always" for this session)', () => {
  it('a shell command is granted on its parsed form: the same command however spelled, never chained or widened', () => {
    const rule = ruleFor('shell', { command: 'npm test' }, parsed('npm test'));
    expect(describeRule(rule)).toBe('shell(npm test)');
    for (const same of ['npm test', 'npm  test', "npm 'test'"]) expect(ruleMatches(rule, 'shell', { command: same }, parsed(same))).toBe(true);
    for (const other of ['npm test; curl https://evil.example', 'npm test && rm -rf x', 'npm test $(curl https://evil.example)', 'npm test\ncurl x', 'npm run lint', 'npx something'])
      expect(ruleMatches(rule, 'shell', { command: other }, parsed(other))).toBe(false);
    // Never without the parse, and never for another tool.
    expect(ruleMatches(rule, 'shell', { command: 'npm test' })).toBe(false);
    expect(ruleMatches(rule, 'write_file', { command: 'npm test' }, parsed('npm test'))).toBe(false);
  });

  it('a command that is not one plain command is only ever allowed again as the identical text (no wildcard)', () => {
    const rule = ruleFor('shell', { command: 'make && make test' }, parsed('make && make test'));
    expect(rule.pattern).toBe('make && make test');
    expect(rule.grant).toBeUndefined();
    expect(ruleMatches(rule, 'shell', { command: 'make && make test' }, parsed('make && make test'))).toBe(true);
    expect(ruleMatches(rule, 'shell', { command: 'make && rm -rf /' }, parsed('make && rm -rf /'))).toBe(false);
    const star = ruleFor('shell', { command: 'rm *.tmp && ls' }, parsed('rm *.tmp && ls'));
    expect(ruleMatches(star, 'shell', { command: 'rm x.tmp; curl evil.example && ls' }, parsed('rm x.tmp; curl evil.example && ls'))).toBe(false);
  });

  it('a path is allowed in the same folder, not deeper and not elsewhere', () => {
    const rule = ruleFor('write_file', { path: 'notes/a.txt', content: 'x' });
    expect(describeRule(rule)).toBe('write_file(notes/*)');
    expect(ruleMatches(rule, 'write_file', { path: 'notes/b.txt', content: 'y' })).toBe(true);
    expect(ruleMatches(rule, 'write_file', { path: 'notes/deep/b.txt', content: 'y' })).toBe(false);
    expect(ruleMatches(rule, 'write_file', { path: 'src/b.txt', content: 'y' })).toBe(false);
    const root = ruleFor('write_file', { path: 'a.txt' });
    expect(ruleMatches(root, 'write_file', { path: 'b.txt' })).toBe(true);
    expect(ruleMatches(root, 'write_file', { path: 'src/b.txt' })).toBe(false);
    const outside = ruleFor('write_file', { path: '../x.txt' });
    expect(ruleMatches(outside, 'write_file', { path: '../y.txt' })).toBe(false);
  });

  it('other tools are allowed again only with the same arguments', () => {
    const rules = new SessionRules();
    rules.add(ruleFor('fetch_url', { url: 'https://a.example', depth: 1 }));
    expect(rules.find('fetch_url', { depth: 1, url: 'https://a.example' })).toBeDefined();
    expect(rules.find('fetch_url', { url: 'https://b.example', depth: 1 })).toBeUndefined();
    rules.add(ruleFor('fetch_url', { url: 'https://a.example', depth: 1 }));
    expect(rules.list()).toHaveLength(1);
    rules.clear();
    expect(rules.list()).toHaveLength(0);
  });
});
