import { HANDOFF_LIMITS, HANDOFF_VERSION } from '@warden/protocol/handoff';
import type { Handoff, JsonObject, ToolOutput, ToolV1 } from '@warden/protocol';
import { runError } from './coded-errors.js';
import { newId } from './ids.js';
import { recordHandoff, type HandoffRefusalNote } from './handoff-records.js';
import type { HandoffHook } from './agent-options.js';
import type { AgentProfile, HandoffSetup } from './resolve-handoffs.js';
import { TRANSFER_PREFIX } from './resolve-handoffs.js';
import type { RunContext } from './run-context.js';

/** The note the receiving agent reads: who handed over, why, and what they produced. */
export function handoffNote(handoff: Handoff): string {
  const lines = [`[Handoff from ${handoff.from} to ${handoff.to}. You (${handoff.to}) now hold the conversation and answer the user.]`];
  if (handoff.contextSummary !== '') lines.push(`Context: ${handoff.contextSummary}`);
  if (handoff.artifacts.length > 0) lines.push(`Artifacts: ${handoff.artifacts.join(', ')}`);
  if (handoff.confidence !== undefined) lines.push(`Confidence: ${handoff.confidence}`);
  if (handoff.suggestedNextAction !== undefined) lines.push(`Suggested next action: ${handoff.suggestedNextAction}`);
  return lines.join('\n');
}

function cut(text: unknown, max: number): string | undefined {
  return typeof text === 'string' ? text.slice(0, max) : undefined;
}

/** A refusal the model reads (the tool result) and a rejected receipt in the events, session and audit trail. */
function refuse(run: RunContext, handoff: Handoff, refusal: HandoffRefusalNote & { code: 'run.max_handoffs' | 'run.handoff_refused' | 'handoff.blocked' | 'handoff.unavailable' }, message: string, hint: string): never {
  const { code } = refusal;
  recordHandoff(run, handoff, { status: 'rejected', reason: `${code}: ${message}`, by: run.agent, refusal });
  throw runError({ code: code === 'handoff.blocked' || code === 'handoff.unavailable' ? 'run.handoff_refused' : code, message, hint });
}

const BLOCK_CHARS = 500;

/** Runs the receiving agent's `start`; its error message (cut) when it cannot start, else undefined. */
export async function startFailure(profile: Pick<AgentProfile, 'start'> | undefined): Promise<string | undefined> {
  if (!profile?.start) return undefined;
  try {
    await profile.start();
    return undefined;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return (message === '' ? 'it threw' : message).slice(0, BLOCK_CHARS);
  }
}

/**
 * Asks the run-wide and the target's `onHandoff` hooks, in that order. A `{ block }` answer or a
 * throw refuses (a thrown error's message is the reason); the first refusal wins.
 */
async function hookRefusal(hooks: ReadonlyArray<HandoffHook | undefined>, handoff: Handoff): Promise<string | undefined> {
  for (const hook of hooks) {
    if (!hook) continue;
    try {
      const answer = await hook(Object.freeze(structuredClone(handoff)));
      if (answer && typeof answer === 'object' && typeof answer.block === 'string') return answer.block.slice(0, BLOCK_CHARS) || 'refused by the handoff hook';
    } catch (error) {
      return (error instanceof Error ? error.message : String(error)).slice(0, BLOCK_CHARS) || 'refused by the handoff hook';
    }
  }
  return undefined;
}

/** Builds the Handoff record for a transfer the model asked for (limits applied, so it always validates). */
function handoffFor(run: RunContext, target: Pick<AgentProfile, 'name' | 'history' | 'sticky' | 'filter'>, args: JsonObject): Handoff {
  const context = run.options.context;
  const artifacts = Array.isArray(args.artifacts)
    ? args.artifacts.flatMap((a) => (typeof a === 'string' && a !== '' ? [a.slice(0, HANDOFF_LIMITS.artifactChars)] : [])).slice(0, HANDOFF_LIMITS.artifacts)
    : [];
  const confidence = typeof args.confidence === 'number' && Number.isFinite(args.confidence) ? Math.min(1, Math.max(0, args.confidence)) : undefined;
  const next = cut(args.suggested_next_action, HANDOFF_LIMITS.suggestedNextActionChars);
  return {
    version: HANDOFF_VERSION,
    id: newId('hof'),
    from: run.agent,
    to: target.name,
    contextSummary: cut(args.summary, HANDOFF_LIMITS.contextSummaryChars) ?? '',
    artifacts,
    ...(confidence !== undefined ? { confidence } : {}),
    ...(next !== undefined && next !== '' ? { suggestedNextAction: next } : {}),
    // Who the run acts for: an agent left holding the conversation never answers another user.
    metadata: {
      tainted: run.state.tainted,
      ...(context.userId !== undefined ? { userId: context.userId } : {}),
      ...(context.tenantId !== undefined ? { tenantId: context.tenantId } : {}),
      ...(target.filter ? { history: 'custom' } : {}),
    },
    ...(target.history && !target.filter ? { history: target.history } : {}),
    sticky: target.sticky,
    createdAt: new Date().toISOString(),
    runId: run.runId,
    ...(run.session ? { sessionId: run.session.sessionId } : {}),
  };
}

