import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createWorkflow, parseWorkflow, type WorkflowEvent } from '../src/index.js';
import { refundTools, scriptedAgents } from './refund-tools.js';

const text = readFileSync(join(import.meta.dirname, '__fixtures__', 'refunds.yaml'), 'utf8');

describe('the seed refund desk, offline', () => {
  it('gathers in parallel, classifies, refunds with retry, and loops the email until approved', async () => {
    const { tools, findCharges, profile, refund } = refundTools(1);
    const { agents, inputs } = scriptedAgents({
      classifier: ['```json\n{"duplicates": ["4182"]}\n```'],
      writer: ['Dear c_17, we refunded 40 EUR.', 'Dear customer, we refunded 40 EUR. Sorry.'],
      reviewer: ['{"approved": false, "fix": "be warmer"}', '{"approved": true}'],
    });
    const events: WorkflowEvent[] = [];
    const workflow = createWorkflow(parseWorkflow(text, 'refunds.yaml'), { tools, agents, onEvent: (e) => events.push(e) });
    const result = await workflow.run({ customer: 'c_17', orders: ['4182', '4190'] });

    expect(result.status).toBe('ok');
    expect(result.output).toBe('Dear customer, we refunded 40 EUR. Sorry.');
    expect(result.state).toMatchObject({ refunded: 40, verdict: { duplicates: ['4182'] }, review: { approved: true } });
    expect(result.steps.email!.iterations).toBe(2);
    expect(findCharges.calls.map((c) => c.order).sort()).toEqual(['4182', '4190']);
    expect(profile.calls).toEqual([{ customer: 'c_17' }]);
    // One failure, then the retry went through: the refund ran twice and succeeded once.
    expect(refund.calls).toEqual([{ order: '4182', amount: 40 }, { order: '4182', amount: 40 }]);
    expect(events.filter((e) => e.type === 'step_retry')).toHaveLength(1);
    // The classifier read the gathered charges; the second draft read the reviewer's fix.
    expect(inputs.classifier![0]).toContain('"order":"4182"');
    expect(inputs.writer![1]).toContain('Fix: be warmer');
    expect(result.costUsd).toBeCloseTo(0.05);
    expect(events.at(-1)).toMatchObject({ type: 'workflow_end', status: 'ok' });
  });

  it('returns early when there is nothing to refund', async () => {
    const { tools, refund } = refundTools();
    const { agents } = scriptedAgents({ classifier: ['{"duplicates": []}'], writer: [], reviewer: [] });
    const result = await createWorkflow(parseWorkflow(text), { tools, agents }).run({ customer: 'c_1', orders: ['1'] });
    expect(result).toMatchObject({ status: 'ok', output: 'Nothing to refund.' });
    expect(refund.calls).toEqual([]);
    expect(result.steps.email).toBeUndefined();
  });

  it('a failed step ends the run with status, error and failedStep, without throwing', async () => {
    const { tools } = refundTools(5);
    const { agents } = scriptedAgents({ classifier: ['{"duplicates": ["9"]}'], writer: [], reviewer: [] });
    const result = await createWorkflow(parseWorkflow(text), { tools, agents }).run({ customer: 'c', orders: ['9'] });
    expect(result.status).toBe('failed');
    expect(result.failedStep).toBe('tool_3');
    expect(result.error).toMatchObject({ code: 'workflow.step_failed' });
    expect(result.error!.message).toContain('payment service busy');
  });

  it('an agent asked for JSON that answers prose fails its step, naming it', async () => {
    const { tools } = refundTools();
    const { agents } = scriptedAgents({ classifier: ['I think 4182 is a duplicate.'], writer: [], reviewer: [] });
    const result = await createWorkflow(parseWorkflow(text), { tools, agents }).run({ customer: 'c', orders: ['1'] });
    expect(result).toMatchObject({ status: 'failed', failedStep: 'classify' });
    expect(result.error!.message).toMatch(/asked for JSON/);
  });

  it('describes the outline without running anything', () => {
    const { tools } = refundTools();
    const { agents } = scriptedAgents({ classifier: [], writer: [], reviewer: [] });
    const outline = createWorkflow(parseWorkflow(text), { tools, agents }).describe();
    expect(outline).toContain('workflow refund_desk');
    expect(outline).toContain('foreach order in {{ inputs.orders }} (4 at once)');
    expect(outline).toContain('loop up to 3 until state.review.approved');
    expect(outline).toContain('tool issue_refund  [retry 2]');
  });
});
