#!/usr/bin/env node
// The WebDemo service the example pack checks: GET /health → { ok: true }, POST /echo → the JSON it was sent.
// Start it before `warden evidence run webdemo:* --env local`: `node demo-service.mjs` (PORT, HOST to move it).
import { createServer } from 'node:http';

const host = process.env.HOST ?? '127.0.0.1';
const port = Number(process.env.PORT ?? 8080);

const server = createServer((req, res) => {
  /** @param {number} status @param {unknown} body */
  const send = (status, body) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  if (req.method === 'GET' && req.url === '/health') return send(200, { ok: true });
  if (req.method === 'POST' && req.url === '/echo') {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      try {
        send(200, JSON.parse(text));
      } catch {
        send(400, { error: 'the body is not JSON' });
      }
    });
    return undefined;
  }
  return send(404, { error: `no route ${req.method} ${req.url}` });
});

server.listen(port, host, () => {
  const { port: bound } = /** @type {import('node:net').AddressInfo} */ (server.address());
  process.stdout.write(`webdemo listening on http://${host}:${bound}\n`);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
