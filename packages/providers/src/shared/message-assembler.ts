import type { AssistantMessage, JsonObject, ThinkingPart, ToolCallPart } from '@warden/protocol';
import { parseToolArgs } from './tool-args.js';

type Slot =
  | { kind: 'text'; text: string }
  | { kind: 'thinking'; part: ThinkingPart }
  | { kind: 'tool'; index: number; id: string; name: string; args: string; meta?: JsonObject };

/**
 * Builds the assistant message of a streamed answer from its deltas, keeping
 * the order in which text, thinking and tool calls arrived.
 */
export class MessageAssembler {
  private readonly slots: Slot[] = [];
  private readonly tools = new Map<number, Extract<Slot, { kind: 'tool' }>>();
  private split = false;

  /** The next text or thinking delta starts a new part (a new content block began). */
  boundary(): void {
    this.split = true;
  }

  text(text: string): void {
    const last = this.slots.at(-1);
    if (!this.split && last?.kind === 'text') last.text += text;
    else this.slots.push({ kind: 'text', text });
    this.split = false;
  }

  thinking(text: string, provider: string): void {
    const last = this.slots.at(-1);
    if (!this.split && last?.kind === 'thinking' && last.part.signature === undefined && last.part.redactedData === undefined) {
      last.part.text += text;
    } else {
      this.slots.push({ kind: 'thinking', part: { type: 'thinking', text, provider } });
    }
    this.split = false;
  }

  /** Sets the signature of the latest thinking part (creating an empty one if there is none). */
  thinkingSignature(signature: string, provider: string): void {
    const last = this.slots.at(-1);
    if (last?.kind === 'thinking') last.part.signature = (last.part.signature ?? '') + signature;
    else this.slots.push({ kind: 'thinking', part: { type: 'thinking', text: '', signature, provider } });
  }

  redactedThinking(data: string, provider: string): void {
    this.slots.push({ kind: 'thinking', part: { type: 'thinking', text: '', redactedData: data, provider } });
    this.split = true;
  }

  /** Adds to tool call `index` (its ordinal among this answer's calls). */
  toolCall(index: number, delta: { id?: string; name?: string; args?: string; meta?: JsonObject }): void {
    let slot = this.tools.get(index);
    if (!slot) {
      slot = { kind: 'tool', index, id: '', name: '', args: '' };
      this.tools.set(index, slot);
      this.slots.push(slot);
    }
    if (delta.id) slot.id = delta.id;
    if (delta.name && !slot.name) slot.name = delta.name;
    if (delta.args) slot.args += delta.args;
    if (delta.meta) slot.meta = { ...slot.meta, ...delta.meta };
  }

  get toolCallCount(): number {
    return this.tools.size;
  }

  build(fallbackId: (index: number) => string): AssistantMessage {
    const parts: AssistantMessage['parts'] = [];
    for (const slot of this.slots) {
      if (slot.kind === 'text') {
        if (slot.text !== '') parts.push({ type: 'text', text: slot.text });
      } else if (slot.kind === 'thinking') {
        parts.push(slot.part);
      } else {
        const { args, meta } = parseToolArgs(slot.args, slot.meta);
        const call: ToolCallPart = { type: 'tool_call', id: slot.id || fallbackId(slot.index), name: slot.name, args };
        if (meta) call.meta = meta;
        parts.push(call);
      }
    }
    return { role: 'assistant', parts };
  }
}
