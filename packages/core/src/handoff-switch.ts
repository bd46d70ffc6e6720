import { errorCodeOf, userMessage, type Handoff, type Message, type ToolV1 } from '@warden/protocol';
import { fastMessageCheck } from '@warden/protocol/checks';
import type { HandoffHistoryFilter } from './agent-options.js';
import { recordHandoff } from './handoff-records.js';
import { handoffNote, transferTool } from './handoff-tool.js';
import { newId } from './ids.js';
import { carriedRecords } from './run-authority.js';
import type { AgentBuilder } from './resolve-options.js';
import { equip, type RunContext } from './run-context.js';
import { spawnTool } from './runtime-agents.js';
import { now } from './session-writer.js';
import { delegateTool } from './subagents.js';
import { estimateTokens } from './token-estimate.js';

/**
 * The tools an agent gets beyond its own: the originating agent its `delegate`, `spawn_agent` and
 * a transfer tool per receiving agent; a receiving agent only transfers to its declared targets.
 */
export function agentTools(run: RunContext, name: string, build: AgentBuilder): ToolV1[] {
  const root = run.root;
  const setup = root.handoffs;
  if (name === root.name) {
    const out: ToolV1[] = [];
    if (root.subagents.length > 0) out.push(delegateTool(run, root.subagents));
    if (root.runtime) out.push(spawnTool(run, root.runtime, root, build));
    for (const target of setup?.rootTargets ?? []) out.push(transferTool(run, setup!, target));
    return out;
  }
  const profile = setup?.profiles.get(name);
  return (profile?.targets ?? []).map((target) => transferTool(run, setup!, target));
}

/**
 * Puts `name` in charge of the conversation: its options, tools, system prompt, turn limit and
 * budget share. Returns the `core.handoff_tools_narrowed` message when its allowlist was narrowed
 * (the caller emits it: at run start that must wait for `run_start`).
 */
export function switchTo(run: RunContext, name: string, build: AgentBuilder): string | undefined {
  const profile = run.root.handoffs?.profiles.get(name);
  const options = profile?.options ?? run.root;
  equip(run, options, agentTools(run, options.name, build));
  const { state } = run;
  state.turns = 0;
  state.agentStart = { usage: { ...state.usage }, costUsd: state.costUsd, step: state.step };
  state.reportedContext = undefined;
  state.compactionStuck = false;
  return profile && profile.dropped.length > 0 ? `agent ${name} was not given ${profile.dropped.join(', ')}: the agent the conversation started with does not hold them` : undefined;
}

/** What was said: user and assistant text (and user images), without tool calls, results or reasoning. */
function spokenOnly(messages: readonly Message[]): Message[] {
  const out: Message[] = [];
  for (const m of messages) {
    if (m.role === 'user') {
      const parts = m.parts.filter((p) => p.type === 'text' || p.type === 'image');
      if (parts.length > 0) out.push({ role: 'user', parts });
    } else if (m.role === 'assistant') {
      const parts = m.parts.filter((p) => p.type === 'text' && p.text !== '');
      if (parts.length > 0) out.push({ role: 'assistant', parts });
    }
  }
  return out;
}

/**
 * The history the receiving agent continues: `full` keeps everything, `summary` keeps what was
 * said, `none` only the user's last message; the handoff note comes last in every mode. A narrowed
 * history is the conversation from then on, stored as a history-replacing record.
 */
async function narrowHistory(run: RunContext, handoff: Handoff): Promise<void> {
  const { state } = run;
  const note = userMessage(handoffNote(handoff));
  const filter = run.root.handoffs?.profiles.get(handoff.to)?.filter;
  if (filter) {
    await replaceHistory(run, handoff, await filteredHistory(run, filter), 'custom');
    return;
  }
  const mode = handoff.history ?? 'full';
  if (mode === 'full') {
    state.messages.push(note);
    if (run.session) void run.session.message(note);
    return;
  }
  let kept: Message[];
  if (mode === 'summary') kept = spokenOnly(state.messages);
  else {
    const lastUser = [...spokenOnly(state.messages)].reverse().find((m) => m.role === 'user');
    kept = lastUser ? [lastUser] : [];
  }
  await replaceHistory(run, handoff, kept, mode);
}

/**
 * A custom filter's history: what it returns must be valid messages, and a tool result whose call
 * it dropped (or a call whose result it dropped) is removed, so no provider is sent a broken
 * transcript. A filter that throws or returns something else gives the receiver only what was
 * said (`summary`), with a warning.
 */
async function filteredHistory(run: RunContext, filter: HandoffHistoryFilter): Promise<Message[]> {
  let out: unknown;
  try {
    out = await filter(structuredClone(run.state.messages));
  } catch (error) {
    run.warn('core.handoff_filter_failed', `the handoff history filter failed (${errorCodeOf(error)}); the receiving agent gets what was said`);
    return spokenOnly(run.state.messages);
  }
  if (!Array.isArray(out) || !out.every((m) => fastMessageCheck(m) && (m as Message).role !== 'system')) {
    run.warn('core.handoff_filter_failed', 'the handoff history filter did not return a list of user, assistant and tool messages; the receiving agent gets what was said');
    return spokenOnly(run.state.messages);
  }
  return pairedCalls(structuredClone(out as Message[]));
}

/** Drops tool calls without a result and results without a call (a filter may cut either). */
function pairedCalls(messages: Message[]): Message[] {
  const calls = new Set<string>();
  const results = new Set<string>();
  for (const m of messages) for (const p of m.parts) {
    if (p.type === 'tool_call') calls.add(p.id);
    if (p.type === 'tool_result') results.add(p.callId);
  }
  const out: Message[] = [];
  for (const m of messages) {
    const parts = m.parts.filter((p) => (p.type === 'tool_call' ? results.has(p.id) : p.type === 'tool_result' ? calls.has(p.callId) : true));
    if (parts.length > 0) out.push({ ...m, parts } as Message);
  }
  return out;
}

/** The narrowed history is the conversation from then on, stored as a history-replacing record. */
async function replaceHistory(run: RunContext, handoff: Handoff, kept: Message[], mode: string): Promise<void> {
  const { state } = run;
  const note = userMessage(handoffNote(handoff));
  const before = estimateTokens(state.messages);
  kept.push(note);
  state.messages = kept;
  if (run.session) {
    await run.session.write([
      { type: 'compaction', id: newId('rec'), at: now(), summary: `handoff ${handoff.id}: ${handoff.from} → ${handoff.to} (history: ${mode})`, messages: structuredClone(kept), tokensBefore: before, tokensAfter: estimateTokens(kept) },
      // Taint, scope and this handoff (already recorded) must outlive the history they replace.
      ...carriedRecords(run),
    ]);
  }
}

/** Applies the transfer granted in the step that just ended: receipt, records, history, new agent. */
export async function applyHandoff(run: RunContext, build: AgentBuilder): Promise<void> {
  const handoff = run.state.pendingHandoff;
  if (!handoff) return;
  run.state.pendingHandoff = undefined;
  recordHandoff(run, handoff, { status: 'accepted' });
  run.state.handoffs.push(handoff);
  await narrowHistory(run, handoff);
  const narrowed = switchTo(run, handoff.to, build);
  if (narrowed !== undefined) run.warn('core.handoff_tools_narrowed', narrowed);
}
