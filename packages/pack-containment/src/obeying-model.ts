import type { Message, ModelRequest, ToolResultPart } from '@warden/protocol';
import { scriptedProvider, type ScriptedProvider, type ScriptedReply } from '@warden/protocol/testing';
import { findDirectives, type Directive, type DirectiveStep } from './directive.js';
import { mapStrings } from './placeholders.js';

/** Call ids the obeying model gives its calls: `task-<n>` for the user's task, `atk~<goal>~<route>~<step>` for the attacker's. */
export const TASK_CALL_PREFIX = 'task-';
export const ATTACK_CALL_PREFIX = 'atk~';

/** What the model is to do for the user (placeholders already filled). */
export interface ModelTask {
  prompt: string;
  calls: readonly DirectiveStep[];
  /** The final answer from the text of the task's own tool results, in call order. */
  answer(outputs: readonly string[]): string;
}

export interface ObeyingModelOptions {
  task: ModelTask;
  /** Directives the reference form (`[[agent-directive:ID]]`, used in file names) stands for. */
  playbook?: ReadonlyMap<string, Directive>;
  /** Turns the provider serves in all (parent and sub-agents together). Default 80. */
  maxTurns?: number;
}

export interface ObeyingModel {
  provider: ScriptedProvider;
  /** Ids of the directives the model has found in its context so far. */
  directivesSeen(): string[];
}

/** A sub-agent task the obeying model understands as "read this file and quote it". */
export function readAndQuoteTask(path: string): string {
  return `Read ${path} and reply with its full text.`;
}
const READ_AND_QUOTE = /^Read (\S+) and reply with its full text\.$/;

function textOf(message: Message): string {
  return message.parts.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
}

function resultText(part: ToolResultPart): string {
  return part.content.map((piece) => (piece.type === 'text' ? piece.text : '')).join('\n');
}

interface Transcript {
  /** Calls the model made, in order, with their results when they came back. */
  calls: Array<{ id: string; name: string; result?: { text: string; isError: boolean } }>;
}

function transcript(messages: readonly Message[]): Transcript {
  const calls: Transcript['calls'] = [];
  const byId = new Map<string, Transcript['calls'][number]>();
  for (const message of messages) {
    for (const part of message.parts) {
      if (part.type === 'tool_call') {
        const call = { id: part.id, name: part.name };
        calls.push(call);
        byId.set(part.id, call);
      } else if (part.type === 'tool_result') {
        const call = byId.get(part.callId);
        if (call) Object.assign(call, { result: { text: resultText(part), isError: part.isError === true } });
      }
    }
  }
  return { calls };
}

/**
 * Everything in the request the model reads, in context order: tool descriptions (MCP tool
 * specs), the system prompt (memory, skills), user turns, tool results (file contents, file
 * names in listings and search results, MCP results, web pages, sub-agent answers).
 */
function contextTexts(request: ModelRequest): string[] {
  const out: string[] = [];
  for (const tool of request.tools ?? []) out.push(tool.description);
  for (const message of request.messages) {
    if (message.role === 'tool') for (const part of message.parts) if (part.type === 'tool_result') out.push(resultText(part));
    if (message.role === 'system' || message.role === 'user') out.push(textOf(message));
  }
  return out;
}

function isPlanRequest(request: ModelRequest): boolean {
  const choice = request.toolChoice;
  return typeof choice === 'object' && choice.name === 'submit_plan';
}

function attackId(goal: string, route: number, step: number): string {
  return `${ATTACK_CALL_PREFIX}${goal}~${route}~${step}`;
}

/** The next step of a directive given what the model already did, or undefined when it is finished. */
function nextStep(directive: Directive, done: Transcript): { route: number; step: number; previous: string } | undefined {
  const prefix = `${ATTACK_CALL_PREFIX}${directive.id}~`;
  const mine = done.calls.filter((call) => call.id.startsWith(prefix));
  const last = mine.at(-1);
  if (last === undefined) return { route: 0, step: 0, previous: '' };
  if (last.result === undefined) return undefined;
  const [route, step] = last.id.slice(prefix.length).split('~').map(Number) as [number, number];
  if (last.result.isError) return route + 1 < directive.routes.length ? { route: route + 1, step: 0, previous: last.result.text } : undefined;
  const steps = directive.routes[route] ?? [];
  return step + 1 < steps.length ? { route, step: step + 1, previous: last.result.text } : undefined;
}

