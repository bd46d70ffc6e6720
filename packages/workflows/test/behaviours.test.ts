import { INTERFACE_VERSIONS, type GateV1 } from '@warden/protocol';
import { describe, expect, it } from 'vitest';
import { createWorkflow, parseWorkflow, type WorkflowEvent } from '../src/index.js';
import { recordingTool, scriptedAgents } from './refund-tools.js';

const echo = () => recordingTool('echo', (args) => String(args.text ?? ''));

describe('workflow steps', () => {
  it('a graph runs each node once its needs are done, and steps.<id> holds each output', async () => {
    const order: string[] = [];
    const slow = recordingTool('note', (args) => (order.push(String(args.text)), String(args.text)));
    const text = [
      'name: g',
      'steps:',
      '  - id: plan',
      '    graph:',
      '      - {id: c, tool: note, args: {text: "c after {{ steps.a.output }} and {{ steps.b.output }}"}, needs: [a, b]}',
      '      - {id: a, tool: note, args: {text: a}}',
      '      - {id: b, tool: note, args: {text: b}, needs: [a]}',
      'output: "{{ steps.plan.output.c }}"',
    ].join('\n');
    const result = await createWorkflow(parseWorkflow(text), { tools: [slow.tool] }).run();
    expect(order).toEqual(['a', 'b', 'c after a and b']);
    expect(result.output).toBe('c after a and b');
  });

  it('when: skips, on_error: continue records the failure and goes on, previous is the last output', async () => {
    const boom = recordingTool('boom', () => ({ content: 'no such order', isError: true }));
    const { tool } = echo();
    const events: WorkflowEvent[] = [];
    const text = [
      'name: w',
      'inputs: {n: {type: number}}',
      'steps:',
      '  - {id: skipped, tool: echo, args: {text: x}, when: inputs.n > 5}',
      '  - {id: failing, tool: boom, on_error: continue}',
      '  - {id: last, tool: echo, args: {text: "{{ steps.failing.status }}: {{ steps.failing.error }} / {{ steps.skipped.status }}"}}',
      '  - {set: {seen: "{{ previous }}"}}',
    ].join('\n');
    const result = await createWorkflow(parseWorkflow(text), { tools: [tool, boom.tool], onEvent: (e) => events.push(e) }).run({ n: 1 });
    expect(result.status).toBe('ok');
    expect(result.state.seen).toBe('error: boom failed: no such order / skipped');
    expect(events.map((e) => e.type)).toEqual(['workflow_start', 'step_skipped', 'step_start', 'step_failed', 'step_start', 'step_end', 'step_start', 'step_end', 'workflow_end']);
    expect(events.find((e) => e.type === 'step_failed')).toMatchObject({ continued: true, code: 'workflow.step_failed' });
  });

  it('max_steps ends a loop that does not', async () => {
    const { tool, calls } = echo();
    const text = ['name: w', 'max_steps: 25', 'steps:', '  - loop: {max: 1000, until: "false"}', '    steps: [{tool: echo, args: {text: again}}]'].join('\n');
    const result = await createWorkflow(parseWorkflow(text), { tools: [tool] }).run();
    expect(result).toMatchObject({ status: 'failed', error: { code: 'workflow.max_steps' } });
    expect(calls.length).toBe(24);
  });

  it('a stop is honoured before every step', async () => {
    const controller = new AbortController();
    const stopper = recordingTool('stopper', () => (controller.abort(), 'stopping'));
    const { tool, calls } = echo();
    const text = ['name: w', 'steps:', '  - {tool: stopper}', '  - {tool: echo, args: {text: never}}'].join('\n');
    const result = await createWorkflow(parseWorkflow(text), { tools: [stopper.tool, tool] }).run({}, { signal: controller.signal });
    expect(result).toMatchObject({ status: 'stopped', failedStep: 'tool_2' });
    expect(calls).toEqual([]);
  });

  it('the gate decides every tool step: deny and ask both refuse, and the refusal is not retried', async () => {
    const decided: string[] = [];
    const gate: GateV1 = {
      specificationVersion: INTERFACE_VERSIONS.gate,
      decide: (call, ctx) => {
        decided.push(`${call.name}:${ctx.tainted}`);
        if (call.name === 'send_email') return { effect: 'ask', rule: 'taint.requires-person', reason: 'sending after untrusted content', requiresPerson: true };
        return { effect: 'allow', rule: 'mode', reason: 'ok' };
      },
    };
    const { tool } = echo();
    const send = recordingTool('send_email', () => 'sent', { openWorld: true });
    const text = ['name: w', 'steps:', '  - {tool: echo, args: {text: hi}}', '  - {id: mail, tool: send_email, retry: 3, args: {to: "{{ previous }}"}}'].join('\n');
    const result = await createWorkflow(parseWorkflow(text), { tools: [tool, send.tool], gate }).run();
    expect(result).toMatchObject({ status: 'failed', failedStep: 'mail', error: { code: 'workflow.refused' } });
    expect(result.error!.message).toContain('needs a person, and a workflow has nobody to ask');
    expect(send.calls).toEqual([]);
    // The first call is decided untainted; after a tool's output the run is tainted.
    expect(decided).toEqual(['echo:false', 'send_email:true']);
  });

  it('hooks may refuse a step or the whole run', async () => {
    const { tool, calls } = echo();
    const text = ['name: w', 'steps:', '  - {id: first, tool: echo, args: {text: a}}', '  - {id: second, tool: echo, args: {text: b}}'].join('\n');
    const stepRefused = await createWorkflow(parseWorkflow(text), {
      tools: [tool],
      hooks: { workflowStep: ({ step }) => (step === 'second' ? { refuse: 'not on Fridays' } : undefined) },
    }).run();
    expect(stepRefused).toMatchObject({ status: 'failed', failedStep: 'second', error: { code: 'workflow.refused' } });
    expect(calls).toEqual([{ text: 'a' }]);
    const ends: string[] = [];
    const runRefused = createWorkflow(parseWorkflow(text), { tools: [tool], hooks: { workflowStart: () => ({ refuse: 'frozen' }), workflowEnd: (r) => void ends.push(r.status) } });
    await expect(runRefused.run()).rejects.toThrow(/refused the run: frozen/);
    expect(calls).toHaveLength(1);
  });

  it('a step over its timeout fails as workflow.timeout and its tool sees the abort', async () => {
    let aborted = false;
    const hang = recordingTool('hang', () => 'never');
    hang.tool.execute = (_args, ctx) =>
      new Promise((resolve) => {
        ctx.signal.addEventListener('abort', () => ((aborted = true), resolve('late')));
      });
    const result = await createWorkflow(parseWorkflow('name: w\nsteps: [{tool: hang, timeout: 0.05}]'), { tools: [hang.tool] }).run();
    expect(result).toMatchObject({ status: 'failed', error: { code: 'workflow.timeout' } });
    expect(aborted).toBe(true);
  });

  it('the file budget caps the agents in it', async () => {
    const { agents, inputs } = scriptedAgents({ a: ['one', 'two', 'three'] });
    const text = ['name: w', 'budget: {max_cost_usd: 0.015}', 'steps:', '  - {agent: a, input: x}', '  - {agent: a, input: y}', '  - {agent: a, input: z}'].join('\n');
    const result = await createWorkflow(parseWorkflow(text), { agents }).run();
    expect(result).toMatchObject({ status: 'failed', error: { code: 'workflow.budget' }, failedStep: 'agent_3' });
    expect(inputs.a).toEqual(['x', 'y']);
  });

  it('stream() yields every event, workflow_end last, and the same result', async () => {
    const { tool } = echo();
    const workflow = createWorkflow(parseWorkflow('name: w\nsteps: [{tool: echo, args: {text: hi}}]\noutput: "{{ previous }}"'), { tools: [tool] });
    const stream = workflow.stream();
    const types: string[] = [];
    for await (const event of stream) types.push(event.type);
    expect(types).toEqual(['workflow_start', 'step_start', 'step_end', 'workflow_end']);
    expect((await stream.result).status).toBe('ok');
  });

  it('asTool() makes a workflow an agent can call, with its inputs as arguments and its effects declared', async () => {
    const refund = recordingTool('issue_refund', (args) => `refunded ${String(args.order)}`, { mutating: true });
    const text = ['name: refund_one', 'description: Refund one order.', 'inputs: {order: {type: string, required: true}}', 'steps: [{tool: issue_refund, args: {order: "{{ inputs.order }}"}}]', 'output: "{{ previous }}"'].join('\n');
    const tool = createWorkflow(parseWorkflow(text), { tools: [refund.tool] }).asTool();
    expect(tool).toMatchObject({
      name: 'refund_one',
      description: 'Refund one order.',
      inputSchema: { type: 'object', properties: { order: { type: 'string' } }, required: ['order'], additionalProperties: false },
      annotations: { readOnly: false, mutating: true, destructive: false, openWorld: false },
    });
    const signal = new AbortController().signal;
    expect(await tool.execute({ order: '7' }, { signal, callId: 'c', runId: 'r', emit: () => undefined })).toBe('refunded 7');
    await expect(Promise.resolve(tool.execute({ order: 7 }, { signal, callId: 'c', runId: 'r', emit: () => undefined }))).rejects.toThrow(/should be string/);
  });
});