/**
 * `transfer_to_<name>`: hands the conversation to another agent once this step's results are in.
 * Refused with a typed error the model reads (and a rejected receipt) past `maxHandoffs`, or when
 * a handoff was already granted this step (the first one wins).
 */
export function transferTool(run: RunContext, setup: HandoffSetup, targetName: string): ToolV1 {
  const profile = setup.profiles.get(targetName);
  const target: Pick<AgentProfile, 'name' | 'description' | 'history' | 'sticky' | 'filter'> = profile ?? { name: setup.root, description: 'the agent the conversation started with', history: 'full', sticky: true };
  return {
    specificationVersion: 'v1',
    name: `${TRANSFER_PREFIX}${targetName}`,
    description: `Hand the conversation to ${targetName}: ${target.description}. ${targetName} answers the user from then on; you do not answer after calling this.`,
    inputSchema: {
      type: 'object',
      properties: {
        summary: { type: 'string', description: `What ${targetName} needs to know to carry on (the user's need, what you found).` },
        artifacts: { type: 'array', items: { type: 'string' }, description: 'Names of files, ids or URLs you produced (references, not contents).' },
        confidence: { type: 'number', minimum: 0, maximum: 1, description: 'How sure you are of your findings, 0 to 1.' },
        suggested_next_action: { type: 'string', description: `What ${targetName} should do first.` },
      },
      required: ['summary'],
      additionalProperties: false,
    },
    // Handing over changes nothing by itself; every call the receiving agent makes goes through the gate.
    annotations: { readOnly: true, tags: ['handoff'] },
    async execute(args): Promise<ToolOutput> {
      const handoff = handoffFor(run, target, args);
      if (run.state.pendingHandoff) {
        const granted = run.state.pendingHandoff.to;
        refuse(run, handoff, { code: 'run.handoff_refused', params: { to: granted } }, `a handoff to ${granted} was already granted in this step`, 'Only the first handoff of a step is granted.');
      }
      if (run.state.handoffs.length >= setup.maxHandoffs) {
        refuse(run, handoff, { code: 'run.max_handoffs', params: { limit: setup.maxHandoffs } }, `this run has reached its limit of ${setup.maxHandoffs} handoffs`, 'Answer the user yourself with what you have.');
      }
      // Asked before the other agent starts; a refusal is something the model reads.
      const blocked = await hookRefusal([setup.onHandoff, profile?.onHandoff], handoff);
      if (blocked !== undefined) {
        refuse(run, handoff, { code: 'handoff.blocked', params: { reason: blocked } }, `the handoff to ${targetName} was refused: ${blocked}`, 'Answer the user yourself.');
      }
      // An agent that cannot start is not handed a conversation it could not carry on.
      const unavailable = await startFailure(profile);
      if (unavailable !== undefined) {
        refuse(run, handoff, { code: 'handoff.unavailable', params: { reason: unavailable } }, `${targetName} could not start: ${unavailable}`, 'Answer the user yourself.');
      }
      // Another transfer of this step may have been granted while the hooks ran.
      const already = run.state.pendingHandoff as Handoff | undefined;
      if (already) {
        refuse(run, handoff, { code: 'run.handoff_refused', params: { to: already.to } }, `a handoff to ${already.to} was already granted in this step`, 'Only the first handoff of a step is granted.');
      }
      run.state.pendingHandoff = handoff;
      return `Handoff to ${targetName} accepted (${handoff.id}). ${targetName} takes over now.`;
    },
  };
}
