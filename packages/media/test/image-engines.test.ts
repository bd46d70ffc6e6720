import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_KEY, startFakeImages, type FakeImages } from '@warden/test-servers';
import { fakeImages, geminiImages, imageGenerator, openaiImages, replicateImages, sniffImage, solidPng, type ImageEngine, type MediaError } from '../src/index.js';

// Real HTTP: every engine talks to the fake vendor server on 127.0.0.1 in its own wire format.
let fake: FakeImages;
beforeAll(async () => {
  fake = await startFakeImages({ key: FAKE_KEY, slowMs: 3000 });
});
afterAll(() => fake.close());

const noRetry = { retry: { maxRetries: 0 } };
const openai = (): ImageEngine => openaiImages({ apiKey: FAKE_KEY, baseUrl: `${fake.url}/v1`, transport: noRetry });
const gemini = (): ImageEngine => geminiImages({ apiKey: FAKE_KEY, baseUrl: fake.url, transport: noRetry });
const replicate = (): ImageEngine => replicateImages({ apiKey: FAKE_KEY, baseUrl: fake.url, pollMs: 5, transport: noRetry });

async function failure(promise: Promise<unknown>): Promise<MediaError> {
  try {
    await promise;
  } catch (error) {
    return error as MediaError;
  }
  throw new Error('expected a failure');
}

function leaks(value: unknown): boolean {
  return JSON.stringify(value, (_k, v: unknown) => (v instanceof Error ? { message: v.message, stack: v.stack, cause: (v as { cause?: unknown }).cause } : v)).includes(FAKE_KEY);
}

