import { describe, expect, it } from 'vitest';
import type { ToolAnnotations } from '@warden/protocol';
import { isMcpTool, mcpToolEffect, toolNameWords } from './mcp-tool-effect.js';

const tagged = (...hints: string[]): ToolAnnotations => ({ openWorld: true, mutating: true, destructive: true, tags: ['mcp', ...hints] });
const readOnly = tagged('mcp-hint:readOnly=true');

describe('mcpToolEffect: what a named server does not authorize by itself', () => {
  it.each([
    ['db__drop_table', readOnly, 'destructive', 'name'],
    ['db__deleteRows', readOnly, 'destructive', 'name'],
    ['fs__remove-file', readOnly, 'destructive', 'name'],
    ['db__truncate', tagged('mcp-hint:readOnly=false', 'mcp-hint:destructive=false'), 'destructive', 'name'],
    ['ops__kill_job', readOnly, 'destructive', 'name'],
    ['cache__purge', readOnly, 'destructive', 'name'],
    ['db__reset.all', readOnly, 'destructive', 'name'],
    ['repo__wipe', readOnly, 'destructive', 'name'],
    ['mail__send_email', readOnly, 'egress', 'name'],
    ['slack__postMessage', readOnly, 'egress', 'name'],
    ['pkg__publish', readOnly, 'egress', 'name'],
    ['git__push', readOnly, 'egress', 'name'],
    ['infra__deploy', readOnly, 'egress', 'name'],
    ['crm__email_customer', readOnly, 'egress', 'name'],
    ['ops__schedule_task', readOnly, 'runs-later', 'name'],
    ['ci__create_cron', readOnly, 'runs-later', 'name'],
    ['docs__update_page', tagged('mcp-hints:none'), 'destructive', 'no_annotations'],
    ['docs__update_page', tagged('mcp-hint:openWorld=false'), 'destructive', 'not_read_only'],
    ['docs__update_page', tagged('mcp-hint:readOnly=false', 'mcp-hint:destructive=true'), 'destructive', 'destructive_hint'],
    ['tracker__create_issue', tagged('mcp-hint:readOnly=false', 'mcp-hint:destructive=false'), 'egress', 'open_world_hint'],
    ['tracker__create_issue', tagged('mcp-hint:readOnly=false', 'mcp-hint:destructive=false', 'mcp-hint:openWorld=true'), 'egress', 'open_world_hint'],
    ['docs__search', tagged(), 'destructive', 'not_read_only'],
  ])('%s (%j) is %s by %s', (name, annotations, effect, basis) => {
    expect(mcpToolEffect(name, annotations)).toEqual({ effect, basis });
  });

  it.each([
    ['docs__search', readOnly],
    ['tracker__get_issue', readOnly],
    ['tracker__list_issues', readOnly],
    ['mail__get_email', readOnly],
    ['chat__read_message', readOnly],
    ['ci__list_jobs', readOnly],
    ['notes__append_note', tagged('mcp-hint:readOnly=false', 'mcp-hint:destructive=false', 'mcp-hint:openWorld=false')],
    ['kb__searchDocuments', readOnly],
  ])('must allow: %s is ordinary', (name, annotations) => {
    expect(mcpToolEffect(name, annotations).effect).toBe('ordinary');
  });

  it('splits names at _, -, ., / and camelCase, after the server prefix', () => {
    expect(toolNameWords('db__dropTable-now.v2')).toEqual(['drop', 'table', 'now', 'v2']);
    expect(isMcpTool('db__drop', readOnly)).toBe(true);
    expect(isMcpTool('db__drop', { tags: [] })).toBe(false);
    expect(isMcpTool('drop', readOnly)).toBe(false);
  });
});
