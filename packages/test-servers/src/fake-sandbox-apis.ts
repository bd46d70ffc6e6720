import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A request a fake saw (method, path, the auth header's name — never its value). */
export interface SeenSandboxRequest {
  method: string;
  path: string;
  auth?: string;
}

export interface FakeSandboxApis {
  /** The Docker Engine API on a unix socket (`DOCKER_HOST=unix://<socket>`). */
  engineSocket: string;
  /** E2B's control API base URL (`E2B_API_URL`); the key it accepts is `e2bKey`. */
  e2bUrl: string;
  e2bKey: string;
  /** Daytona's API base URL (`DAYTONA_API_URL`); the key it accepts is `daytonaKey`. */
  daytonaUrl: string;
  daytonaKey: string;
  seen: SeenSandboxRequest[];
  close(): Promise<void>;
}

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** The Engine API's `/_ping` and `/version` in the shapes of Docker Engine 27 (API 1.47). */
function engine(req: IncomingMessage, res: ServerResponse): void {
  const url = (req.url ?? '/').replace(/^\/v1\.\d+/, '');
  const headers = { 'Api-Version': '1.47', 'Docker-Experimental': 'false', Ostype: 'linux', Server: 'Docker/27.3.1 (linux)' };
  if (req.method === 'GET' && url === '/_ping') {
    res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', ...headers });
    res.end('OK');
    return;
  }
  if (req.method === 'GET' && url === '/version') {
    json(
      res,
      200,
      {
        Platform: { Name: 'Docker Engine - Community' },
        Components: [{ Name: 'Engine', Version: '27.3.1', Details: { ApiVersion: '1.47', MinAPIVersion: '1.24', Os: 'linux', Arch: 'amd64' } }],
        Version: '27.3.1',
        ApiVersion: '1.47',
        MinAPIVersion: '1.24',
        Os: 'linux',
        Arch: 'amd64',
      },
      headers,
    );
    return;
  }
  json(res, 404, { message: `page not found: ${req.method} ${url}` }, headers);
}

function listen(server: Server, where: string | number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    if (typeof where === 'string') server.listen(where, () => resolve());
    else server.listen(where, '127.0.0.1', () => resolve());
  });
}

/**
 * Fakes of the sandbox services' documented list calls, for `warden sandboxes --check`: the Docker
 * Engine API on a unix socket (`GET /_ping`, `GET /version`), E2B (`GET /sandboxes`, `X-API-Key`,
 * a JSON array of ListedSandbox) and Daytona (`GET /sandbox`, `Authorization: Bearer`, a JSON
 * array of Sandbox). A wrong key gets each service's 401 body.
 */
export async function startFakeSandboxApis(): Promise<FakeSandboxApis> {
  const seen: SeenSandboxRequest[] = [];
  const dir = mkdtempSync(path.join(tmpdir(), 'warden-engine-'));
  const engineSocket = path.join(dir, 'docker.sock');
  const e2bKey = 'e2b_test_0123456789abcdef';
  const daytonaKey = 'dtn_test_0123456789abcdef';
  const engineServer = createServer((req, res) => {
    seen.push({ method: req.method ?? '', path: `docker:${req.url ?? ''}` });
    engine(req, res);
  });
  const e2b = createServer((req, res) => {
    seen.push({ method: req.method ?? '', path: `e2b:${req.url ?? ''}`, ...(req.headers['x-api-key'] ? { auth: 'X-API-Key' } : {}) });
    if (req.headers['x-api-key'] !== e2bKey) return json(res, 401, { code: 401, message: 'Invalid API key' });
    if (req.method === 'GET' && req.url?.startsWith('/sandboxes')) {
      return json(res, 200, [{ sandboxID: 'iabc123', templateID: 'base', alias: 'base', clientID: '6532622b', startedAt: '2026-12-03T10:00:00Z', endAt: '2026-12-03T10:05:00Z', cpuCount: 2, memoryMB: 512, state: 'running' }]);
    }
    return json(res, 404, { code: 404, message: 'Not found' });
  });
  const daytona = createServer((req, res) => {
    seen.push({ method: req.method ?? '', path: `daytona:${req.url ?? ''}`, ...(req.headers.authorization ? { auth: 'Authorization' } : {}) });
    if (req.headers.authorization !== `Bearer ${daytonaKey}`) return json(res, 401, { statusCode: 401, message: 'Unauthorized', error: 'Unauthorized' });
    if (req.method === 'GET' && req.url?.startsWith('/sandbox')) {
      return json(res, 200, [{ id: 'sandbox-1', organizationId: 'org-1', snapshot: 'daytonaio/sandbox:0.4.3', user: 'daytona', env: {}, labels: {}, public: false, target: 'us', cpu: 1, gpu: 0, memory: 1, disk: 3, state: 'started' }]);
    }
    return json(res, 404, { statusCode: 404, message: 'Not Found' });
  });
  await listen(engineServer, engineSocket);
  await listen(e2b, 0);
  await listen(daytona, 0);
  const url = (server: Server): string => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    engineSocket,
    e2bUrl: url(e2b),
    e2bKey,
    daytonaUrl: url(daytona),
    daytonaKey,
    seen,
    async close() {
      await Promise.all([engineServer, e2b, daytona].map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
