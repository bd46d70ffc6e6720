import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ToolV1 } from '@warden/protocol';
import { defineTool } from './define-tool.js';
import { createToolRegistry } from './tool-registry.js';

const make = (name: string) => defineTool({ name, description: `${name} tool`, input: z.object({ q: z.string() }), execute: () => name });

describe('createToolRegistry', () => {
  it('adds, lists in order, removes and exposes specs', () => {
    const registry = createToolRegistry([make('b_tool')]).add(make('a_tool'));
    expect(registry.size).toBe(2);
    expect(registry.list().map((t) => t.name)).toEqual(['b_tool', 'a_tool']);
    expect(registry.specs()).toEqual([
      { name: 'b_tool', description: 'b_tool tool', inputSchema: expect.objectContaining({ type: 'object' }) },
      { name: 'a_tool', description: 'a_tool tool', inputSchema: expect.objectContaining({ type: 'object' }) },
    ]);
    expect(registry.has('a_tool')).toBe(true);
    expect(registry.remove('a_tool')).toBe(true);
    expect(registry.remove('a_tool')).toBe(false);
    expect(registry.get('a_tool')).toBeUndefined();
    expect(registry.get('b_tool')?.name).toBe('b_tool');
  });

  it('refuses a duplicate name with tool.duplicate_name', () => {
    const registry = createToolRegistry([make('x')]);
    expect(() => registry.add(make('x'))).toThrow(expect.objectContaining({ code: 'tool.duplicate_name' }));
  });

  it('refuses an unknown specificationVersion, a bad name or a missing execute', () => {
    const registry = createToolRegistry();
    const v2 = { ...make('x'), specificationVersion: 'v2' } as unknown as ToolV1;
    expect(() => registry.add(v2)).toThrow(expect.objectContaining({ code: 'protocol.unsupported_version' }));
    expect(() => registry.add({ ...make('x'), name: 'bad name' })).toThrow(expect.objectContaining({ code: 'tool.invalid_definition' }));
    expect(() => registry.add({ ...make('y'), execute: undefined } as unknown as ToolV1)).toThrow(expect.objectContaining({ code: 'tool.invalid_definition' }));
  });

  it('keeps registries independent (no global state)', () => {
    const a = createToolRegistry([make('shared')]);
    const b = createToolRegistry();
    expect(b.has('shared')).toBe(false);
    expect(() => b.add(make('shared'))).not.toThrow();
    expect(a.size).toBe(1);
  });
});
