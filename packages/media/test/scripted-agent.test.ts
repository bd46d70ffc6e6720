import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent } from '@warden/core';
import { taintDetector, toolEffectClass } from '@warden/governance';
import { toolSpecOf, type ApproverV1, type ModelRequest, type RunEvent } from '@warden/protocol';
import { memorySessionStore, scriptedProvider } from '@warden/protocol/testing';
import { FAKE_KEY, startFakeImages, type FakeImages } from '@warden/test-servers';
import { geminiImages, imageGenerator, imageTools, mediaBudget, openaiImages, sniffImage } from '../src/index.js';

// The scenario, end to end: a scripted agent generates a picture (over real HTTP to the
// fake vendor), looks at it (its model sees the picture; a vision model answers a question about
// it), regenerates from it, and tries again — and the media budget stops the loop.
let fake: FakeImages;
let workspace: string;
beforeAll(async () => {
  fake = await startFakeImages({ key: FAKE_KEY });
  workspace = await mkdtemp(join(tmpdir(), 'media-agent-'));
});
afterAll(async () => {
  await fake.close();
  await rm(workspace, { recursive: true, force: true });
});

function lastToolText(request: ModelRequest): string {
  for (const message of [...request.messages].reverse()) {
    for (const part of message.parts) {
      if (part.type === 'tool_result') return part.content.map((c) => (c.type === 'text' ? c.text : `[${c.type}]`)).join('\n');
    }
  }
  return '';
}

