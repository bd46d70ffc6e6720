import { userMessage, type Handoff, type Message, type ToolV1 } from '@warden/protocol';
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
  const mode = handoff.history ?? 'full';
  if (mode === 'full') {
    state.messages.push(note);
    if (run.session) void run.session.message(note);
    return;
  }
  const before = estimateTokens(state.messages);
  let kept: Message[];
  if (mode === 'summary') kept = spokenOnly(state.messages);
  else {
    const lastUser = [...spokenOnly(state.messages)].reverse().find((m) => m.role === 'user');
    kept = lastUser ? [lastUser] : [];
  }
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
