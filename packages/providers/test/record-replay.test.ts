import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userMessage, type StreamPart } from '@warden/protocol';
import { anthropic } from '../src/index.js';
import { recording, replay } from '../src/record-replay.js';
import { FAKE_KEY, fixture, fixtureJson, json, sse, startServer, testTransport, type VendorServer } from './helpers/vendor-server.js';

let server: VendorServer;
let dir: string;
beforeAll(async () => {
  server = await startServer();
  dir = await mkdtemp(join(tmpdir(), 'warden-providers-'));
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

describe('record and replay', () => {
  it('records real exchanges to JSONL and replays them with no network', async () => {
    const file = join(dir, 'nested', 'run.jsonl');
    server.reply(
      json(200, fixtureJson('anthropic/message-thinking-tool.json')),
      sse(fixture('anthropic/stream-thinking-tool.sse')),
      json(401, { type: 'error', error: { type: 'authentication_error', message: `invalid x-api-key ${FAKE_KEY}` } }),
    );
    const live = recording(anthropic({ apiKey: FAKE_KEY, model: 'claude-sonnet-4-0', baseURL: server.url, ...testTransport() }), file);
    const first = await live.complete({ messages: [userMessage('one')] });
    const streamed: StreamPart[] = [];
    for await (const part of live.stream({ messages: [userMessage('two')] })) streamed.push(part);
    const failed = await live.complete({ messages: [userMessage('three')] }).catch((e: unknown) => e);
    expect(failed).toMatchObject({ code: 'provider.auth' });

    const text = await readFile(file, 'utf8');
    expect(text.trim().split('\n')).toHaveLength(3);
    expect(text).not.toContain(FAKE_KEY);
    expect(text).not.toContain('FAKEKEY');

    await server.close();
    const offline = replay(file, { id: 'anthropic', model: 'claude-sonnet-4-0' });
    const again: StreamPart[] = [];
    for await (const part of offline.stream({ messages: [userMessage('two')] })) again.push(part);
    expect(again).toEqual(streamed);
    expect(await offline.complete({ messages: [userMessage('one')] })).toEqual(first);
    expect(await offline.complete({ messages: [userMessage('three')] }).catch((e: unknown) => e)).toMatchObject({ code: 'provider.auth', status: 401 });
    expect(await offline.complete({ messages: [userMessage('unknown')] }).catch((e: unknown) => e)).toMatchObject({ code: 'provider.replay_mismatch' });
    expect(await offline.remaining()).toBe(0);
    server = await startServer();
  });
});
