// The bench's fake model server: plain node:http on loopback. It scripts a tool-calling
// conversation statelessly: the answer to a request is decided by the number of tool
// results already in it, so any client (framework or bare loop) gets the same script.
// It keeps no request log and parses no body (unlike `startServer`), so its own cost per
// request stays what the bench reports as `loop.server_cpu`.
//
//   POST /s/<T>/v1/chat/completions                       OpenAI (JSON or SSE when "stream":true)
//   POST /s/<T>/tool/<name>/v1/chat/completions           OpenAI, calling tool <name> with {} instead of add
//   POST /s/<T>/v1/messages                               Anthropic Messages
//   POST /s/<T>/v1beta/models/<m>:generateContent         Gemini (…:streamGenerateContent?alt=sse)
//   POST /echo                                            a tiny JSON answer (transport overhead)
//   GET  /stats                                           {requests, cpuMicros} of this process so far
//
// T is the number of tool calls before the final answer, so a run makes T + 1 requests.
import { Buffer } from 'node:buffer';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { openaiJson, openaiSse } from './openai-bodies.js';
import { anthropicJson, anthropicSse, geminiJson, geminiSse } from './vendor-bodies.js';

type Body = (k: number, final: boolean, toolName?: string) => string;
type Vendor = 'openai' | 'anthropic' | 'gemini';

/** What a scripted request asked for. */
export interface BenchTarget {
  vendor: Vendor;
  toolSteps: number;
  toolName?: string;
  stream?: boolean;
}

export interface BenchServerOptions {
  /** Told about every scripted request (the CLI bench times the first). */
  onRequest?: (target: BenchTarget, k: number) => void;
}

const VENDORS: Record<Vendor, { marker: Buffer; json: Body; sse: Body }> = {
  openai: { marker: Buffer.from('"role":"tool"'), json: openaiJson, sse: openaiSse },
  anthropic: { marker: Buffer.from('"tool_result"'), json: anthropicJson, sse: anthropicSse },
  gemini: { marker: Buffer.from('"functionResponse"'), json: geminiJson, sse: geminiSse },
};
const STREAM_FLAG = Buffer.from('"stream":true');
const ECHO = Buffer.from('{"ok":true}');

function countOf(buffer: Buffer, marker: Buffer): number {
  let count = 0;
  let at = buffer.indexOf(marker);
  while (at !== -1) {
    count += 1;
    at = buffer.indexOf(marker, at + marker.length);
  }
  return count;
}

function route(url: string): BenchTarget | { vendor: 'echo' } | undefined {
  if (url === '/echo') return { vendor: 'echo' };
  const match = /^\/s\/(?<steps>\d+)\/(?:tool\/(?<tool>[a-z_]{1,64})\/)?(?<api>v1\/chat\/completions|v1\/messages|v1beta\/models\/[^:]+:(?<gemini>generateContent|streamGenerateContent))/.exec(url);
  if (!match?.groups) return undefined;
  const { steps, tool, api, gemini } = match.groups;
  const toolSteps = Number(steps);
  if (api === 'v1/chat/completions') return { vendor: 'openai', toolSteps, toolName: tool };
  if (api === 'v1/messages') return { vendor: 'anthropic', toolSteps };
  return { vendor: 'gemini', toolSteps, stream: gemini === 'streamGenerateContent' };
}

export function createBenchServer({ onRequest }: BenchServerOptions = {}): Server {
  const cache = new Map<string, Buffer>();
  let requests = 0;
  function body(vendor: Vendor, k: number, final: boolean, stream: boolean, toolName?: string): Buffer {
    const key = `${vendor}|${final ? 'f' : k}|${stream ? 's' : 'j'}|${toolName ?? ''}`;
    let value = cache.get(key);
    if (!value) {
      const v = VENDORS[vendor];
      value = Buffer.from(stream ? v.sse(k, final, toolName) : v.json(k, final, toolName));
      cache.set(key, value);
    }
    return value;
  }
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method === 'GET' && req.url === '/stats') {
        const cpu = process.cpuUsage();
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ requests, cpuMicros: cpu.user + cpu.system }));
        return;
      }
      requests += 1;
      const target = req.method === 'POST' ? route(req.url ?? '') : undefined;
      if (!target) {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
        return;
      }
      if (target.vendor === 'echo') {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': ECHO.length }).end(ECHO);
        return;
      }
      const buffer = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
      const vendor = VENDORS[target.vendor];
      const k = countOf(buffer, vendor.marker);
      const final = k >= target.toolSteps;
      const stream = target.stream ?? (target.vendor !== 'gemini' && buffer.indexOf(STREAM_FLAG) !== -1);
      const payload = body(target.vendor, k, final, stream, target.toolName);
      onRequest?.(target, k);
      res.writeHead(200, {
        'content-type': stream ? 'text/event-stream' : 'application/json',
        'content-length': payload.length,
        'x-request-id': `req_${k}`,
      });
      res.end(payload);
    });
  });
  server.keepAliveTimeout = 60_000;
  return server;
}

/** Starts the bench server on 127.0.0.1 and an ephemeral port. */
export async function startBenchServer(options?: BenchServerOptions): Promise<{ server: Server; origin: string; close: () => Promise<void> }> {
  const server = createBenchServer(options);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${address.port}`;
  return { server, origin, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