describe('image generation over the vendors\' wire formats', () => {
  it('OpenAI Images: a job makes real PNGs, reports start and finish, and names the engine', async () => {
    fake.script('openai', 'ok');
    const generator = imageGenerator([openai()]);
    const job = generator.submit({ prompt: 'a lighthouse', count: 2, aspectRatio: '16:9' });
    const seen: number[] = [];
    job.onProgress((s) => seen.push(s.fraction));
    const images = await job.wait(5000);
    expect(images).toHaveLength(2);
    for (const image of images) expect(sniffImage(image.bytes)).toBe('image/png');
    expect(images[0]!.revisedPrompt).toBe('a revised prompt');
    const state = job.describe();
    expect(state).toMatchObject({ status: 'succeeded', engine: 'openai-images', fraction: 1, attempts: [{ engine: 'openai-images', outcome: 'succeeded' }] });
    expect(seen.at(-1)).toBe(1);
    const request = fake.requests.at(-1)!;
    expect(request.url).toBe('/v1/images/generations');
    expect(JSON.parse(request.text)).toMatchObject({ prompt: 'a lighthouse', n: 2, size: '1536x1024' });
    expect(request.headers.authorization).toBe(`Bearer ${FAKE_KEY}`);
  });

  it('reference pictures go out exactly (OpenAI edits as multipart, an earlier result by job id)', async () => {
    fake.script('openai', 'ok');
    const generator = imageGenerator([openai()]);
    const reference = solidPng(4, 4, [1, 2, 3]);
    const first = generator.submit({ prompt: 'base', references: [{ bytes: reference }] });
    await first.wait(5000);
    expect(fake.requests.at(-1)!.url).toBe('/v1/images/edits');
    expect(Buffer.compare(fake.references.at(-1)!, Buffer.from(reference))).toBe(0);
    const made = (await first.wait())[0]!;
    await generator.submit({ prompt: 'again', references: [{ job: first.id }] }).wait(5000);
    expect(Buffer.compare(fake.references.at(-1)!, Buffer.from(made.bytes))).toBe(0);
  });

  it('Gemini: inline image data back; a text answer with no picture is retried once', async () => {
    fake.script('gemini', 'text-only', 'ok');
    const before = fake.requests.length;
    const images = await imageGenerator([gemini()]).submit({ prompt: 'a fern', aspectRatio: '3:4' }).wait(5000);
    expect(images).toHaveLength(1);
    expect(sniffImage(images[0]!.bytes)).toBe('image/png');
    const sent = fake.requests.slice(before);
    expect(sent).toHaveLength(2);
    expect(sent[0]!.headers['x-goog-api-key']).toBe(FAKE_KEY);
    expect(JSON.parse(sent[0]!.text)).toMatchObject({ generationConfig: { responseModalities: ['IMAGE', 'TEXT'], imageConfig: { aspectRatio: '3:4' } } });
  });

  it('Replicate: real progress from the prediction, polled to the end, output downloaded without the key', async () => {
    fake.script('replicate', 'ok');
    const job = imageGenerator([replicate()]).submit({ prompt: 'a fox', count: 1 });
    const fractions: number[] = [];
    job.onProgress((s) => fractions.push(s.fraction));
    const images = await job.wait(5000);
    expect(sniffImage(images[0]!.bytes)).toBe('image/png');
    expect(fractions.filter((f) => f > 0 && f < 1).length).toBeGreaterThanOrEqual(2);
    expect([...fractions].sort((a, b) => a - b)).toEqual(fractions);
    const download = fake.requests.find((r) => r.url.startsWith('/files/'))!;
    expect(download.headers.authorization).toBeUndefined();
  });

  it('cancel stops a Replicate job at the provider', async () => {
    fake.script('replicate', 'ok');
    const engine = replicateImages({ apiKey: FAKE_KEY, baseUrl: fake.url, pollMs: 200, transport: noRetry });
    const job = imageGenerator([engine]).submit({ prompt: 'a slow fox' });
    await new Promise<void>((resolve) => job.onProgress((s) => s.status === 'running' && resolve()));
    await new Promise((resolve) => setTimeout(resolve, 50));
    job.cancel();
    const error = await failure(job.wait(2000));
    expect(error.code).toBe('media.cancelled');
    expect(job.describe().status).toBe('cancelled');
    await expect.poll(() => fake.cancelled.length, { timeout: 2000 }).toBeGreaterThan(0);
  });

  it('a refused prompt is a typed refusal: not retried, never sent to the next engine', async () => {
    fake.script('openai', 'refuse');
    fake.script('gemini', 'ok');
    const before = fake.requests.length;
    const job = imageGenerator([openai(), gemini()]).submit({ prompt: 'something forbidden' });
    const error = await failure(job.wait(5000));
    expect(error.code).toBe('media.refused');
    expect(error.engine).toBe('openai-images');
    expect(error.message).toMatch(/safety system/);
    expect(fake.requests.slice(before).map((r) => r.url)).toEqual(['/v1/images/generations']);
    expect(job.describe().attempts).toEqual([{ engine: 'openai-images', outcome: 'refused', code: 'media.refused', status: 400 }]);
  });

  it('Gemini and Replicate refusals are refusals too', async () => {
    fake.script('gemini', 'refuse');
    expect((await failure(imageGenerator([gemini()]).submit({ prompt: 'x' }).wait(5000))).code).toBe('media.refused');
    fake.script('replicate', 'refuse');
    const error = await failure(imageGenerator([replicate()]).submit({ prompt: 'x' }).wait(5000));
    expect(error).toMatchObject({ code: 'media.refused', engine: 'replicate' });
  });

  it('quota on the first engine falls back to the next, and says so', async () => {
    fake.script('openai', 'quota');
    fake.script('gemini', 'ok');
    const notices: unknown[] = [];
    const job = imageGenerator([openai(), gemini()], { onNotice: (n) => notices.push(n) }).submit({ prompt: 'a bridge' });
    const images = await job.wait(5000);
    expect(images[0]!.engine).toBe('gemini-images');
    expect(job.describe().attempts).toEqual([
      { engine: 'openai-images', outcome: 'failed', code: 'media.engine_failed', status: 429 },
      { engine: 'gemini-images', outcome: 'succeeded' },
    ]);
    expect(notices).toEqual([{ type: 'provider_switch', from: 'openai-images', to: 'gemini-images', reason: 'media.engine_failed' }]);
  });

  it('an HTML error page is a clear typed error naming status and URL — never the page', async () => {
    fake.script('openai', 'html');
    const error = await failure(imageGenerator([openai()]).submit({ prompt: 'a tower' }).wait(5000));
    expect(error.code).toBe('media.engine_failed');
    expect(error.message).toContain('HTTP 502');
    expect(error.message).toContain(`${fake.url}/v1/images/generations`);
    expect(error.message).not.toMatch(/<html|DOCTYPE|PAGE-INTERNALS|nginx/i);
    expect(leaks(error)).toBe(false);
  });

  it('an HTML page with 200 is not a picture: bad_response, retried, then the next engine', async () => {
    fake.script('openai', 'html200');
    fake.script('gemini', 'html200');
    const job = imageGenerator([openai(), gemini()]).submit({ prompt: 'a tower' });
    const error = await failure(job.wait(5000));
    expect(error.code).toBe('media.engine_failed');
    expect(error.message).toMatch(/answered HTTP 200 with an HTML page/);
    expect(error.message).not.toMatch(/PAGE-INTERNALS/);
    expect(job.describe().attempts.map((a) => a.code)).toEqual(['media.bad_response', 'media.bad_response']);
  });

  it('a refused key falls back too, and no error, state or notice carries the key', async () => {
    const wrong = openaiImages({ apiKey: 'sk-wrong-key-000', baseUrl: `${fake.url}/v1`, transport: noRetry });
    fake.script('gemini', 'ok');
    const notices: unknown[] = [];
    const job = imageGenerator([wrong, gemini()], { onNotice: (n) => notices.push(n) }).submit({ prompt: 'x' });
    await job.wait(5000);
    expect(job.describe().attempts[0]).toMatchObject({ engine: 'openai-images', status: 401 });
    expect(leaks(job.describe()) || leaks(notices) || JSON.stringify(job.describe()).includes('sk-wrong-key-000')).toBe(false);
    expect(JSON.stringify(openai())).not.toContain(FAKE_KEY);
  });

  it('the job deadline fails a slow job with media.timeout; wait(timeout) leaves the job running', async () => {
    fake.script('openai', 'slow');
    const generator = imageGenerator([openai()], { deadlineMs: 300 });
    const job = generator.submit({ prompt: 'slow' });
    const early = await failure(job.wait(50));
    expect(early.code).toBe('media.timeout');
    expect(job.describe().status).toBe('running');
    const late = await failure(job.wait(3000));
    expect(late.code).toBe('media.timeout');
    expect(late.message).toMatch(/deadline/);
  });

  it('limits: maxCount per request, maxImages in all, maxConcurrency queues the rest', async () => {
    const engine = fakeImages({ steps: 3, stepMs: 20 });
    const generator = imageGenerator([engine], { maxCount: 2, maxImages: 3, maxConcurrency: 1 });
    expect(() => generator.submit({ prompt: 'x', count: 3 })).toThrow(expect.objectContaining({ code: 'media.limit' }));
    const a = generator.submit({ prompt: 'a', count: 2 });
    const b = generator.submit({ prompt: 'b' });
    expect(b.describe().status).toBe('queued');
    expect(() => generator.submit({ prompt: 'c' })).toThrow(expect.objectContaining({ code: 'media.limit' }));
    await Promise.all([a.wait(), b.wait()]);
    expect(generator.imagesMade).toBe(3);
  });

  it('a queued job that is cancelled or runs past its deadline leaves the queue at once', async () => {
    const generator = imageGenerator([fakeImages({ steps: 20, stepMs: 20 })], { maxConcurrency: 1, deadlineMs: 150 });
    const running = generator.submit({ prompt: 'first' });
    const queued = generator.submit({ prompt: 'second' });
    const timedOut = generator.submit({ prompt: 'third' });
    queued.cancel();
    expect((await failure(queued.wait(1000))).code).toBe('media.cancelled');
    expect((await failure(timedOut.wait(1000))).code).toBe('media.timeout');
    expect(timedOut.describe().elapsedMs).toBeLessThan(400);
    await failure(running.wait(1000));
  });

  it('a URL reference goes through the fetch handed in (the governed fetch), and is checked as a picture', async () => {
    const engine = fakeImages();
    const fetched: string[] = [];
    const generator = imageGenerator([engine], {
      fetchReference: async (url) => (fetched.push(url), { bytes: url.endsWith('.png') ? solidPng(2, 2, [5, 5, 5]) : new TextEncoder().encode('<html>'), mediaType: 'image/png' }),
    });
    await generator.submit({ prompt: 'x', references: [{ url: 'https://example.test/a.png' }] }).wait(2000);
    expect(fetched).toEqual(['https://example.test/a.png']);
    expect(engine.requests.at(-1)!.references[0]!.mediaType).toBe('image/png');
    expect((await failure(generator.submit({ prompt: 'x', references: [{ url: 'https://example.test/page' }] }).wait(2000))).code).toBe('media.unsupported');
    expect((await failure(imageGenerator([engine]).submit({ prompt: 'x', references: [{ url: 'https://example.test/a.png' }] }).wait(2000))).code).toBe('media.unsupported');
  });

  it('a 503 with Retry-After is retried inside the engine (the transport\'s policy), no fallback needed', async () => {
    fake.script('openai', 'busy', 'busy', 'ok');
    const before = fake.requests.length;
    const engine = openaiImages({ apiKey: FAKE_KEY, baseUrl: `${fake.url}/v1`, transport: { retry: { maxRetries: 3 } } });
    const notices: unknown[] = [];
    const job = imageGenerator([engine, gemini()], { onNotice: (n) => notices.push(n) }).submit({ prompt: 'patience' });
    expect((await job.wait(5000))[0]!.engine).toBe('openai-images');
    expect(fake.requests.length - before).toBe(3);
    expect(notices.filter((n) => (n as { type: string }).type === 'retry')).toHaveLength(2);
    expect(job.describe().attempts).toEqual([{ engine: 'openai-images', outcome: 'succeeded' }]);
  });

  it('each engine has its own breaker: once open, the engine is skipped without a request and the next takes over', async () => {
    fake.script('openai', 'html');
    fake.script('gemini', 'ok');
    const engine = openaiImages({ apiKey: FAKE_KEY, baseUrl: `${fake.url}/v1`, transport: { retry: { maxRetries: 0 }, breaker: { failureThreshold: 1, openMs: 60_000 } } });
    const generator = imageGenerator([engine, gemini()]);
    await generator.submit({ prompt: 'one' }).wait(5000);
    const before = fake.requests.filter((r) => r.url.startsWith('/v1/images/')).length;
    const second = generator.submit({ prompt: 'two' });
    expect((await second.wait(5000))[0]!.engine).toBe('gemini-images');
    expect(fake.requests.filter((r) => r.url.startsWith('/v1/images/')).length).toBe(before);
    expect(second.describe().attempts[0]).toMatchObject({ engine: 'openai-images', outcome: 'failed', code: 'media.engine_failed' });
  });
});
