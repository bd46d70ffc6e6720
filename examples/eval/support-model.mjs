// An offline model for the example, published to warden as a provider plugin (warden.config.json
// `providerPlugins`): it follows its system prompt the way a real model would for these two tasks.
import { textOf } from '@warden/protocol';
import { scriptedProvider } from '@warden/protocol/testing';

/** @param {import('@warden/protocol').ModelRequest} request */
function answer(request) {
  const system = request.messages.filter((m) => m.role === 'system').map((m) => textOf(m.parts)).join('\n');
  const last = request.messages.at(-1);
  const task = request.messages.filter((m) => m.role === 'user').map((m) => textOf(m.parts)).at(-1) ?? '';
  const order = /order (\d+)/.exec(task)?.[1];
  if (order && last?.role === 'user') return { toolCalls: [{ name: 'read_file', args: { path: `orders/${order}.txt` } }] };
  if (last?.role === 'tool') return `The order file says: ${textOf(last.parts.flatMap((p) => (p.type === 'tool_result' ? p.content : []))).trim()}`;
  return system.includes('30-day refund window') ? 'Yes — you have our 30-day refund window from delivery.' : 'Yes, you can return them.';
}

export default {
  label: 'Support model (scripted, offline)',
  defaultModel: 'support-model-1',
  create: () => scriptedProvider(Array.from({ length: 1000 }, () => answer), { id: 'support-model', model: 'support-model-1' }),
};
