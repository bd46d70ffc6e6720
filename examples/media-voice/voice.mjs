// @ts-check
// Voice with @warden/media (issue 44), offline: speech engines speak OpenAI audio and Deepgram's
// wire formats to the fake speech server of @warden/test-servers on 127.0.0.1. A WAV round trip
// (speak → real WAV bytes decoded here → transcribed back), an HTML error page as a typed error,
// and a spoken conversation: each turn is heard, answered by a governed agent that keeps the
// conversation in its session (the transcript is untrusted), and spoken. Exits 1 on any surprise.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createHarness } from '@warden/harness';
import { decodeWav, deepgramSpeech, encodeWav, openaiSpeech, sineWave, speechPipeline } from '@warden/media';
import { scriptedProvider } from '@warden/protocol/testing';
import { FAKE_KEY, startFakeAudio } from '@warden/test-servers';

const fake = await startFakeAudio({ key: FAKE_KEY });
const workspace = await mkdtemp(path.join(tmpdir(), 'warden-media-voice-'));
/** @type {string[]} */
const problems = [];
/** @param {boolean} ok @param {string} what */
const expect = (ok, what) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) problems.push(what);
};
const transport = { retry: { maxRetries: 0 } };

try {
  // 1. The WAV codec on its own: a tone written and read back sample for sample.
  const tone = sineWave({ frequencyHz: 440, durationMs: 500, sampleRate: 16_000 });
  const back = decodeWav(encodeWav(tone));
  expect(back.samples.every((s, i) => s === tone.samples[i]) && back.durationMs === 500, `WAV round trip: ${back.samples.length} samples at ${back.sampleRate} Hz`);

  // 2. Speak and transcribe back, over both vendors.
  for (const engine of [openaiSpeech({ apiKey: FAKE_KEY, baseUrl: `${fake.url}/v1`, transport }), deepgramSpeech({ apiKey: FAKE_KEY, baseUrl: fake.url, transport })]) {
    const speech = speechPipeline(engine);
    const audio = await speech.speak('Your table for two is booked for eight.');
    const wav = decodeWav(audio.bytes);
    const heard = await speech.transcribe(audio.bytes);
    expect(heard.text === 'Your table for two is booked for eight.', `${engine.id}: spoke ${wav.durationMs} ms of ${wav.sampleRate} Hz WAV and heard it back`);
  }

  // 3. An HTML error page is a typed error naming status and URL.
  fake.script('openai', 'html');
  const failed = await speechPipeline(openaiSpeech({ apiKey: FAKE_KEY, baseUrl: `${fake.url}/v1`, transport }))
    .speak('hello')
    .then(() => undefined, (/** @type {any} */ e) => e);
  expect(failed?.code === 'media.engine_failed' && /HTTP 502/.test(failed.message) && !/<html/i.test(failed.message), `error page: ${failed?.message}`);
  fake.script('openai', 'ok');

  // 4. A spoken conversation: the agent handed the call keeps it, turn after turn.
  const speech = speechPipeline(deepgramSpeech({ apiKey: FAKE_KEY, baseUrl: fake.url, transport }));
  const model = scriptedProvider([
    'Which evening would you like?',
    (request) => (JSON.stringify(request.messages).includes('table for two') ? 'Friday at eight, for two: booked.' : 'For how many people?'),
  ]);
  const harness = await createHarness({
    workdir: workspace,
    provider: model,
    mode: 'safe',
    env: {},
    builtinTools: { read_file: false, list_files: false, grep: false, write_file: false, edit_file: false, shell: false },
  });
  try {
    /** @type {string | undefined} */
    let sessionId;
    /** @param {string} heard */
    const respond = async (heard) => {
      // What the caller said is material from outside: the run starts tainted.
      const run = sessionId ? await harness.resume(sessionId, { task: heard, trust: 'untrusted' }) : await harness.run(heard, { trust: 'untrusted' });
      sessionId = run.sessionId;
      return run.output;
    };
    const caller = ['I would like a table for two.', 'Friday, please.'];
    /** @type {string[]} */
    const answers = [];
    for (const line of caller) {
      const question = await speech.speak(line); // the caller's voice, as a WAV
      const turn = await speech.turn(question.bytes, respond);
      console.log(`     caller: "${turn.transcript.text}" → agent: "${turn.answer}" (${decodeWav(turn.audio.bytes).durationMs} ms of speech)`);
      answers.push(turn.answer);
    }
    expect(answers[1] === 'Friday at eight, for two: booked.', 'the agent kept the conversation between spoken turns');
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
console.log('media-voice: all as expected');
