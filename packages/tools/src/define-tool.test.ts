import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ToolError, normalizeToolOutput } from '@warden/protocol';
import { defineTool } from './define-tool.js';

const ctx = { signal: new AbortController().signal, callId: 'c1', runId: 'r1', emit: () => undefined };

const weather = () =>
  defineTool({
    name: 'get_weather',
    description: 'Current weather for a city.',
    input: z.object({
      city: z.string().describe('City name, e.g. "Lisbon".'),
      units: z.enum(['metric', 'imperial']).default('metric').describe('Unit system.'),
      days: z.number().int().min(1).max(7).optional(),
      tags: z.array(z.object({ key: z.string() })).optional(),
    }),
    annotations: { readOnly: true },
    timeoutMs: 5000,
    execute: ({ city, units }) => `${city}: 21° (${units})`,
  });

describe('defineTool', () => {
  it('produces a ToolV1 with a JSON Schema that carries field descriptions', () => {
    const tool = weather();
    expect(tool.specificationVersion).toBe('v1');
    expect(tool.name).toBe('get_weather');
    expect(tool.timeoutMs).toBe(5000);
    expect(tool.annotations).toEqual({ readOnly: true });
    expect(tool.inputSchema).toMatchObject({
      type: 'object',
      properties: {
        city: { type: 'string', description: 'City name, e.g. "Lisbon".' },
        units: { enum: ['metric', 'imperial'], default: 'metric', description: 'Unit system.' },
        days: { type: 'integer', minimum: 1, maximum: 7 },
      },
      required: ['city'],
    });
    expect(tool.inputSchema).not.toHaveProperty('$schema');
  });

  it('validate names exactly the wrong fields, including nested ones', () => {
    const tool = weather();
    const result = tool.validate?.({ city: 42, days: 9, tags: [{ key: 1 }] });
    expect(result?.ok).toBe(false);
    if (result?.ok !== false) return;
    expect(result.message).toContain('Invalid arguments for get_weather');
    expect(result.message).toMatch(/city: expected string, received number/);
    expect(result.message).toMatch(/days: .*7/);
    expect(result.message).toMatch(/tags\[0\]\.key: expected string/);
  });

  it('validate applies defaults and returns the normalised arguments', () => {
    expect(weather().validate?.({ city: 'Lisbon' })).toEqual({ ok: true, args: { city: 'Lisbon', units: 'metric' } });
  });

  it('names unknown fields of a strict schema', () => {
    const tool = defineTool({ name: 'strict', description: 'd', input: z.strictObject({ a: z.string() }), execute: () => 'ok' });
    const result = tool.validate?.({ a: 'x', b: 1 });
    expect(result).toEqual({ ok: false, message: 'Invalid arguments for strict: unknown field `b`: remove it' });
  });

  it('execute validates again and refuses bad arguments with tool.invalid_args', async () => {
    await expect(weather().execute({ city: 1 }, ctx)).rejects.toMatchObject({ code: 'tool.invalid_args' });
  });

  it('runs sync and async execute, returning text or parts', async () => {
    expect(await weather().execute({ city: 'Lisbon' }, ctx)).toBe('Lisbon: 21° (metric)');
    const parts = defineTool({
      name: 'parts',
      description: 'd',
      input: z.object({}),
      execute: async () => [{ type: 'text' as const, text: 'a' }, { type: 'image' as const, mediaType: 'image/png', data: 'AAAA' }],
    });
    const output = normalizeToolOutput(await parts.execute({}, ctx));
    expect(output.content).toHaveLength(2);
    const failing = defineTool({ name: 'soft_fail', description: 'd', input: z.object({}), execute: () => ({ content: 'nope', isError: true }) });
    expect(normalizeToolOutput(await failing.execute({}, ctx))).toEqual({ content: [{ type: 'text', text: 'nope' }], isError: true });
  });

  it('wraps an unexpected throw in tool.execution_failed, and lets ToolErrors through', async () => {
    const boom = defineTool({ name: 'boom', description: 'd', input: z.object({}), execute: () => { throw new TypeError('kaput'); } });
    const error = await Promise.resolve(boom.execute({}, ctx)).catch((e: unknown) => e);
    expect(ToolError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'tool.execution_failed', message: 'boom failed: kaput' });
    const typed = defineTool({
      name: 'typed',
      description: 'd',
      input: z.object({}),
      execute: () => { throw new ToolError({ code: 'tool.path_protected', message: 'no' }); },
    });
    await expect(typed.execute({}, ctx)).rejects.toMatchObject({ code: 'tool.path_protected' });
  });

  it.each(['', '1abc', 'has space', 'dot.name', 'a'.repeat(65), 'ünï'])('refuses the name %j', (name) => {
    expect(() => defineTool({ name, description: 'd', input: z.object({}), execute: () => '' })).toThrow(
      expect.objectContaining({ code: 'tool.invalid_definition' }),
    );
  });

  it.each(['a', 'read_file', 'mcp__fs-read', 'A'.repeat(64)])('accepts the name %j', (name) => {
    expect(defineTool({ name, description: 'd', input: z.object({}), execute: () => '' }).name).toBe(name);
  });

  it('refuses a non-object input, an empty description, a bad timeout, unknown annotations and unrepresentable schemas', () => {
    const bad = [
      () => defineTool({ name: 'a', description: 'd', input: z.string() as never, execute: () => '' }),
      () => defineTool({ name: 'a', description: ' ', input: z.object({}), execute: () => '' }),
      () => defineTool({ name: 'a', description: 'd', input: z.object({}), timeoutMs: -1, execute: () => '' }),
      () => defineTool({ name: 'a', description: 'd', input: z.object({}), annotations: { readonly: true } as never, execute: () => '' }),
      () => defineTool({ name: 'a', description: 'd', input: z.object({ when: z.date() }), execute: () => '' }),
    ];
    for (const make of bad) expect(make).toThrow(expect.objectContaining({ code: 'tool.invalid_definition' }));
  });
});

describe('defineTool: permission and cacheable', () => {
  const base = { name: 'lookup', description: 'Looks a price up.', input: z.object({ sku: z.string() }), execute: () => 'x' };
  it('carries a permission and a cacheable TTL onto the tool', () => {
    expect(defineTool({ ...base, permission: 'ask' }).permission).toBe('ask');
    expect(defineTool({ ...base, annotations: { readOnly: true }, cacheable: true }).cacheable).toBe(true);
    expect(defineTool({ ...base, cacheable: { ttlMs: 1000 } }).cacheable).toEqual({ ttlMs: 1000 });
    expect(defineTool({ ...base, cacheable: false }).cacheable).toBeUndefined();
    expect(defineTool(base).permission).toBeUndefined();
  });
  it.each([
    [{ permission: 'always' }],
    [{ cacheable: { ttlMs: 0 } }],
    [{ cacheable: true, annotations: { mutating: true } }],
    [{ cacheable: true, annotations: { openWorld: true } }],
    [{ cacheable: true, annotations: { destructive: true } }],
  ])('refuses %j', (extra) => {
    expect(() => defineTool({ ...base, ...(extra as object) })).toThrow(expect.objectContaining({ code: 'tool.invalid_definition' }));
  });
});
