import { existsSync } from 'node:fs';
import path from 'node:path';
import { definePack, defineProbe } from '@warden/evidence';
import { outputContains } from '@warden/evidence/assertions';
import { afterEach, describe, expect, it } from 'vitest';
import { startProbeServer, type RunningProbeServer } from '../src/probe-serve/probe-server.js';
import { ndjsonLines, startHttpAgent, type AgentServer } from './helpers/probe-agents.js';
import { tempWorkspace } from './helpers/workspace.js';

const TOKEN = 'lifecycle-token-0123456789';
const pack = definePack({
  name: 'life',
  probes: [
    defineProbe({ id: 'life:one', prompt: 'one', assertions: [outputContains('will not')] }),
    defineProbe({ id: 'life:two', prompt: 'two', assertions: [outputContains('will not')] }),
  ],
});

const open: Array<AgentServer | RunningProbeServer> = [];
afterEach(async () => {
  for (const server of open.splice(0).reverse()) await server.close();
});

async function setup(): Promise<{ agent: AgentServer; server: RunningProbeServer; out: string }> {
  const agent = await startHttpAgent();
  const out = path.join(tempWorkspace('warden-probe-life-'), 'runs');
  const server = await startProbeServer({ host: '127.0.0.1', port: 0, token: TOKEN, outDir: out, maxConcurrent: 2, maxBodyBytes: 64 * 1024, packs: [pack], defaultSelectors: ['pack:life'], redact: (text) => text, allowTargets: ['127.0.0.1'] });
  open.push(agent, server);
  return { agent, server, out };
}

function start(server: RunningProbeServer, url: string, signal?: AbortSignal): Promise<Response> {
  return fetch(`${server.url}/runs`, { method: 'POST', headers: { authorization: `Bearer ${TOKEN}` }, body: JSON.stringify({ target: { kind: 'http', url, timeout_s: 20 } }), ...(signal === undefined ? {} : { signal }) });
}

async function storedReport(server: RunningProbeServer, runId: string): Promise<Record<string, unknown>> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const answer = await fetch(`${server.url}/runs/${runId}`, { headers: { authorization: `Bearer ${TOKEN}` } });
    if (answer.status === 200) return (await answer.json()) as Record<string, unknown>;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the report never appeared');
}

describe('probe server lifecycle', () => {
  it('a client that disconnects stops its run gracefully: the current probe finishes and the report is stored, interrupted', async () => {
    const { agent, server } = await setup();
    agent.hold();
    const client = new AbortController();
    const response = await start(server, agent.url, client.signal);
    const runId = response.headers.get('x-warden-run-id')!;
    const progress = ndjsonLines(response);
    expect((await progress.next()).value).toMatchObject({ type: 'run_start' });
    expect((await progress.next()).value).toEqual({ type: 'probe_start', id: 'life:one' });
    client.abort();
    await new Promise((resolve) => setTimeout(resolve, 100));
    agent.release();
    const report = await storedReport(server, runId);
    expect(report).toMatchObject({ runId, interrupted: true, summary: { exitCode: 1 } });
    expect((report.probes as Array<{ id: string; status: string }>).map((p) => [p.id, p.status])).toEqual([['life:one', 'passed']]);
    expect(agent.turns.map((t) => t.prompt)).toEqual(['one']);
  });

  it('close() starts no new run, lets the running one finish its probe and store its report, then stops', async () => {
    const { agent, server, out } = await setup();
    agent.hold();
    const response = await start(server, agent.url);
    const runId = response.headers.get('x-warden-run-id')!;
    const progress = ndjsonLines(response);
    await progress.next();
    await progress.next();
    const closing = server.close();
    const refused = await start(server, agent.url).catch((error: unknown) => error);
    // Either the listener is already gone or the server answers 503: no new run starts.
    if (refused instanceof Response) {
      expect(refused.status).toBe(503);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('probe_serve.shutting_down');
    } else expect(refused).toBeInstanceOf(Error);
    agent.release();
    const rest: Array<Record<string, unknown>> = [];
    for await (const line of progress) rest.push(line);
    expect(rest.at(-1)).toMatchObject({ type: 'result', runId, interrupted: true, exitCode: 1 });
    await closing;
    expect(existsSync(path.join(out, runId, 'report.json'))).toBe(true);
    expect(agent.turns.map((t) => t.prompt)).toEqual(['one']);
  });
});
