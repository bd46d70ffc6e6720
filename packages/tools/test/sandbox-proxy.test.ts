import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEgressProxy, type EgressProxy } from '../src/sandbox/egress-proxy.js';
import { createHostAllowlist } from '../src/sandbox/host-allowlist.js';
import { tempDir } from './helpers/workspace.js';

// The filtering proxy alone, spoken to over its unix socket with raw bytes:
// what it lets through, and that a refused destination receives nothing.

const temp = tempDir('warden-proxy-');
let allowedServer: Server;
let deniedServer: Server;
let allowedPort = 0;
let deniedPort = 0;
const deniedHits: string[] = [];
let proxy: EgressProxy;

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

/** Sends raw bytes to the proxy, returns everything it answered until it closed. */
function exchange(chunks: Buffer[], waitMs = 0): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const socket = connect(proxy.socketPath);
    const received: Buffer[] = [];
    socket.on('data', (d: Buffer) => received.push(d));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(received)));
    socket.on('connect', () => {
      void (async () => {
        for (const chunk of chunks) {
          socket.write(chunk);
          await new Promise((r) => setTimeout(r, 30 + waitMs));
        }
        setTimeout(() => socket.end(), 200);
      })();
    });
  });
}

function socksConnect(hostBytes: Buffer, port: number, payload: string): Buffer[] {
  const portBytes = Buffer.from([port >> 8, port & 0xff]);
  return [Buffer.from([5, 1, 0]), Buffer.concat([Buffer.from([5, 1, 0]), hostBytes, portBytes]), Buffer.from(payload)];
}

function domain(name: string): Buffer {
  return Buffer.concat([Buffer.from([3, name.length]), Buffer.from(name)]);
}

beforeAll(async () => {
  allowedServer = createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => res.end(`allowed saw ${req.method} ${req.url} ${body}`));
  });
  deniedServer = createServer((req, res) => {
    deniedHits.push(`${req.method} ${req.url}`);
    res.end('denied server answered');
  });
  deniedServer.on('connection', () => deniedHits.push('tcp connection'));
  allowedPort = await listen(allowedServer);
  deniedPort = await listen(deniedServer);
  proxy = await startEgressProxy({
    socketPath: path.join(temp.dir, 'proxy.sock'),
    allowlist: createHostAllowlist([`127.0.0.1:${allowedPort}`, `localhost:${allowedPort}`]),
  });
});

afterAll(async () => {
  await proxy.close();
  allowedServer.close();
  deniedServer.close();
  temp.cleanup();
});

describe('egress proxy: allowed destinations', () => {
  it('forwards an absolute-form HTTP request', async () => {
    const answer = await exchange([Buffer.from(`GET http://127.0.0.1:${allowedPort}/hello?x=1 HTTP/1.1\r\nHost: 127.0.0.1:${allowedPort}\r\nProxy-Connection: keep-alive\r\n\r\n`)]);
    expect(answer.toString()).toMatch(/^HTTP\/1\.1 200/);
    expect(answer.toString()).toContain('allowed saw GET /hello?x=1');
  });

  it('opens a CONNECT tunnel and carries bytes both ways', async () => {
    const answer = await exchange([
      Buffer.from(`CONNECT 127.0.0.1:${allowedPort} HTTP/1.1\r\nHost: 127.0.0.1:${allowedPort}\r\n\r\n`),
      Buffer.from(`POST /up HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nConnection: close\r\n\r\nabcd`),
    ]);
    expect(answer.toString()).toContain('200 Connection Established');
    expect(answer.toString()).toContain('allowed saw POST /up abcd');
  });

  it('speaks SOCKS5 and resolves the name itself (socks5h)', async () => {
    const answer = await exchange(socksConnect(domain('localhost'), allowedPort, 'GET /via-socks HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'));
    expect([...answer.subarray(0, 4)]).toEqual([5, 0, 5, 0]);
    expect(answer.toString()).toContain('allowed saw GET /via-socks');
  });

  it('records what it connected to', () => {
    expect(proxy.connections).toContain(`127.0.0.1:${allowedPort}`);
    expect(proxy.connections).toContain(`localhost:${allowedPort}`);
  });
});

