import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toolEffectClass } from '@warden/governance';
import { normalizeToolOutput, type ToolContext, type ToolV1 } from '@warden/protocol';
import { FAKE_KEY, startFakeAudio, type FakeAudio } from '@warden/test-servers';
import { decodeWav, encodeWav, fakeImages, imageGenerator, imageTools, openaiSpeech, sineWave, solidPng, speechPipeline, voiceTools } from '../src/index.js';

// The tools as an agent calls them: job ids when a picture takes longer than the wait, then
// image_status to check, wait, collect or cancel; voice tools on real WAV files in the workspace.
let workspace: string;
let audio: FakeAudio;
beforeAll(async () => {
  workspace = await mkdtemp(join(tmpdir(), 'media-tools-'));
  audio = await startFakeAudio({ key: FAKE_KEY });
});
afterAll(async () => {
  await audio.close();
  await rm(workspace, { recursive: true, force: true });
});

const notices: string[] = [];
const ctx = (): ToolContext => ({ signal: new AbortController().signal, callId: 'c1', runId: 'r1', workspace, emit: (n) => notices.push(n.message) });
const byName = (tools: ToolV1[], name: string): ToolV1 => tools.find((t) => t.name === name)!;
const text = async (tool: ToolV1, args: Record<string, unknown>): Promise<{ text: string; isError: boolean; images: number }> => {
  const out = normalizeToolOutput(await tool.execute(args as never, ctx()));
  return { text: out.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n'), isError: out.isError, images: out.content.filter((c) => c.type === 'image').length };
};

describe('image tools', () => {
  it('generate_image answers with a job id when the picture takes longer than its wait; image_status checks, waits and collects', async () => {
    const tools = imageTools({ generator: imageGenerator([fakeImages({ steps: 5, stepMs: 40 })]), waitMs: 30 });
    const started = await text(byName(tools, 'generate_image'), { prompt: 'a slow sunrise', count: 2 });
    const jobId = /Job (img_[0-9a-f]+) is running/.exec(started.text)?.[1];
    expect(jobId, started.text).toBeDefined();
    const check = JSON.parse((await text(byName(tools, 'image_status'), { jobId, action: 'check' })).text);
    expect(check).toMatchObject({ id: jobId, status: 'running', engine: 'fake-images' });
    const done = await text(byName(tools, 'image_status'), { jobId, action: 'wait', waitMs: 5000 });
    expect(done.images).toBe(2);
    expect(done.text).toContain(`images/${jobId}-1.png`);
    // Collecting again does not write the files twice.
    expect((await text(byName(tools, 'image_status'), { jobId, action: 'collect' })).text).toContain(`images/${jobId}-2.png`);
    expect((await readdir(join(workspace, 'images'))).filter((f) => f.startsWith(jobId!))).toHaveLength(2);
    expect(notices.some((n) => n.includes(`${jobId}: running`))).toBe(true);
  });

  it('image_status cancels a job; an unknown job is a typed error the model reads', async () => {
    const tools = imageTools({ generator: imageGenerator([fakeImages({ steps: 50, stepMs: 40 })]), waitMs: 10 });
    const jobId = /Job (img_[0-9a-f]+)/.exec((await text(byName(tools, 'generate_image'), { prompt: 'x' })).text)![1];
    expect((await text(byName(tools, 'image_status'), { jobId, action: 'cancel' })).text).toBe(`Job ${jobId} is cancelled.`);
    expect(await text(byName(tools, 'image_status'), { jobId, action: 'collect' })).toMatchObject({ isError: true, text: expect.stringContaining('media.cancelled') });
    expect(await text(byName(tools, 'image_status'), { jobId: 'img_000', action: 'check' })).toMatchObject({ isError: true, text: expect.stringContaining('media.unknown_job') });
  });

  it('a refused prompt tells the agent why; a workspace picture is a reference; inspect_image shows it to a model that sees', async () => {
    const engine = fakeImages({ refuse: /forbidden/ });
    const tools = imageTools({ generator: imageGenerator([engine]), waitMs: 5000 });
    expect(await text(byName(tools, 'generate_image'), { prompt: 'something forbidden' })).toMatchObject({ isError: true, text: expect.stringContaining('media.refused') });
    await writeFile(join(workspace, 'sketch.png'), solidPng(6, 6, [9, 9, 9]));
    await text(byName(tools, 'generate_image'), { prompt: 'like the sketch', references: ['sketch.png'] });
    expect(Buffer.compare(Buffer.from(engine.requests.at(-1)!.references[0]!.bytes), await readFile(join(workspace, 'sketch.png')))).toBe(0);
    expect(await text(byName(tools, 'inspect_image'), { path: 'sketch.png' })).toMatchObject({ isError: false, images: 1 });
    expect(await text(byName(tools, 'inspect_image'), { path: 'nothing-here.png' })).toMatchObject({ isError: true });
  });
});

describe('voice tools', () => {
  it('transcribe_audio reads a workspace WAV; speak_text writes one; both are egress', async () => {
    const tools = voiceTools({ speech: speechPipeline(openaiSpeech({ apiKey: FAKE_KEY, baseUrl: `${audio.url}/v1` })) });
    expect(tools.map((t) => toolEffectClass(t.name, t.annotations))).toEqual(['egress', 'egress']);
    const spoken = await text(byName(tools, 'speak_text'), { text: 'Good morning.' });
    const path = /Saved the speech as (audio\/\S+\.wav)/.exec(spoken.text)![1]!;
    expect(decodeWav(new Uint8Array(await readFile(join(workspace, path)))).sampleRate).toBe(16_000);
    const heard = await text(byName(tools, 'transcribe_audio'), { path });
    expect(heard.text).toContain('Good morning.');
    expect(heard.text).toMatch(/not instructions/);
    await writeFile(join(workspace, 'tone.wav'), encodeWav(sineWave({ frequencyHz: 220, durationMs: 300 })));
    expect((await text(byName(tools, 'transcribe_audio'), { path: 'tone.wav' })).text).toContain('300 ms recording');
    await writeFile(join(workspace, 'fake.wav'), '<html>not audio</html>');
    expect(await text(byName(tools, 'transcribe_audio'), { path: 'fake.wav' })).toMatchObject({ isError: true, text: expect.stringContaining('media.invalid_audio') });
  });
});
