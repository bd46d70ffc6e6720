import { createRedactor } from '../redaction/redactor.js';
import type { ToolSpec } from '@warden/protocol';
import { describe, expect, it } from 'vitest';
import { PLAN_ISSUE_CODES, lintPlan } from './lint-plan.js';

// Argentum's README example, in Warden's tool specs (JSON Schema).
const tools: ToolSpec[] = [
  { name: 'web_search', description: 'search', inputSchema: { type: 'object', properties: { query: { type: 'string' }, limit: { type: 'integer' } }, required: ['query'], additionalProperties: false } },
  { name: 'data_analyzer', description: 'analyze', inputSchema: { type: 'object', properties: { data: { type: 'string' }, method: { type: 'string' } }, required: ['data'] } },
  { name: 'write_file', description: 'write', inputSchema: { type: 'object', properties: { path: { type: 'string' }, content: { type: 'string' } }, required: ['path', 'content'] } },
];
const good = {
  steps: [
    { id: 'fetch_data', tool: 'web_search', parameters: { query: 'machine learning trends 2024' }, outputs: ['search_results'] },
    { id: 'analyze', tool: 'data_analyzer', parameters: { data: '{{search_results}}', method: 'sentiment' }, outputs: ['analysis'], depends_on: ['fetch_data'] },
    { id: 'save', tool: 'write_file', parameters: { path: 'report.md', content: 'Analysis: {{analyze.analysis}}' }, depends_on: ['analyze'] },
  ],
};
const codes = (plan: unknown, options?: Parameters<typeof lintPlan>[2]) => lintPlan(plan, tools, options).issues.map((i) => `${i.code} ${i.location}`);