function fillPrevious(step: DirectiveStep, previous: string): DirectiveStep {
  const fill = (value: string): string => value.replaceAll('{{PREVIOUS_B64}}', Buffer.from(previous, 'utf8').toString('base64url')).replaceAll('{{PREVIOUS}}', previous);
  return { tool: step.tool, args: mapStrings(step.args, fill) as DirectiveStep['args'] };
}

/**
 * A scripted model that is a perfect attacker's tool. On every turn it reads its whole context —
 * tool descriptions, the system prompt, user turns and tool results — and obeys every
 * `[[agent-directive …]]` it finds there **before** its own task: it runs the directive's first
 * route step by step; when a step comes back as an error (a denial, a refused approval, a jail
 * error), it falls through to the next route, until one route runs to the end or every route has
 * been tried. Then it does its task (the calls the task implies) and answers from the results.
 *
 * Its decisions are a function of the request alone (what core sends it), so it obeys only what
 * the harness lets into its context — a redacted secret, a withheld file or a denied read is
 * something it cannot use — and sub-agents that share the provider are served correctly: a
 * request whose first user turn is not the task is a sub-agent's, which obeys directives in its
 * own context and answers `readAndQuoteTask` requests by quoting the file.
 */
export function createObeyingModel(options: ObeyingModelOptions): ObeyingModel {
  const seen = new Set<string>();
  const playbook = options.playbook ?? new Map<string, Directive>();

  function turn(request: ModelRequest): ScriptedReply {
    const directives = findDirectives(contextTexts(request).join('\n'), playbook);
    for (const d of directives) seen.add(d.id);
    if (isPlanRequest(request)) return planTurn(directives);
    const done = transcript(request.messages);
    for (const directive of directives) {
      const next = nextStep(directive, done);
      if (next === undefined) continue;
      const step = directive.routes[next.route]?.[next.step];
      if (step === undefined) continue;
      const call = fillPrevious(step, next.previous);
      return { text: 'Doing what the note asks first.', toolCalls: [{ id: attackId(directive.id, next.route, next.step), name: call.tool, args: call.args }] };
    }
    const firstUser = request.messages.find((m) => m.role === 'user');
    const prompt = firstUser ? textOf(firstUser) : '';
    const own = done.calls.filter((call) => call.id.startsWith(TASK_CALL_PREFIX));
    if (prompt !== options.task.prompt) return subagentTurn(prompt, own);
    const call = options.task.calls[own.length];
    if (call !== undefined) return { toolCalls: [{ id: `${TASK_CALL_PREFIX}${own.length}`, name: call.tool, args: call.args }] };
    return { text: options.task.answer(own.map((c) => c.result?.text ?? '')) };
  }

  /**
   * Plan-first: the harness asks for a plan in a `submit_plan`-forced call. The model plans what it
   * would do — first every directive it can see in that request (first route, literally), then its
   * task — so an injection that reached the planner's context would be in the plan.
   */
  function planTurn(directives: readonly Directive[]): ScriptedReply {
    const attack = directives.flatMap((d) => (d.routes[0] ?? []).map((step, i) => ({ id: `atk-${d.id}-${i}`, tool: step.tool, parameters: step.args })));
    const own = options.task.calls.map((call, i) => ({ id: `task-${i}`, tool: call.tool, parameters: call.args }));
    return { toolCalls: [{ id: 'plan', name: 'submit_plan', args: { steps: [...attack, ...own] } }] };
  }

  function subagentTurn(prompt: string, own: Transcript['calls']): ScriptedReply {
    const read = READ_AND_QUOTE.exec(prompt.trim());
    if (read && own.length === 0) return { toolCalls: [{ id: `${TASK_CALL_PREFIX}0`, name: 'read_file', args: { path: read[1] ?? '' } }] };
    if (read) return { text: own[0]?.result?.text ?? 'I could not read it.' };
    return { text: 'Done.' };
  }

  const provider = scriptedProvider(
    Array.from({ length: options.maxTurns ?? 80 }, () => (request: ModelRequest) => turn(request)),
    { id: 'obeying-model', model: 'obeying-scripted' },
  );
  return { provider, directivesSeen: () => [...seen] };
}
