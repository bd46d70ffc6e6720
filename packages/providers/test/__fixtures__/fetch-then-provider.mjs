// A user's program that uses Node's global fetch before its first model call (run by
// global-dispatcher.test.ts in a fresh process, so the process-wide dispatcher slots start empty).
import http from 'node:http';

const server = http.createServer((req, res) => {
  req.resume();
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ id: 'x', choices: [{ index: 0, message: { role: 'assistant', content: 'hi from the fake server' }, finish_reason: 'stop' }], usage: { prompt_tokens: 1, completion_tokens: 1 } }));
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${server.address().port}/v1`;
await (await fetch(`${url}/health`)).text();
const fetchFilledOldSlot = Boolean(globalThis[Symbol.for('undici.globalDispatcher.1')]);
const { openaiCompatible } = await import('@warden/providers');
const provider = openaiCompatible({ baseURL: url, model: 'm', apiKey: 'sk-fixture', local: true });
const response = await provider.complete({ messages: [{ role: 'user', parts: [{ type: 'text', text: 'hi' }] }] });
process.stdout.write(`${JSON.stringify({ fetchFilledOldSlot, answer: response.message.parts[0].text })}\n`);
server.close();
process.exit(0);
