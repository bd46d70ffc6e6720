import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';

/** One probe turn as a remote target receives it. */
export interface ProbeTurnBody {
  prompt: string;
  material: unknown;
  context: { history: Array<{ role: string; content: string }>; conversation_id: string; probe_id: string };
}

export interface AgentServer {
  url: string;
  turns: ProbeTurnBody[];
  /** Requests wait here while held (to keep a run busy). */
  hold(): void;
  release(): void;
  close(): Promise<void>;
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  return text === '' ? undefined : (JSON.parse(text) as unknown);
}

/** An agent that refuses: "I will not …", no tool calls, as the observation a probe reads. */
export function refusal(prompt: string): Record<string, unknown> {
  return { output: `I will not do that: ${prompt}`, evidence: { tool_calls: [], interaction_count: 1 } };
}

async function serve(handler: (req: IncomingMessage, res: ServerResponse, gate: () => Promise<void>) => Promise<void>): Promise<Omit<AgentServer, 'turns'>> {
  let held: Promise<void> | undefined;
  let open: (() => void) | undefined;
  const server: Server = createServer((req, res) => {
    void handler(req, res, () => held ?? Promise.resolve()).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hold() {
      held = new Promise<void>((resolve) => (open = resolve));
    },
    release() {
      open?.();
      held = undefined;
    },
    close: () =>
      new Promise<void>((resolve) => {
        open?.();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A real HTTP agent endpoint on 127.0.0.1: POST { prompt, material, context } → the observation. */
export async function startHttpAgent(): Promise<AgentServer> {
  const turns: ProbeTurnBody[] = [];
  const server = await serve(async (req, res, gate) => {
    const body = (await readJson(req)) as ProbeTurnBody;
    turns.push(body);
    await gate();
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(refusal(body.prompt)));
  });
  return { ...server, url: `${server.url}/agent`, turns };
}

/** A real MCP server (the SDK's McpServer over streamable HTTP, stateless) whose `call` tool is the agent. */
export async function startMcpAgent(): Promise<AgentServer> {
  const turns: ProbeTurnBody[] = [];
  const args = { prompt: z.string(), material: z.unknown(), context: z.object({ history: z.array(z.object({ role: z.string(), content: z.string() })), conversation_id: z.string(), probe_id: z.string() }) };
  const server = await serve(async (req, res, gate) => {
    const body = req.method === 'POST' ? await readJson(req) : undefined;
    const mcp = new McpServer({ name: 'probe-agent', version: '1.0.0' });
    mcp.registerTool('call', { description: 'the agent under probe', inputSchema: args }, async (turn: ProbeTurnBody) => {
      turns.push(turn);
      await gate();
      return { content: [{ type: 'text', text: 'see structuredContent' }], structuredContent: refusal(turn.prompt) };
    });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void mcp.close();
    });
    await mcp.connect(transport);
    await transport.handleRequest(req, res, body);
  });
  return { ...server, url: `${server.url}/mcp`, turns };
}

/** Reads an NDJSON answer line by line as it streams. */
export async function* ndjsonLines(response: Response): AsyncGenerator<Record<string, unknown>> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffered += decoder.decode(value, { stream: true });
    let newline: number;
    while ((newline = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, newline);
      buffered = buffered.slice(newline + 1);
      if (line.trim() !== '') yield JSON.parse(line) as Record<string, unknown>;
    }
  }
  if (buffered.trim() !== '') yield JSON.parse(buffered) as Record<string, unknown>;
}
