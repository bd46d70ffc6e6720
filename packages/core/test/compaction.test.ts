import { describe, expect, it } from 'vitest';
import { historyFromRecords } from '@warden/protocol/history';
import { textOf, type Message, type ModelRequest, type Part, type ToolResultPart } from '@warden/protocol';
import { memorySessionStore, scriptedProvider, type ScriptedTurn } from '@warden/protocol/testing';
import { createAgent, SUMMARY_PROMPT } from '../src/index.js';
import { collect, makeTool, ofType } from './helpers.js';

/** A provider that answers summary requests with `summary` and everything else from `turns`, in order. */
function provider(turns: ScriptedTurn[], summary = 'The user asked for a survey; files a, b, c were read.', contextWindow?: number) {
  const queue = [...turns];
  const summaries: ModelRequest[] = [];
  const respond = (request: ModelRequest): ScriptedTurn => {
    if (textOf(request.messages[0]!) === SUMMARY_PROMPT) {
      summaries.push(request);
      return summary;
    }
    return queue.shift() ?? 'out of script';
  };
  const p = scriptedProvider(Array.from({ length: turns.length + 10 }, () => respond), contextWindow ? { contextWindow } : {});
  return Object.assign(p, { summaries });
}

const read = makeTool('read', (args) => (args.big === true ? 'B'.repeat(20_000) : `contents of ${String(args.file)}`));
const readCall = (file: string, big = false) => ({ text: `reading ${file}`, toolCalls: [{ name: 'read', args: { file, big } }] });

function assertNoOrphans(messages: readonly Message[]): void {
  const calls = new Set<string>();
  for (const m of messages) {
    for (const p of m.parts) {
      if (p.type === 'tool_call') calls.add(p.id);
      if (p.type === 'tool_result') expect(calls.has(p.callId), `result ${p.callId} has its call before it`).toBe(true);
    }
  }
}

