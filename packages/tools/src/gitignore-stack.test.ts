import { describe, expect, it } from 'vitest';
import { GitignoreStack } from './gitignore-stack.js';

describe('GitignoreStack', () => {
  it('applies a root file to the whole tree and a nested file below its directory only', () => {
    const stack = new GitignoreStack();
    stack.push('', '*.log\nbuild/\n');
    stack.push('pkg', 'local.txt\n!important.log\n');
    expect(stack.ignores('a.log', false)).toBe(true);
    expect(stack.ignores('build', true)).toBe(true);
    expect(stack.ignores('build', false)).toBe(false);
    expect(stack.ignores('pkg/local.txt', false)).toBe(true);
    expect(stack.ignores('local.txt', false)).toBe(false);
    expect(stack.ignores('pkg/important.log', false)).toBe(false);
    expect(stack.ignores('pkg/other.log', false)).toBe(true);
    stack.pop();
    expect(stack.ignores('pkg/local.txt', false)).toBe(false);
  });

  it('anchors patterns with a leading slash to their own directory', () => {
    const stack = new GitignoreStack();
    stack.push('sub', '/only-here\n');
    expect(stack.ignores('sub/only-here', false)).toBe(true);
    expect(stack.ignores('sub/deeper/only-here', false)).toBe(false);
  });
});
