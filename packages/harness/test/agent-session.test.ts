import type { ToolSpec } from '@warden/protocol';
import { describe, expect, it } from 'vitest';
import { AGENT_SESSION_ERROR_CODES, AGENT_SESSION_LIMITS, createAgentSession, type BudgetAlert } from '../src/index.js';

describe('createAgentSession (Argentum’s create_agent_session)', () => {
  it('state diff: Argentum’s example, list and nested changes, and the sequence', () => {
    const session = createAgentSession('my_agent');
    session.stateDiff.snapshot('start', { memory: [], goals: ['research topic'], confidence: 0, agent: { state: 'thinking', meta: { source: 'search' } } });
    session.stateDiff.snapshot('progress', { memory: ['fact1', 'fact2'], goals: ['write summary'], confidence: 0.7, agent: { state: 'acting', meta: { source: 'search', score: 0.9 } } });
    expect(session.stateDiff.changes('start', 'progress')).toEqual({
      'agent.meta.score': { added: 0.9 },
      'agent.state': { from: 'thinking', to: 'acting' },
      confidence: { from: 0, to: 0.7 },
      goals: { added: ['write summary'], removed: ['research topic'] },
      memory: { added: ['fact1', 'fact2'] },
    });
    session.stateDiff.snapshot('done', { memory: ['fact1', 'fact2'], goals: [], confidence: 0.7, agent: { state: 'acting', meta: { source: 'search', score: 0.9 } } });
    expect(session.stateDiff.sequenceChanges().map((s) => [s.from, s.to, Object.keys(s.changes).length])).toEqual([
      ['start', 'progress', 5],
      ['progress', 'done', 1],
    ]);
    expect(() => session.stateDiff.changes('start', 'nope')).toThrow(expect.objectContaining({ code: 'agent_session.snapshot_not_found' }));
  });

  it('holds configure_security’s limits: state size and context items, with typed errors', () => {
    expect(AGENT_SESSION_LIMITS).toEqual({ maxStateSizeMb: 10, maxContextItems: 10_000, maxPlanSteps: 1000 });
    const session = createAgentSession<string>('small', { limits: { maxStateSizeMb: 0.001, maxContextItems: 2 } });
    expect(() => session.stateDiff.snapshot('big', { blob: 'x'.repeat(2000) })).toThrow(expect.objectContaining({ code: 'agent_session.state_too_large' }));
    session.contextDecay.add('user_name', 'Alice', 0.9);
    session.contextDecay.add('temp_data', 'processing...', 0.3);
    expect(() => session.contextDecay.add('third', 'x')).toThrow(expect.objectContaining({ code: 'tool.memory_limit' }));
    session.contextDecay.step();
    expect(session.contextDecay.active().map((i) => i.key)).toEqual(['user_name']);
    expect(() => createAgentSession('')).toThrow(expect.objectContaining({ code: 'agent_session.invalid_options' }));
    expect(() => createAgentSession('x', { limits: { maxContextItems: 0 } })).toThrow(expect.objectContaining({ code: 'agent_session.invalid_options' }));
    expect(Object.keys(AGENT_SESSION_ERROR_CODES)).toEqual(['agent_session.invalid_options', 'agent_session.state_too_large', 'agent_session.snapshot_not_found']);
  });

  it('cost tracker and alerts: estimated usage is priced from the table and a threshold crossing is raised once', () => {
    const raised: BudgetAlert[] = [];
    const session = createAgentSession('production_agent', { alerts: { budgets: [{ scope: 'agent', usd: 1, thresholds: [0.8] }], onAlert: (a) => raised.push(a) } });
    session.costTracker.recordUsage({ agent: 'research_agent', provider: 'openai', model: 'gpt-4o', usage: { inputTokens: 1500, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0 } });
    const report = session.costTracker.report();
    expect(report.by.agent.map((r) => r.key)).toEqual(['research_agent']);
    expect(report.totals.costUsd).toBeGreaterThan(0);
    session.alerts!.record({ runId: 'r1', agent: 'production_agent', costUsd: 0.5 });
    session.alerts!.record({ runId: 'r2', agent: 'production_agent', costUsd: 0.4 });
    session.alerts!.record({ runId: 'r3', agent: 'production_agent', costUsd: 0.05 });
    expect(raised).toHaveLength(1);
    expect(createAgentSession('no_alerts').alerts).toBeUndefined();
  });

  it('lints plans with the session’s step limit', () => {
    const tools: ToolSpec[] = [{ name: 'web_search', description: 's', inputSchema: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] } }];
    const session = createAgentSession('planner', { limits: { maxPlanSteps: 1 } });
    const plan = { steps: [{ id: 'a', tool: 'web_search', parameters: { query: 'x' } }, { id: 'b', tool: 'web_search', parameters: { query: 'y' } }] };
    expect(session.lintPlan(plan, tools).issues.map((i) => i.code)).toEqual(['E006']);
    expect(createAgentSession('planner').lintPlan(plan, tools).valid).toBe(true);
  });
});
