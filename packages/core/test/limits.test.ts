import { describe, expect, it } from 'vitest';
import { RunError, textOf } from '@warden/protocol';
import { scriptedProvider } from '@warden/protocol/testing';
import { createAgent, WRAP_UP_TEXT, type BudgetOptions } from '../src/index.js';
import { collect, makeTool, ofType } from './helpers.js';

const loopForever = (text = 'working') => () => ({ text, toolCalls: [{ name: 'step' }] });
const step = makeTool('step', () => 'stepped');

describe('turn limit', () => {
  it('after maxTurns, one tool-free call asks for a wrap-up that becomes the output', async () => {
    const provider = scriptedProvider([loopForever(), loopForever(), { text: 'Wrapped: did two steps.' }]);
    const result = await createAgent({ provider, tools: [step], maxTurns: 2 }).run('x');
    expect(result.stopReason).toBe('max_turns');
    expect(result.output).toBe('Wrapped: did two steps.');
    expect(result.steps).toBe(3);
    const wrap = provider.requests[2]!;
    expect(wrap.toolChoice).toBe('none');
    expect(textOf(wrap.messages.at(-1)!)).toBe(WRAP_UP_TEXT);
    expect(result.toolCalls).toHaveLength(2);
  });

  it('tool calls in the wrap-up are dropped with a warning, never left without results', async () => {
    const provider = scriptedProvider([loopForever(), { text: 'final words', toolCalls: [{ name: 'step' }] }]);
    const result = await createAgent({ provider, tools: [step], maxTurns: 1 }).run('x');
    expect(result.stopReason).toBe('max_turns');
    expect(result.output).toBe('final words');
    expect(result.messages.at(-1)!.parts.some((p) => p.type === 'tool_call')).toBe(false);
    expect(result.warnings.join()).toContain('wrap-up');
  });
});

describe('budgets', () => {
  const cases: Array<{ axis: keyof BudgetOptions; budget: BudgetOptions; label: string }> = [
    { axis: 'steps', budget: { steps: 2 }, label: 'step budget of 2' },
    { axis: 'inputTokens', budget: { inputTokens: 10 }, label: 'input-token budget of 10' },
    { axis: 'outputTokens', budget: { outputTokens: 5 }, label: 'output-token budget of 5' },
    { axis: 'totalTokens', budget: { totalTokens: 30 }, label: 'total-token budget of 30' },
    { axis: 'costUsd', budget: { costUsd: 0.00001 }, label: 'cost budget of $0.00001' },
  ];
  for (const c of cases) {
    it(`stops cleanly on the ${c.axis} budget, keeps what was produced and says which limit stopped it`, async () => {
      const provider = scriptedProvider([loopForever('partial findings'), loopForever('more findings'), loopForever(), loopForever()], {
        pricePerMillion: { input: 1, output: 1 },
      });
      const events = await collect(createAgent({ provider, tools: [step], budget: c.budget }).stream('x'));
      const end = ofType(events, 'run_end')[0]!;
      expect(end.stopReason).toBe('budget');
      expect(end.output).toContain('findings');
      expect(end.output).toContain(c.label);
      expect(end.error).toBeUndefined();
      expect(provider.remaining()).toBeGreaterThan(0);
      // every call the model made has its result: the transcript holds no orphan
      const results = ofType(events, 'tool_result').length;
      expect(ofType(events, 'tool_call').length).toBe(results);
    });
  }

  it("onExceed: 'throw' rejects with RunError run.budget_exceeded after the run_end event", async () => {
    const provider = scriptedProvider([loopForever(), loopForever()]);
    const seen: string[] = [];
    const promise = createAgent({ provider, tools: [step], budget: { steps: 1, onExceed: 'throw' } }).run('x', { onEvent: (e) => seen.push(e.type) });
    const error = await promise.catch((e: unknown) => e);
    expect(RunError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'run.budget_exceeded' });
    expect(seen.at(-1)).toBe('run_end');
  });
});
