import { describe, expect, it } from 'vitest';
import { textOf, type ToolResultContent } from '@warden/protocol';
import { scriptedProvider } from '@warden/protocol/testing';
import { createAgent } from '../src/index.js';
import { makeTool } from './helpers.js';

// Providers check and serialise each message and tool spec once and reuse that on later steps,
// so what was sent must never change afterwards: the loop freezes it, and an in-place edit fails
// loudly instead of silently diverging from what the model actually saw.
describe('the history sent to the model cannot be edited in place', () => {
  it('a beforeModel hook that edits a sent message in place ends the run with an error', async () => {
    const provider = scriptedProvider([{ toolCalls: [{ name: 'look' }] }, 'done']);
    const look = makeTool('look', () => 'seen');
    const result = await createAgent({
      provider,
      tools: [look],
      hooks: {
        beforeModel: ({ request, step }) => {
          if (step === 2) {
            const first = request.messages.find((m) => m.role === 'user')!;
            (first.parts[0] as { text: string }).text = 'rewritten';
          }
          return undefined;
        },
      },
    }).run('original task');
    expect(result.stopReason).toBe('error');
    expect(result.error?.message).toMatch(/read only|read-only|frozen/i);
    expect(provider.requests).toHaveLength(1);
  });

  it('a hook that replaces messages with new objects still works', async () => {
    const provider = scriptedProvider([{ toolCalls: [{ name: 'look' }] }, 'done']);
    const look = makeTool('look', () => 'seen');
    await createAgent({
      provider,
      tools: [look],
      hooks: {
        beforeModel: ({ request }) => ({
          request: { ...request, messages: request.messages.map((m) => (m.role === 'user' ? { role: 'user', parts: [{ type: 'text', text: 'redacted task' }] } : m)) },
        }),
      },
    }).run('original task');
    expect(textOf(provider.requests[1]!.messages.find((m) => m.role === 'user')!)).toBe('redacted task');
  });

  it("freezes copies, not the tool's own objects: its schema and the content it returned stay editable", async () => {
    const schema = { type: 'object', properties: { q: { type: 'string' } } };
    const shared: ToolResultContent = [{ type: 'text', text: 'first' }];
    const tool = makeTool('t', () => shared, { inputSchema: schema });
    const provider = scriptedProvider([{ toolCalls: [{ name: 't', args: { q: 'x' } }] }, 'done']);
    const result = await createAgent({ provider, tools: [tool] }).run('go');
    expect(Object.isFrozen(schema)).toBe(false);
    expect(Object.isFrozen(shared[0])).toBe(false);
    (shared[0] as { text: string }).text = 'changed later';
    const sent = result.messages.find((m) => m.role === 'tool')!;
    const part = sent.parts[0]!;
    expect(textOf(part.type === 'tool_result' ? part.content : [])).toBe('first');
  });

  it('tool specs are frozen too: editing one in a hook fails instead of being ignored by a provider cache', async () => {
    const provider = scriptedProvider(['done']);
    const result = await createAgent({
      provider,
      tools: [makeTool('t', () => 'x')],
      hooks: {
        beforeModel: ({ request }) => {
          (request.tools![0] as { description: string }).description = 'edited';
          return undefined;
        },
      },
    }).run('go');
    expect(result.stopReason).toBe('error');
  });

  it('refuses a tool whose inputSchema is not plain JSON', () => {
    const tool = makeTool('t', () => 'x', { inputSchema: { type: 'object', check: () => true } as unknown as Record<string, unknown> });
    expect(() => createAgent({ provider: scriptedProvider([]), tools: [tool] })).toThrow(expect.objectContaining({ code: 'config.invalid' }));
  });
});
