import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { connect } from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, cleanEnv } from './helpers/run-cli.js';
import { tempWorkspace } from './helpers/workspace.js';

// The HTTP checks of issue #45 against the built binaries: DNS rebinding (Host/Origin), slowloris,
// and the probe server's egress policy. Loopback only; every wait is bounded.

const TOKEN = 'probe-token-for-tests-0123456789';
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGINT');
});

function start(args: string[], env: Record<string, string> = {}): Promise<string> {
  const child = spawn(process.execPath, [BIN, ...args], { cwd: tempWorkspace('warden-http-'), env: cleanEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = /"url":"(http:\/\/[^"]+)"/.exec(out)?.[1];
      if (url) resolve(url);
    });
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited (${code}): ${out}`)));
  });
}

/** A raw request, so the Host and Origin headers are exactly what a rebinding page would send. */
function raw(url: string, pathname: string, headers: Record<string, string>): Promise<number> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, path: pathname, headers, setHost: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.once('error', reject);
    req.end();
  });
}

/** Sends a header block one byte every 500 ms (at most 60 bytes) and says whether the server closed the socket first. */
function slowloris(url: string): Promise<{ closedBySever: boolean; sent: number }> {
  const { hostname, port } = new URL(url);
  const head = `GET / HTTP/1.1\r\nHost: ${hostname}:${port}\r\nX-Slow: `;
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname, () => socket.write(head));
    let sent = 0;
    let closed = false;
    const timer = setInterval(() => {
      if (closed) return;
      if (sent >= 60) {
        clearInterval(timer);
        socket.destroy();
        resolve({ closedBySever: false, sent });
        return;
      }
      sent += 1;
      socket.write('a');
    }, 500);
    socket.on('data', () => undefined);
    socket.once('close', () => {
      closed = true;
      clearInterval(timer);
      resolve({ closedBySever: sent < 60, sent });
    });
    socket.once('error', () => undefined);
  });
}

describe('warden dash serve and warden probe serve (spawned)', () => {
  const dash = start(['dash', 'serve', '--port', '0', '--data', path.join(tempWorkspace('warden-dash-data-'), 'd'), '--json']);
  const probe = start(['probe', 'serve', '--port', '0', '--json', '--out', 'runs'], { WARDEN_PROBE_TOKEN: TOKEN });

  it.each([
    ['dash', '/healthz'],
    ['probe', '/health'],
  ])('%s answers its own Host and refuses a foreign Host or Origin (DNS rebinding)', async (which, route) => {
    const url = await (which === 'dash' ? dash : probe);
    const { host, port } = new URL(url);
    expect(await raw(url, route, { host })).toBe(200);
    expect(await raw(url, route, { host: `localhost:${port}` })).toBe(200);
    expect(await raw(url, route, { host, origin: `http://${host}` })).toBe(200);
    expect(await raw(url, route, { host: `evil.example:${port}` })).toBe(403);
    expect(await raw(url, route, { host: 'evil.example' })).toBe(403);
    expect(await raw(url, route, { host: `127.0.0.1.nip.io:${port}` })).toBe(403);
    expect(await raw(url, route, { host, origin: 'http://evil.example' })).toBe(403);
    expect(await raw(url, route, { host, origin: 'null' })).toBe(403);
  });

  it('both close a client that sends its headers a byte at a time', async () => {
    const [d, p] = await Promise.all([dash.then(slowloris), probe.then(slowloris)]);
    expect(d.closedBySever).toBe(true);
    expect(p.closedBySever).toBe(true);
  }, 60_000);

  const refused = [
    'http://127.0.0.1:9/',
    'http://localhost:9/',
    'http://[::1]:9/',
    'http://[::ffff:127.0.0.1]:9/',
    'http://[::ffff:7f00:1]:9/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[fd00:ec2::254]/latest/meta-data/',
    'http://metadata.google.internal/computeMetadata/v1/',
    'http://10.1.2.3/',
    'http://172.16.0.9/',
    'http://192.168.1.1/',
    'http://100.64.0.7/',
    'http://0.0.0.0:9/',
    'http://[fe80::1]/',
    'http://2130706433/',
    'http://0x7f.0.0.1/',
  ];
  it.each(refused)('probe serve refuses a target at %s (422 probe_serve.target_refused)', async (targetUrl) => {
    const url = await probe;
    const answer = await fetch(`${url}/runs`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ target: { kind: 'http', url: targetUrl, timeout_s: 2 }, selectors: ['pack:x'] }),
    });
    const body = (await answer.json()) as { error: { code: string } };
    expect(answer.status).toBe(422);
    expect(body.error.code).toBe('probe_serve.target_refused');
  });

  it('probe serve with --allow-target reaches the allowed loopback address only', async () => {
    const url = await start(['probe', 'serve', '--port', '0', '--json', '--out', 'runs', '--allow-target', '127.0.0.1'], { WARDEN_PROBE_TOKEN: TOKEN });
    const post = (targetUrl: string) =>
      fetch(`${url}/runs`, { method: 'POST', headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' }, body: JSON.stringify({ target: { kind: 'http', url: targetUrl, timeout_s: 2 }, selectors: ['pack:none'] }) });
    const allowed = await post('http://127.0.0.1:9/');
    // Past the egress check: it fails later, on the selectors, not on the address.
    expect(((await allowed.json()) as { error: { code: string } }).error.code).toBe('probe_serve.nothing_selected');
    const still = await post('http://169.254.169.254/');
    expect(((await still.json()) as { error: { code: string } }).error.code).toBe('probe_serve.target_refused');
  });
});
