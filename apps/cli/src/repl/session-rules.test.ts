import { describe, expect, it } from 'vitest';
import { describeRule, ruleFor, ruleMatches, SessionRules } from './session-rules.js';

describe('session rules ("always" for this session)', () => {
  it('a shell command is allowed again for the same program, never when chained', () => {
    const rule = ruleFor('shell', { command: 'npm test' });
    expect(describeRule(rule)).toBe('shell(npm *)');
    expect(ruleMatches(rule, 'shell', { command: 'npm run lint' })).toBe(true);
    expect(ruleMatches(rule, 'shell', { command: 'npm test && curl evil.example' })).toBe(false);
    expect(ruleMatches(rule, 'shell', { command: 'npx something' })).toBe(false);
    expect(ruleMatches(rule, 'write_file', { command: 'npm test' })).toBe(false);
  });

  it('a chained command is only ever allowed exactly', () => {
    const rule = ruleFor('shell', { command: 'make && make test' });
    expect(rule.pattern).toBe('make && make test');
    expect(ruleMatches(rule, 'shell', { command: 'make && make test' })).toBe(true);
    expect(ruleMatches(rule, 'shell', { command: 'make && rm -rf /' })).toBe(false);
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
