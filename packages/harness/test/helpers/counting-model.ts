import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stateless OpenAI Chat Completions server on loopback that scripts `steps` tool steps: while the
 * request holds fewer than `steps` tool results it answers one `add` call, then a final text. JSON
 * answers, or SSE when the request asks to stream.
 */
export async function startStepServer(steps: number): Promise<{ baseURL: string; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const request = JSON.parse(body) as { messages: Array<{ role: string }>; stream?: boolean };
      const done = request.messages.filter((m) => m.role === 'tool').length;
      const call = done < steps ? { id: `call_${done}`, type: 'function', function: { name: 'add', arguments: JSON.stringify({ a: done, b: 1 }) } } : undefined;
      const message = call ? { role: 'assistant', content: null, tool_calls: [call] } : { role: 'assistant', content: 'all added' };
      const usage = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 };
      const finish = call ? 'tool_calls' : 'stop';
      if (!request.stream) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ id: 'r', object: 'chat.completion', created: 1, model: 'fake', choices: [{ index: 0, message, finish_reason: finish }], usage }));
        return;
      }
      const delta = call ? { role: 'assistant', tool_calls: [{ index: 0, ...call }] } : { role: 'assistant', content: 'all added' };
      const chunk = (choice: object, extra: object = {}) => `data: ${JSON.stringify({ id: 'r', object: 'chat.completion.chunk', created: 1, model: 'fake', choices: [choice], ...extra })}\n\n`;
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(`${chunk({ index: 0, delta, finish_reason: null })}${chunk({ index: 0, delta: {}, finish_reason: finish }, { usage })}data: [DONE]\n\n`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { baseURL: `http://127.0.0.1:${port}/v1`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
