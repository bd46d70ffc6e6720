import { describe, expect, it } from 'vitest';
import { textOf, type ToolResultPart } from '@warden/protocol';
import { recordingGate, scriptedProvider } from '@warden/protocol/testing';
import { createAgent, type AgentHooks } from '../src/index.js';
import { collect, makeTool, ofType } from './helpers.js';

describe('hooks', () => {
  it('beforeTool may block a call with a reason the model reads; the gate is not asked', async () => {
    let ran = false;
    const gate = recordingGate();
    const t = makeTool('shell', () => {
      ran = true;
      return 'x';
    });
    const hooks: AgentHooks = { beforeTool: ({ call }) => (call.args.cmd === 'rm -rf /' ? { block: 'destructive command' } : undefined) };
    const provider = scriptedProvider([{ toolCalls: [{ name: 'shell', args: { cmd: 'rm -rf /' } }] }, 'ok']);
    const result = await createAgent({ provider, tools: [t], hooks, gate }).run('x');
    expect(ran).toBe(false);
    expect(gate.decisions).toHaveLength(0);
    expect(result.toolCalls[0]!.status).toBe('blocked');
    const sent = provider.requests[1]!.messages.at(-1)!.parts[0] as ToolResultPart;
    expect(textOf(sent.content)).toContain('destructive command');
  });

  it('afterTool transforms what the model, the events and the session see, and can taint the run', async () => {
    const secret = makeTool('env', () => 'API_KEY=sk-live-123');
    const hooks: AgentHooks[] = [
      { afterTool: ({ content }) => ({ content: [{ type: 'text', text: textOf(content).replace(/sk-live-\w+/, '[REDACTED]') }] }) },
      { afterTool: ({ content }) => ({ content: [{ type: 'text', text: `${textOf(content)} (checked)` }], taint: { source: 'env', reason: 'read the environment' } }) },
    ];
    const provider = scriptedProvider([{ toolCalls: [{ name: 'env' }] }, 'ok']);
    const gate = recordingGate();
    const events = await collect(createAgent({ provider, tools: [secret], hooks, gate }).stream('x'));
    const result = ofType(events, 'tool_result')[0]!;
    expect(textOf(result.content)).toBe('API_KEY=[REDACTED] (checked)');
    expect(JSON.stringify(provider.requests[1])).not.toContain('sk-live');
    expect(ofType(events, 'taint')[0]).toMatchObject({ source: 'env' });
    expect(ofType(events, 'run_end')[0]!.stopReason).toBe('done');
  });

  it('a taint reaches the gate context of later calls and the result', async () => {
    const gate = recordingGate();
    const t = makeTool('t', () => 'web page');
    const hooks: AgentHooks = { afterTool: () => ({ taint: { source: 'web', reason: 'untrusted' } }) };
    const provider = scriptedProvider([{ toolCalls: [{ name: 't' }] }, { toolCalls: [{ name: 't' }] }, 'ok']);
    const result = await createAgent({ provider, tools: [t], hooks, gate }).run('x');
    expect(gate.decisions.map((d) => d.ctx.tainted)).toEqual([false, true]);
    expect(result.tainted).toBe(true);
  });

  it('an afterTool hook that throws withholds the output (fails closed)', async () => {
    const t = makeTool('t', () => 'secret stuff');
    const hooks: AgentHooks = {
      afterTool: () => {
        throw new Error('redactor crashed');
      },
    };
    const provider = scriptedProvider([{ toolCalls: [{ name: 't' }] }, 'ok']);
    const result = await createAgent({ provider, tools: [t], hooks }).run('x');
    expect(JSON.stringify(provider.requests[1])).not.toContain('secret stuff');
    expect(result.warnings.join()).toContain('afterTool');
  });

  it('a beforeTool hook that throws blocks the call', async () => {
    let ran = false;
    const t = makeTool('t', () => {
      ran = true;
      return 'x';
    });
    const hooks: AgentHooks = {
      beforeTool: () => {
        throw new Error('nope');
      },
    };
    const result = await createAgent({ provider: scriptedProvider([{ toolCalls: [{ name: 't' }] }, 'ok']), tools: [t], hooks }).run('x');
    expect(ran).toBe(false);
    expect(result.toolCalls[0]!.status).toBe('blocked');
  });

  it('beforeModel may replace the request; several hook sets compose in order', async () => {
    const order: string[] = [];
    const hooks: AgentHooks[] = [
      {
        beforeModel: ({ request }) => {
          order.push('a');
          return { request: { ...request, temperature: 0.1 } };
        },
      },
      {
        beforeModel: ({ request }) => {
          order.push(`b:${request.temperature}`);
          return { request: { ...request, maxOutputTokens: 99 } };
        },
      },
    ];
    const provider = scriptedProvider(['ok']);
    await createAgent({ provider, hooks }).run('x');
    expect(order).toEqual(['a', 'b:0.1']);
    expect(provider.requests[0]).toMatchObject({ temperature: 0.1, maxOutputTokens: 99 });
  });

  it('afterModel retry on a final answer adds the text as a user message and continues', async () => {
    const seen: boolean[] = [];
    const hooks: AgentHooks = {
      afterModel: ({ response, final }) => {
        seen.push(final);
        return textOf(response.message).includes('TODO') ? { retry: 'Your answer contains TODO; finish it.' } : undefined;
      },
    };
    const provider = scriptedProvider(['draft with TODO', 'complete answer']);
    const result = await createAgent({ provider, hooks }).run('x');
    expect(result.output).toBe('complete answer');
    expect(textOf(provider.requests[1]!.messages.at(-1)!)).toBe('Your answer contains TODO; finish it.');
    expect(seen).toEqual([true, true]);
  });

  it('afterModel retries are bounded by maxTurns', async () => {
    const hooks: AgentHooks = { afterModel: () => ({ retry: 'again' }) };
    const provider = scriptedProvider(['1', '2', 'wrap']);
    const result = await createAgent({ provider, hooks, maxTurns: 2 }).run('x');
    expect(result.stopReason).toBe('max_turns');
    expect(result.output).toBe('wrap');
  });
});

describe('hook failures around the model', () => {
  it('a beforeModel hook that throws ends the run with stopReason error and a run_end event', async () => {
    const { RunError } = await import('@warden/protocol');
    const hooks: AgentHooks = {
      beforeModel: () => {
        throw new RunError({ code: 'run.aborted', message: 'guardrail refused' });
      },
    };
    const events = await collect(createAgent({ provider: scriptedProvider(['never']), hooks }).stream('x'));
    expect(ofType(events, 'run_end')[0]).toMatchObject({ stopReason: 'error', error: { code: 'run.aborted', message: 'guardrail refused' } });
  });
});
