import { describe, expect, it } from 'vitest';
import { TOOL_NAME_PATTERN } from '@warden/protocol/checks';
import { namespacedToolName } from './mcp-tool-name.js';

describe('namespacedToolName', () => {
  it('joins server and tool with a double underscore', () => {
    expect(namespacedToolName('fs', 'read_file')).toBe('fs__read_file');
  });

  it('replaces characters providers reject', () => {
    expect(namespacedToolName('gh', 'repos.list/all')).toBe('gh__repos_list_all');
  });

  it('shortens long names with a hash so they stay valid and distinct', () => {
    const a = namespacedToolName('server', `${'x'.repeat(80)}a`);
    const b = namespacedToolName('server', `${'x'.repeat(80)}b`);
    expect(a).toMatch(TOOL_NAME_PATTERN);
    expect(a.length).toBe(64);
    expect(a).not.toBe(b);
  });
});
