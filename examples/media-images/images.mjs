// @ts-check
// Image generation with @warden/media (issue 44), offline: every engine speaks its vendor's wire
// format to the fake image server of @warden/test-servers on 127.0.0.1. Shows a job's progress and
// cancel (Replicate), a refused prompt, quota on OpenAI falling back to Gemini, an HTML error page
// as a typed error, and a governed agent (a harness run on a scripted model) that generates,
// inspects and regenerates a picture until its media budget stops it. Exits 1 on any surprise.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createHarness } from '@warden/harness';
import { geminiImages, imageGenerator, imageTools, mediaBudget, openaiImages, replicateImages } from '@warden/media';
import { scriptedProvider } from '@warden/protocol/testing';
import { FAKE_KEY, startFakeImages } from '@warden/test-servers';

const fake = await startFakeImages({ key: FAKE_KEY });
const workspace = await mkdtemp(path.join(tmpdir(), 'warden-media-images-'));
/** @type {string[]} */
const problems = [];
/** @param {boolean} ok @param {string} what */
const expect = (ok, what) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) problems.push(what);
};
/** @param {Promise<unknown>} promise */
const codeOf = (promise) => promise.then(() => 'no error', (/** @type {any} */ e) => e.code);

const transport = { retry: { maxRetries: 0 } };
const openai = openaiImages({ apiKey: FAKE_KEY, baseUrl: `${fake.url}/v1`, transport });
const gemini = geminiImages({ apiKey: FAKE_KEY, baseUrl: fake.url, transport });
const replicate = replicateImages({ apiKey: FAKE_KEY, baseUrl: fake.url, pollMs: 20, transport });

try {
  // 1. A Replicate job reports the model's own progress, then its picture.
  const job = imageGenerator([replicate]).submit({ prompt: 'a fox in the snow', aspectRatio: '3:2' });
  job.onProgress((s) => console.log(`     ${s.id} ${s.status} ${Math.round(s.fraction * 100)}%`));
  const [fox] = await job.wait(10_000);
  expect(fox?.mediaType === 'image/png' && job.describe().status === 'succeeded', `Replicate job made a ${fox?.mediaType} in ${job.describe().elapsedMs} ms`);

  // 2. Cancelling a job cancels the prediction at the provider.
  const slow = imageGenerator([replicateImages({ apiKey: FAKE_KEY, baseUrl: fake.url, pollMs: 300, transport })]).submit({ prompt: 'a slow fox' });
  await new Promise((resolve) => setTimeout(resolve, 100));
  slow.cancel();
  expect((await codeOf(slow.wait(2000))) === 'media.cancelled', 'a cancelled job ends media.cancelled');
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(fake.cancelled.length === 1, `the prediction was cancelled at the provider (${fake.cancelled.join(', ')})`);

  // 3. A refused prompt is not retried and not sent to the next engine.
  fake.script('openai', 'refuse');
  const refused = imageGenerator([openai, gemini]).submit({ prompt: 'something the vendor refuses' });
  expect((await codeOf(refused.wait(5000))) === 'media.refused' && refused.describe().attempts.length === 1, `refusal: ${refused.describe().error?.message}`);

  // 4. Quota on OpenAI: Gemini takes over.
  fake.script('openai', 'quota');
  const fallback = imageGenerator([openai, gemini]).submit({ prompt: 'a bridge at night' });
  const [bridge] = await fallback.wait(5000);
  expect(bridge?.engine === 'gemini-images', `quota fallback: ${fallback.describe().attempts.map((a) => `${a.engine} ${a.outcome}`).join(' → ')}`);

  // 5. An HTML error page is a typed error naming status and URL, never the page.
  fake.script('openai', 'html');
  const page = imageGenerator([openai]).submit({ prompt: 'a tower' });
  await page.wait(5000).catch(() => undefined);
  const message = page.describe().error?.message ?? '';
  expect(/HTTP 502/.test(message) && message.includes(fake.url) && !/<html|nginx/i.test(message), `error page: ${message}`);

  // 6. A governed agent: generate → inspect → regenerate → regenerate again, stopped by its budget.
  fake.script('openai', 'ok');
  const budget = mediaBudget({ limitUsd: 0.1 });
  const generator = imageGenerator([openai, gemini], { costPerImage: 0.04, budget });
  const vision = scriptedProvider(['The lamp of the lighthouse is dark.'], { id: 'vision' });
  let first = '';
  const model = scriptedProvider([
    { text: 'Drawing it.', toolCalls: [{ name: 'generate_image', args: { prompt: 'a lighthouse at dusk, lamp lit' } }] },
    (request) => {
      first = /Job (img_[0-9a-f]+)/.exec(JSON.stringify(request.messages.at(-1)))?.[1] ?? '';
      return { toolCalls: [{ name: 'inspect_image', args: { path: `images/${first}-1.png`, question: 'Is the lamp lit?' } }] };
    },
    () => ({ text: 'The lamp is dark; trying again.', toolCalls: [{ name: 'generate_image', args: { prompt: 'the same lighthouse, lamp clearly lit', references: [first] } }] }),
    () => ({ toolCalls: [{ name: 'generate_image', args: { prompt: 'brighter still', references: [first] } }] }),
    'never reached: the budget stopped the run',
  ]);
  /** @type {import('@warden/protocol').ApproverV1} */
  const person = {
    specificationVersion: 'v1',
    kind: 'person',
    approve: async (request) => {
      console.log(`     asked: ${request.call.name} ${JSON.stringify(request.call.args)} → approved`);
      return { outcome: 'approved', by: 'example' };
    },
  };
  const harness = await createHarness({
    workdir: workspace,
    provider: model,
    mode: 'safe',
    env: {},
    approver: person,
    tools: imageTools({ generator, vision, waitMs: 5000 }),
    builtinTools: { read_file: false, list_files: false, grep: false, write_file: false, edit_file: false, shell: false },
  });
  try {
    const run = await harness.run('Draw a lighthouse at dusk with its lamp lit; check it and fix it if needed.', { stopSignal: budget.stopSignal });
    const files = await readdir(path.join(workspace, 'images'));
    console.log(`     run ended ${run.stopReason} after ${run.steps} steps; media spent $${budget.spentUsd} of $${budget.limitUsd}; ${files.join(', ')}`);
    expect(run.stopReason === 'stopped' && files.length === 2 && budget.spentUsd === 0.08, 'the media budget stopped the regenerate loop after two pictures');
    expect(vision.requests[0]?.messages[0]?.parts.some((p) => p.type === 'image') === true, 'the vision model was shown the picture as an image part');
  } finally {
    await harness.close();
  }
} finally {
  await fake.close();
  await rm(workspace, { recursive: true, force: true });
}

if (problems.length > 0) {
  console.error(`${problems.length} problem(s)`);
  process.exit(1);
}
console.log('media-images: all as expected');