describe('a scripted agent with the image tools', () => {
  it('generates, inspects, regenerates — and a budget stops the regenerate loop', async () => {
    fake.script('openai', 'quota');
    fake.script('gemini', 'ok');
    const budget = mediaBudget({ limitUsd: 0.1 });
    const generator = imageGenerator(
      [openaiImages({ apiKey: FAKE_KEY, baseUrl: `${fake.url}/v1`, transport: { retry: { maxRetries: 0 } } }), geminiImages({ apiKey: FAKE_KEY, baseUrl: fake.url })],
      { costPerImage: 0.04, budget },
    );
    const vision = scriptedProvider(['The lighthouse is dark: its lamp is not lit.'], { id: 'vision' });
    const tools = imageTools({ generator, vision, waitMs: 5000 });
    let firstPath = '';
    let firstJob = '';
    const provider = scriptedProvider([
      { toolCalls: [{ name: 'generate_image', args: { prompt: 'a lighthouse at dusk', aspectRatio: '16:9' } }] },
      (request) => {
        const text = lastToolText(request);
        firstPath = /saved as (images\/\S+\.png)/.exec(text)?.[1] ?? '';
        firstJob = /Job (img_[0-9a-f]+)/.exec(text)?.[1] ?? '';
        return { toolCalls: [{ name: 'inspect_image', args: { path: firstPath, question: 'Is the lamp lit?' } }] };
      },
      (request) => ({ toolCalls: [{ name: 'generate_image', args: { prompt: 'the same lighthouse, lamp lit', references: [firstJob] } }], text: lastToolText(request).includes('not lit') ? 'The lamp is dark; regenerating.' : '' }),
      () => ({ toolCalls: [{ name: 'generate_image', args: { prompt: 'the same lighthouse, brighter lamp', references: [firstJob] } }] }),
      'never asked: the budget stopped the run',
    ]);
    const store = memorySessionStore();
    const events: RunEvent[] = [];
    // A person approves each paid call the gate asks about (the tools are not read-only).
    const asked: string[] = [];
    const approver: ApproverV1 = {
      specificationVersion: 'v1',
      kind: 'person',
      approve: async (request) => (asked.push(request.call.name), { outcome: 'approved', by: 'tester' }),
    };
    for await (const event of createAgent({ provider, tools, approver, hooks: [taintDetector()], session: { store }, context: { workspace } }).stream('Draw a lighthouse at dusk with its lamp lit.', { stopSignal: budget.stopSignal })) events.push(event);

    // The run: four model steps, the fourth generation refused for budget, then a graceful stop.
    const end = events.find((e) => e.type === 'run_end');
    expect(end).toMatchObject({ stopReason: 'stopped' });
    expect(provider.requests).toHaveLength(4);
    const results = events.filter((e) => e.type === 'tool_result');
    expect(results.map((e) => [e.name, e.status])).toEqual([
      ['generate_image', 'ok'],
      ['inspect_image', 'ok'],
      ['generate_image', 'ok'],
      ['generate_image', 'error'],
    ]);
    expect(JSON.stringify(results[3])).toContain('media.budget_exceeded');
    expect(budget.spentUsd).toBeCloseTo(0.08, 6);
    expect(asked).toEqual(['generate_image', 'inspect_image', 'generate_image', 'generate_image']);
    expect(budget.lines.map((l) => l.engine)).toEqual(['gemini-images', 'gemini-images']);

    // Quota on OpenAI fell back to Gemini; the refused third generation never reached a vendor.
    const generations = fake.requests.filter((r) => r.url.startsWith('/v1/images/') || r.url.includes('generateContent'));
    expect(generations.map((r) => r.url)).toEqual(['/v1/images/generations', '/v1beta/models/gemini-2.5-flash-image:generateContent', '/v1/images/edits', '/v1beta/models/gemini-2.5-flash-image:generateContent']);

    // The pictures are real files under images/ in the workspace; the regeneration sent the first as reference.
    const files = (await readdir(join(workspace, 'images'))).sort();
    expect(files).toHaveLength(2);
    for (const file of files) expect(sniffImage(new Uint8Array(await readFile(join(workspace, 'images', file))))).toBe('image/png');
    const firstBytes = await readFile(join(workspace, firstPath));
    expect(Buffer.compare(fake.references.at(-1)!, firstBytes)).toBe(0);

    // The agent's model saw the picture (an image part in the tool result), and the vision model got it as a message part.
    const seen = provider.requests[1]!.messages.flatMap((m): Array<{ type: string; mediaType?: string }> => m.parts.flatMap((p) => (p.type === 'tool_result' ? p.content : [])));
    expect(seen.some((c) => c.type === 'image' && c.mediaType === 'image/png')).toBe(true);
    expect(vision.requests[0]!.messages[0]!.parts.map((p) => p.type)).toEqual(['text', 'image']);
    expect(lastToolText(provider.requests[2]!)).toContain('not lit');

    // Results are untrusted: governance's taint detector marks the run at the first open-world result.
    expect(events.find((e) => e.type === 'taint')).toMatchObject({ source: 'tool:generate_image' });

    // The key is in no schema, event, session record or error.
    const session = await store.load(events.find((e) => e.type === 'run_start')!.sessionId!);
    for (const scanned of [events, session.records, tools.map(toolSpecOf)]) expect(JSON.stringify(scanned)).not.toContain(FAKE_KEY);
  });

  it('the tools declare their effect class: generating and checking jobs send content out (egress)', () => {
    const tools = imageTools({ generator: imageGenerator([openaiImages({ apiKey: FAKE_KEY })]) });
    expect(Object.fromEntries(tools.map((t) => [t.name, toolEffectClass(t.name, t.annotations) ?? 'none']))).toEqual({
      generate_image: 'egress',
      image_status: 'egress',
      inspect_image: 'none',
    });
    expect(tools.every((t) => t.annotations?.openWorld === true)).toBe(true);
    // With a separate vision vendor, inspecting sends the picture out too.
    const withVision = imageTools({ generator: imageGenerator([openaiImages({ apiKey: FAKE_KEY })]), vision: scriptedProvider([]) });
    const inspect = withVision.find((t) => t.name === 'inspect_image')!;
    expect(toolEffectClass(inspect.name, inspect.annotations)).toBe('egress');
  });

  it('a path outside the workspace is refused, a symlinked images/ too', async () => {
    const { symlink, mkdtemp: mk } = await import('node:fs/promises');
    const other = await mk(join(tmpdir(), 'media-outside-'));
    const ws = await mk(join(tmpdir(), 'media-ws-'));
    await symlink(other, join(ws, 'images'));
    const tools = imageTools({ generator: imageGenerator([(await import('../src/index.js')).fakeImages()]) });
    const ctx = { signal: new AbortController().signal, callId: 'c', runId: 'r', workspace: ws, emit: () => undefined };
    const inspect = tools.find((t) => t.name === 'inspect_image')!;
    expect(await inspect.execute({ path: '../../etc/passwd' }, ctx)).toMatchObject({ isError: true, content: expect.stringContaining('media.path_outside_workspace') });
    const generate = tools.find((t) => t.name === 'generate_image')!;
    expect(await generate.execute({ prompt: 'x' }, ctx)).toMatchObject({ isError: true, content: expect.stringContaining('media.path_outside_workspace') });
    expect(await readdir(other)).toEqual([]);
    await rm(other, { recursive: true, force: true });
    await rm(ws, { recursive: true, force: true });
  });
});
