import { describe, expect, it } from 'vitest';
import { normalizePathInput } from './path-input.js';

describe('normalizePathInput', () => {
  it('turns Windows separators into slashes and leaves ordinary paths alone', () => {
    expect(normalizePathInput('src\\app\\main.ts')).toBe('src/app/main.ts');
    expect(normalizePathInput('a..b/..c/%20space.txt')).toBe('a..b/..c/%20space.txt');
  });

  it.each([
    [42, 'tool.path_invalid', /must be a string, got number/],
    [null, 'tool.path_invalid', /got null/],
    ['', 'tool.path_invalid', /empty/],
    ['a\u0000b', 'tool.path_invalid', /NUL/],
    ['a\tb', 'tool.path_invalid', /control character/],
    ['https://example.com/x', 'tool.path_invalid', /URL/],
    ['%2E%2E/x', 'tool.path_invalid', /URL-encoded/],
    ['D:\\data', 'tool.path_outside_workspace', /drive/],
    ['~', 'tool.path_outside_workspace', /home directory/],
  ])('refuses %j', (input, code, message) => {
    expect(() => normalizePathInput(input)).toThrow(expect.objectContaining({ code, message: expect.stringMatching(message) }));
  });
});