describe('egress proxy: refused destinations receive nothing', () => {
  it('answers 403 to an absolute-form request to another port and records it', async () => {
    const before = proxy.refusals.length;
    const answer = await exchange([Buffer.from(`POST http://127.0.0.1:${deniedPort}/steal HTTP/1.1\r\nHost: x\r\nContent-Length: 6\r\n\r\nsecret`)]);
    expect(answer.toString()).toMatch(/^HTTP\/1\.1 403/);
    expect(answer.toString()).toContain(`127.0.0.1:${deniedPort} refused`);
    expect(proxy.refusals.slice(before)).toEqual([{ protocol: 'http', host: '127.0.0.1', port: deniedPort }]);
  });

  it('answers 403 to CONNECT and never opens the tunnel, even when bytes follow at once', async () => {
    const answer = await exchange([Buffer.from(`CONNECT 127.0.0.1:${deniedPort} HTTP/1.1\r\nHost: x\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: x\r\n\r\n`)]);
    expect(answer.toString()).toMatch(/^HTTP\/1\.1 403/);
    expect(answer.toString()).not.toContain('200 Connection Established');
  });

  it.each([
    ['an IPv4 literal', Buffer.from([1, 127, 0, 0, 1])],
    ['a name', domain('localhost')],
    ['another spelling of the loopback address', domain('2130706433')],
  ])('refuses SOCKS5 to %s on a port not in the list', async (_label, host) => {
    const answer = await exchange(socksConnect(host, deniedPort, 'GET /steal HTTP/1.1\r\n\r\n'));
    expect([...answer.subarray(0, 4)]).toEqual([5, 0, 5, 2]);
    expect(answer.length).toBe(12);
  });

  it('refuses a name that only resolves to an allowed address', async () => {
    const answer = await exchange(socksConnect(domain('127.0.0.1.nip.io'), allowedPort, 'x'));
    expect([...answer.subarray(0, 4)]).toEqual([5, 0, 5, 2]);
  });

  it('refuses SOCKS5 BIND and UDP ASSOCIATE', async () => {
    for (const command of [2, 3]) {
      const answer = await exchange([Buffer.from([5, 1, 0]), Buffer.from([5, command, 0, 1, 127, 0, 0, 1, allowedPort >> 8, allowedPort & 0xff])]);
      expect(answer[0]).toBe(5);
      expect(answer.subarray(2).toString('hex')).not.toMatch(/^0500/);
    }
  });

  it('answers 400 to origin-form requests, https:// URLs and garbage, and stays up', async () => {
    expect((await exchange([Buffer.from('GET /local HTTP/1.1\r\nHost: x\r\n\r\n')])).toString()).toMatch(/^HTTP\/1\.1 400/);
    expect((await exchange([Buffer.from(`GET https://127.0.0.1:${allowedPort}/ HTTP/1.1\r\nHost: x\r\n\r\n`)])).toString()).toMatch(/^HTTP\/1\.1 400/);
    expect((await exchange([Buffer.from('CONNECT user@127.0.0.1:1/x HTTP/1.1\r\n\r\n')])).toString()).toMatch(/^HTTP\/1\.1 400/);
    await exchange([Buffer.from('\x00\x01garbage\r\n\r\n')]);
    const answer = await exchange([Buffer.from(`GET http://127.0.0.1:${allowedPort}/still-up HTTP/1.1\r\nHost: x\r\n\r\n`)]);
    expect(answer.toString()).toContain('allowed saw GET /still-up');
  });

  it('never let a refused request reach the denied server', () => {
    expect(deniedHits).toEqual([]);
  });
});
