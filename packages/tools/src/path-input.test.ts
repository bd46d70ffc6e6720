import { describe, expect, it } from 'vitest';
import { normalizePathInput } from './path-input.js';

describe('normalizePathInput', () => {
  it('turns Windows separators into slashes and leaves ordinary paths alone', () => {
    expect(normalizePathInput('src\\app\\main.ts')).toBe('src/app/main.ts');
    expect(normalizePathInput('a..b/..c/%20space.txt')).toBe('a..b/..c/%20space.txt');
    // Percent signs are characters of a name: the jail works on paths, not URLs.
    for (const name of ['%2e%2e/x', 'a%2e%2e', '100%25.txt', '..%2fx', 'n%00.txt', 'x%5cy']) expect(normalizePathInput(name)).toBe(name);
    // Look-alikes that do not fold into "." or "..": ordinary names.
    for (const name of ['\u2026', '.\uff0e\uff0e', '\uff0ex', 'caf\u00e9']) expect(normalizePathInput(name)).toBe(name);
  });

  it.each([
    [42, 'tool.path_invalid', /must be a string, got number/],
    [null, 'tool.path_invalid', /got null/],
    ['', 'tool.path_invalid', /empty/],
    ['a\u0000b', 'tool.path_invalid', /NUL/],
    ['a\tb', 'tool.path_invalid', /control character/],
    ['https://example.com/x', 'tool.path_invalid', /URL/],
    ['\u2025/x', 'tool.path_invalid', /reads as/],
    ['a/\uff0e/b', 'tool.path_invalid', /reads as/],
    ['.. /x', 'tool.path_invalid', /reads as/],
    ['a\uff0f..', 'tool.path_invalid', /separator/],
    ['D:\\data', 'tool.path_outside_workspace', /drive/],
    ['~', 'tool.path_outside_workspace', /home directory/],
  ])('refuses %j', (input, code, message) => {
    expect(() => normalizePathInput(input)).toThrow(expect.objectContaining({ code, message: expect.stringMatching(message) }));
  });
});