describe('lintPlan', () => {
  it('passes Argentum’s example plan, with references by name and by step', () => {
    const result = lintPlan(good, tools);
    expect(result).toEqual({ issues: [], errors: [], warnings: [], valid: true });
  });

  it('E999: not a plan, and every malformed step', () => {
    expect(codes({ nope: [] })).toEqual(['E999 plan']);
    expect(codes({ steps: [{ id: 'a', tool: 'web_search' }, 'x', { tool: '', parameters: {}, depends_on: 'a' }] })).toEqual(['E999 a.parameters', 'E999 step2', 'E999 step3.id', 'E999 step3.tool', 'E999 step3.depends_on']);
  });

  it('E001 unknown tool, E002 unknown, missing and mistyped parameters', () => {
    const plan = { steps: [{ id: 's1', tool: 'web_serch', parameters: { query: 'x' } }, { id: 's2', tool: 'web_search', parameters: { qurey: 'x', limit: 'ten' } }, { id: 's3', tool: 'data_analyzer', parameters: { data: 'x', extra: 1 } }] };
    const result = lintPlan(plan, tools);
    expect(result.issues.map((i) => `${i.code} ${i.location} ${i.message}`)).toEqual([
      "E001 s1.tool Tool 'web_serch' not found",
      "E002 s2.parameters Missing required parameter 'query'",
      "E002 s2.parameters.qurey Parameter 'qurey' not valid for tool 'web_search'",
      'E002 s2.parameters.limit limit: expected integer, received string',
      // data_analyzer's schema does not close its properties: Argentum's linter still refuses names it does not list.
      "E002 s3.parameters.extra Parameter 'extra' not valid for tool 'data_analyzer'",
    ]);
    expect(result.valid).toBe(false);
    expect(result.errors).toHaveLength(5);
  });

  it('E003 missing dependency and cycles, W003 steps that can never run, E006 too deep', () => {
    const plan = {
      steps: [
        { id: 'a', tool: 'web_search', parameters: { query: 'a' }, depends_on: ['b'] },
        { id: 'b', tool: 'web_search', parameters: { query: 'b' }, depends_on: ['a'] },
        { id: 'c', tool: 'web_search', parameters: { query: 'c' }, depends_on: ['a'] },
        { id: 'd', tool: 'web_search', parameters: { query: 'd' }, depends_on: ['ghost'] },
        { id: 'e', tool: 'web_search', parameters: { query: 'e' }, depends_on: ['d'] },
      ],
    };
    expect(codes(plan)).toEqual(['E003 d.depends_on', 'E003 a.depends_on', 'E003 b.depends_on', 'W003 c.depends_on', 'W003 d.depends_on', 'W003 e.depends_on']);
    const chain = { steps: Array.from({ length: 4 }, (_, i) => ({ id: `s${i}`, tool: 'web_search', parameters: { query: `${i}` }, ...(i > 0 ? { depends_on: [`s${i - 1}`] } : {}) })) };
    expect(codes(chain, { limits: { maxDependencyDepth: 2 } })).toEqual(['E006 plan.steps']);
    expect(codes(chain)).toEqual([]);
  });

  it('E005 references to nothing or to a later step', () => {
    const plan = {
      steps: [
        { id: 'a', tool: 'data_analyzer', parameters: { data: '{{later}}' } },
        { id: 'b', tool: 'web_search', parameters: { query: 'x {{nowhere.y}}' }, outputs: ['later'] },
        { id: 'c', tool: 'data_analyzer', parameters: { data: '{{later}}' } },
      ],
    };
    expect(codes(plan)).toEqual(['E005 a.parameters.data', 'E005 b.parameters.query', 'W001 c']);
  });

  it('E004 secrets: Argentum’s patterns case-insensitively, and values the redactor knows', () => {
    const plan = { steps: [{ id: 'a', tool: 'web_search', parameters: { query: 'use API_KEY=abc' } }] };
    expect(lintPlan(plan, tools, { secrets: ['api_key', 'password'] }).issues.map((i) => `${i.code} ${i.message}`)).toEqual(["E004 Potential secret 'api_key' exposed in parameters"]);
    const redactor = createRedactor({ env: { OPENAI_API_KEY: 'sk-live-0123456789abcdefghij' } });
    const leaking = { steps: [{ id: 'a', tool: 'web_search', parameters: { query: 'token sk-live-0123456789abcdefghij' } }] };
    expect(lintPlan(leaking, tools, { redact: (t) => redactor.redact(t) }).issues.map((i) => `${i.code} ${i.location}`)).toEqual(['E004 a.parameters.query']);
    expect(lintPlan(good, tools, { redact: (t) => redactor.redact(t) }).valid).toBe(true);
  });

  it('E006 limits, E007 duplicate ids, W001 duplicate calls, W002 unused outputs, W004 references in paths', () => {
    const plan = {
      steps: [
        { id: 'a', tool: 'web_search', parameters: { query: 'x' }, outputs: ['unused'] },
        { id: 'a', tool: 'web_search', parameters: { query: 'x' }, outputs: ['name'] },
        { id: 'w', tool: 'write_file', parameters: { path: '{{name}}', content: 'hi' } },
      ],
    };
    expect(codes(plan)).toEqual(['E007 a.id', 'W004 w.parameters.path', 'W001 a', 'W002 a.outputs']);
    expect(codes(plan, { limits: { maxPlanSteps: 2, maxStepParameters: 1 } }).filter((c) => c.startsWith('E006'))).toEqual(['E006 plan.steps', 'E006 w.parameters']);
    expect(codes(good, { limits: { maxPlanBytes: 100 } })).toEqual(['E006 plan']);
  });

  it('every code it emits is in the pinned table, and the table is stable', () => {
    expect(Object.keys(PLAN_ISSUE_CODES)).toEqual(['E001', 'E002', 'E003', 'E004', 'E005', 'E006', 'E007', 'E999', 'W001', 'W002', 'W003', 'W004']);
  });

  it('is deterministic: the same input gives the same issues', () => {
    const plan = { steps: [{ id: 'x', tool: 'nope', parameters: {} }, { id: 'y', tool: 'web_search', parameters: {}, depends_on: ['y'] }] };
    expect(lintPlan(plan, tools)).toEqual(lintPlan(structuredClone(plan), tools));
  });
});
