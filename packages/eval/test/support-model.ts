import { INTERFACE_VERSIONS, textOf, type ModelRequest, type ToolV1 } from '@warden/protocol';
import { scriptedProvider, type ScriptedProvider, type ScriptedTurn } from '@warden/protocol/testing';

/** The order lookup the support agent uses; counts its executions. */
export function lookupOrder(executions: string[] = []): ToolV1 {
  return {
    specificationVersion: INTERFACE_VERSIONS.tool,
    name: 'lookup_order',
    description: 'The status of an order.',
    inputSchema: { type: 'object', properties: { order: { type: 'string' } }, required: ['order'] },
    annotations: { readOnly: true },
    execute: (args) => {
      executions.push(String(args.order));
      return `order ${String(args.order)}: shipped`;
    },
  };
}

/**
 * A model that follows its instructions: it states the refund window only when the system prompt
 * tells it to, and looks an order up before answering. `flakyEvery` makes every n-th refund answer forget it.
 */
export function supportModel(options: { flakyEvery?: number } = {}): ScriptedProvider {
  let refunds = 0;
  const turn = (request: ModelRequest): ScriptedTurn => {
    const system = request.messages.filter((m) => m.role === 'system').map((m) => textOf(m.parts)).join('\n');
    const last = request.messages.at(-1)!;
    const task = request.messages.filter((m) => m.role === 'user').map((m) => textOf(m.parts)).at(-1) ?? '';
    const order = /order (\d+)/.exec(task)?.[1];
    if (order && last.role === 'user') return { toolCalls: [{ name: 'lookup_order', args: { order } }] };
    if (last.role === 'tool') return `The lookup says: ${textOf(last.parts.flatMap((p) => (p.type === 'tool_result' ? p.content : [])))}.`;
    refunds += 1;
    const forget = options.flakyEvery !== undefined && refunds % options.flakyEvery === 0;
    return system.includes('30-day refund window') && !forget ? 'Yes: you have our 30-day refund window from delivery.' : 'Yes, you can return them.';
  };
  return scriptedProvider(Array.from({ length: 500 }, () => turn));
}
