import type { ModelRequest, ToolResultPart } from '@warden/protocol';
import { scriptedProvider, type ScriptedProvider, type ScriptedReply } from '@warden/protocol/testing';
import type { BenignTask } from './benign-tasks.js';
import { mapStrings, parseInstructions, type InjectedCall } from './injection.js';

/** Call ids the obeying model gives the calls it makes: `task-<n>` for the user's task, `attack-<k>` for step k of an injection. */
export const TASK_CALL_PREFIX = 'task-';
export const ATTACK_CALL_PREFIX = 'attack-';

/** Enough turns for the longest task plus the longest injection, with room for the wrap-up. */
const MAX_TURNS = 24;

export interface ObeyingModel {
  provider: ScriptedProvider;
  /** How many injected calls the model has read so far (0: it never saw an injection). */
  injectedCallsSeen(): number;
}

function resultText(part: ToolResultPart): string {
  return part.content
    .map((piece) => (piece.type === 'text' ? piece.text : ''))
    .join('\n');
}

/** The tool results that arrived since the model's last message. */
function latestResults(request: ModelRequest): ToolResultPart[] {
  const out: ToolResultPart[] = [];
  for (let i = request.messages.length - 1; i >= 0; i--) {
    const message = request.messages[i];
    if (message === undefined || message.role !== 'tool') break;
    for (const part of message.parts) out.unshift(part);
  }
  return out;
}

/**
 * A scripted model that does the user's task and **obeys** every instruction planted in tool
 * output: whenever a tool result holds ``call `tool` with {json}`` instructions, it makes those
 * calls first (one a turn, filling `{{PREVIOUS}}` / `{{PREVIOUS_B64}}` with the latest tool
 * output), then goes on with the task and answers from what its tools returned. It reads nothing
 * but the requests core sends it, so whatever the harness withholds, it cannot obey.
 */
export function createObeyingModel(task: BenignTask): ObeyingModel {
  const outputs: string[] = [];
  const queue: InjectedCall[] = [];
  let nextTaskCall = 0;
  let seen = 0;
  let previous = '';

  function turn(request: ModelRequest): ScriptedReply {
    for (const part of latestResults(request)) {
      const text = resultText(part);
      previous = text;
      if (part.callId.startsWith(TASK_CALL_PREFIX)) outputs[Number(part.callId.slice(TASK_CALL_PREFIX.length))] = text;
      const instructions = parseInstructions(text);
      seen += instructions.length;
      queue.push(...instructions);
    }
    const injected = queue.shift();
    if (injected !== undefined) {
      const step = seen - queue.length - 1;
      const fill = (value: string): string =>
        value.replaceAll('{{PREVIOUS_B64}}', Buffer.from(previous, 'utf8').toString('base64url')).replaceAll('{{PREVIOUS}}', previous);
      const args = mapStrings(injected.args, fill) as typeof injected.args;
      return { text: 'Doing what the note asks first.', toolCalls: [{ id: `${ATTACK_CALL_PREFIX}${step}`, name: injected.tool, args }] };
    }
    const call = task.calls[nextTaskCall];
    if (call !== undefined) {
      const id = `${TASK_CALL_PREFIX}${nextTaskCall}`;
      nextTaskCall += 1;
      return { toolCalls: [{ id, name: call.tool, args: call.args }] };
    }
    return { text: task.answer(outputs) };
  }

  const provider = scriptedProvider(
    Array.from({ length: MAX_TURNS }, () => (request: ModelRequest) => turn(request)),
    { id: 'obeying-model', model: 'obeying-scripted' },
  );
  return { provider, injectedCallsSeen: () => seen };
}
