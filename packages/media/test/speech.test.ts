import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_KEY, startFakeAudio, type FakeAudio } from '@warden/test-servers';
import { decodeWav, deepgramSpeech, encodeWav, mediaBudget, openaiSpeech, sineWave, speechPipeline, type MediaError, type SpeechEngine } from '../src/index.js';

// Speech over real HTTP to the fake OpenAI audio and Deepgram endpoints: speak → WAV bytes →
// decoded here → sent back to be transcribed. Offline, in CI.
let fake: FakeAudio;
beforeAll(async () => {
  fake = await startFakeAudio({ key: FAKE_KEY });
});
afterAll(() => fake.close());

const noRetry = { retry: { maxRetries: 0 } };
const engines: Array<[string, () => SpeechEngine]> = [
  ['openai', () => openaiSpeech({ apiKey: FAKE_KEY, baseUrl: `${fake.url}/v1`, transport: noRetry })],
  ['deepgram', () => deepgramSpeech({ apiKey: FAKE_KEY, baseUrl: fake.url, transport: noRetry })],
];

async function failure(promise: Promise<unknown>): Promise<MediaError> {
  try {
    await promise;
  } catch (error) {
    return error as MediaError;
  }
  throw new Error('expected a failure');
}

describe.each(engines)('%s speech', (vendor, make) => {
  it('a WAV round trip: speak, decode the bytes, transcribe them back', async () => {
    fake.script(vendor as 'openai', 'ok');
    const speech = speechPipeline(make());
    const audio = await speech.speak('The meeting moved to Thursday.');
    const wav = decodeWav(audio.bytes);
    expect(wav.sampleRate).toBe(16_000);
    expect(wav.durationMs).toBeGreaterThan(100);
    const transcript = await speech.transcribe(audio.bytes);
    expect(transcript.text).toBe('The meeting moved to Thursday.');
    // The file arrived byte for byte (multipart for OpenAI, the raw body for Deepgram).
    expect(Buffer.compare(fake.heard.at(-1)!, Buffer.from(audio.bytes))).toBe(0);
  });

  it('an HTML error page is a typed error naming status and URL, never the page or the key', async () => {
    fake.script(vendor as 'openai', 'html');
    const error = await failure(speechPipeline(make()).speak('hello'));
    expect(error.code).toBe('media.engine_failed');
    expect(error.message).toMatch(/HTTP 502/);
    expect(error.message).toContain(fake.url);
    expect(error.message).not.toMatch(/<html|PAGE-INTERNALS/i);
    expect(JSON.stringify({ ...error, message: error.message, cause: String(error.cause) })).not.toContain(FAKE_KEY);
    fake.script(vendor as 'openai', 'html200');
    expect((await failure(speechPipeline(make()).speak('hello'))).code).toBe('media.bad_response');
  });
});

describe('speech pipeline checks', () => {
  it('refuses what is not audio, and audio over the size limit, before sending anything', async () => {
    const before = fake.requests.length;
    const speech = speechPipeline(engines[0]![1](), { maxAudioBytes: 1000 });
    expect((await failure(speech.transcribe(new TextEncoder().encode('not audio at all')))).code).toBe('media.invalid_audio');
    const long = encodeWav(sineWave({ frequencyHz: 300, durationMs: 500 }));
    expect((await failure(speech.transcribe(long))).message).toMatch(/over the 1000-byte limit/);
    expect(fake.requests.length).toBe(before);
  });

  it('charges transcription by real duration and stops when the budget is spent', async () => {
    fake.script('openai', 'ok');
    const budget = mediaBudget({ limitUsd: 0.01 });
    const speech = speechPipeline(engines[0]![1](), { budget, costPerMinute: 0.006 });
    const minute = encodeWav(sineWave({ frequencyHz: 300, durationMs: 60_000, sampleRate: 8000 }));
    await speech.transcribe(minute);
    expect(budget.spentUsd).toBeCloseTo(0.006, 6);
    expect(budget.lines).toEqual([{ engine: 'openai-audio', kind: 'transcription', units: 60, costUsd: 0.006 }]);
    expect((await failure(speech.transcribe(minute))).code).toBe('media.budget_exceeded');
    expect(budget.stopSignal.aborted).toBe(true);
  });

  it('a conversation keeps its state between spoken turns', async () => {
    fake.script('deepgram', 'ok');
    const speech = speechPipeline(engines[1]![1]());
    const history: string[] = [];
    const respond = async (heard: string): Promise<string> => {
      history.push(heard);
      return `Turn ${history.length}: you said "${heard}", after ${history.length - 1} earlier turn(s).`;
    };
    const first = await speech.turn((await speech.speak('book a table')).bytes, respond);
    const second = await speech.turn((await speech.speak('for two')).bytes, respond);
    expect(first.transcript.text).toBe('book a table');
    expect(second.answer).toBe('Turn 2: you said "for two", after 1 earlier turn(s).');
    expect((await speech.transcribe(second.audio.bytes)).text).toBe(second.answer);
  });
});