describe('compaction', () => {
  it('first hollows out old oversized tool results, keeping a head of each', async () => {
    const p = provider([readCall('big', true), readCall('a'), readCall('b'), 'done']);
    const events = await collect(
      createAgent({ provider: p, tools: [read], compaction: { thresholdTokens: 3000, keepRecentMessages: 2, maxToolResultChars: 2000 } }).stream('survey'),
    );
    const compaction = ofType(events, 'compaction');
    expect(compaction).toHaveLength(1);
    expect(compaction[0]!.summarizedMessages).toBe(0);
    expect(compaction[0]!.tokensAfter).toBeLessThan(compaction[0]!.tokensBefore);
    expect(p.summaries).toHaveLength(0);
    const last = p.requests.at(-1)!;
    const parts: Part[] = last.messages.flatMap((m): Part[] => m.parts);
    const hollowed = parts.find((x): x is ToolResultPart => x.type === 'tool_result' && textOf(x.content).startsWith('BBB'));
    expect(hollowed && textOf(hollowed.content)).toMatch(/^B{500}\n\[… 19500 characters of this old tool result were removed by compaction\]$/);
  });

  it('then summarises the head with the factual prompt, keeps the tail verbatim and the pinned facts', async () => {
    const store = memorySessionStore();
    const p = provider([readCall('a'), readCall('b'), readCall('c'), readCall('d'), 'final answer']);
    const agent = createAgent({
      provider: p,
      tools: [read],
      session: { store, id: 's' },
      compaction: { thresholdTokens: 60, keepRecentMessages: 3, pinned: ['Never touch production.'] },
    });
    const events = await collect(agent.stream('survey the files'));
    expect(ofType(events, 'run_end')[0]!.output).toBe('final answer');
    expect(p.summaries.length).toBeGreaterThanOrEqual(1);
    const summaryRequest = p.summaries[0]!;
    expect(summaryRequest.tools).toBeUndefined();
    expect(textOf(summaryRequest.messages[1]!)).toContain('[user] survey the files');

    const compactions = ofType(events, 'compaction');
    expect(compactions.length).toBeGreaterThanOrEqual(1);
    expect(compactions[0]!.summarizedMessages).toBeGreaterThan(0);

    const afterFirst = p.requests.find((r) => r !== summaryRequest && textOf(r.messages[0]!).startsWith('[Compacted history]'))!;
    const head = textOf(afterFirst.messages[0]!);
    expect(head).toContain('Original request:\nsurvey the files');
    expect(head).toContain('The user asked for a survey');
    expect(head).toContain('Pinned facts:\n- Never touch production.');
    expect(afterFirst.messages[1]!.role).not.toBe('tool');
    for (const request of p.requests) assertNoOrphans(request.messages);

    // the session holds a compaction record whose messages replace the history; a resume reloads only that
    const records = (await store.load('s')).records;
    const record = records.filter((r) => r.type === 'compaction').at(-1)!;
    expect(record.type === 'compaction' && textOf(record.messages[0]!)).toContain('[Compacted history]');
    const history = historyFromRecords(records);
    expect(textOf(history.messages[0]!)).toContain('[Compacted history]');
    expect(history.messages.at(-1)).toEqual({ role: 'assistant', parts: [{ type: 'text', text: 'final answer' }] });
  });

  it('never cuts between a tool call and its result, even when keepRecentMessages would', async () => {
    const p = provider([readCall('a'), readCall('b'), readCall('c'), 'done']);
    // keep 1 would start the tail on a tool message; the cut moves back to its assistant message
    await createAgent({ provider: p, tools: [read], compaction: { thresholdTokens: 40, keepRecentMessages: 1 } }).run('go');
    expect(p.summaries.length).toBeGreaterThanOrEqual(1);
    for (const request of p.requests) assertNoOrphans(request.messages);
    const compacted = p.requests.find((r) => textOf(r.messages[0]!).startsWith('[Compacted history]'))!;
    expect(compacted.messages[1]!.role).toBe('assistant');
    expect(compacted.messages[2]!.role).toBe('tool');
  });

  it('uses a fraction of the provider context window when no absolute threshold is given', async () => {
    const p = provider([readCall('a'), readCall('b'), readCall('c'), 'done'], 'summary', 100);
    const events = await collect(createAgent({ provider: p, tools: [read], compaction: { thresholdFraction: 0.5, keepRecentMessages: 2 } }).stream('go'));
    expect(ofType(events, 'compaction').length).toBeGreaterThanOrEqual(1);
  });

  it('a failing summary call is a warning, not a failed run', async () => {
    const turns: ScriptedTurn[] = [readCall('a'), readCall('b'), readCall('c'), 'done'];
    const queue = [...turns];
    const p = scriptedProvider(
      Array.from({ length: 10 }, () => (request: ModelRequest): ScriptedTurn =>
        textOf(request.messages[0]!) === SUMMARY_PROMPT ? new Error('summary model down') : (queue.shift() ?? 'x'),
      ),
    );
    const result = await createAgent({ provider: p, tools: [read], compaction: { thresholdTokens: 40, keepRecentMessages: 2 } }).run('go');
    expect(result.stopReason).toBe('done');
    expect(result.warnings.join()).toContain('summarising the history failed');
  });

  it('measures from the input tokens the provider reported, not only from its own estimate', async () => {
    const heavy = (file: string) => ({ ...readCall(file), usage: { inputTokens: 50_000, outputTokens: 10 } });
    const p = provider([heavy('a'), heavy('b'), heavy('c'), 'done']);
    const events = await collect(createAgent({ provider: p, tools: [read], compaction: { thresholdTokens: 10_000, keepRecentMessages: 2 } }).stream('go'));
    const compaction = ofType(events, 'compaction');
    expect(compaction.length).toBeGreaterThanOrEqual(1);
    expect(compaction[0]!.tokensBefore).toBeGreaterThan(50_000);
    expect(compaction[0]!.summarizedMessages).toBeGreaterThan(0);
  });

  it('charges the summary call to the run as a usage event with source compaction', async () => {
    const p = provider([readCall('a'), readCall('b'), readCall('c'), 'done'], 'summary', 100);
    const events = await collect(createAgent({ provider: p, tools: [read], compaction: { thresholdFraction: 0.5, keepRecentMessages: 2 } }).stream('go'));
    const usage = ofType(events, 'usage');
    expect(usage.filter((e) => e.source === 'compaction')).toHaveLength(ofType(events, 'compaction').length);
    const last = usage.at(-1)!;
    expect(last.totalUsage.inputTokens).toBe(usage.reduce((sum, e) => sum + e.usage.inputTokens, 0));
  });

  it('compaction: false turns it off', async () => {
    const p = provider([readCall('a'), 'done'], 'summary', 10);
    const events = await collect(createAgent({ provider: p, tools: [read], compaction: false }).stream('go'));
    expect(ofType(events, 'compaction')).toHaveLength(0);
  });
});
