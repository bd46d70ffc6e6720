import { strictOptions } from '@warden/protocol/checks';
import { mediaError } from '../coded-errors.js';
import { sniffAudio } from '../magic-bytes.js';
import type { MediaBudget } from '../media-budget.js';
import { decodeWav } from '../wav.js';
import type { AudioBytes, SpeechEngine, Transcript } from './speech-engine.js';

export interface SpeechPipelineOptions {
  /** Largest audio accepted, in bytes (default 25 MiB, OpenAI's limit). */
  maxAudioBytes?: number;
  budget?: MediaBudget;
  /** Charged per minute of WAV transcribed (by its real duration). */
  costPerMinute?: number;
  /** Charged per thousand characters spoken. */
  costPerThousandChars?: number;
}

const KEYS = { maxAudioBytes: true, budget: true, costPerMinute: true, costPerThousandChars: true } as const;

/** One spoken turn: what was heard (untrusted), what was answered, and the answer as WAV. */
export interface VoiceTurn {
  transcript: Transcript;
  answer: string;
  audio: AudioBytes;
}

export interface SpeechPipeline {
  readonly engine: string;
  /** Checks the audio (type by magic bytes, size; a WAV is parsed whole), then transcribes it. */
  transcribe(bytes: Uint8Array, options?: { signal?: AbortSignal; language?: string }): Promise<Transcript>;
  /** Speaks `text` as a WAV file (checked: it must decode). */
  speak(text: string, options?: { signal?: AbortSignal; voice?: string }): Promise<AudioBytes>;
  /**
   * Hears `audio`, hands the transcript to `respond` (an agent turn that keeps the conversation —
   * the same session each time) and speaks its answer.
   */
  turn(audio: Uint8Array, respond: (heard: string) => Promise<string>, options?: { signal?: AbortSignal }): Promise<VoiceTurn>;
}

/** Speech-to-text and text-to-speech over one engine, with format and size checks and the budget. */
export function speechPipeline(engine: SpeechEngine, options: SpeechPipelineOptions = {}): SpeechPipeline {
  strictOptions('speechPipeline', KEYS, options);
  const maxAudioBytes = options.maxAudioBytes ?? 25 * 1024 * 1024;

  function check(bytes: Uint8Array): { mediaType: string; minutes: number } {
    if (bytes.length > maxAudioBytes) throw mediaError('media.invalid_audio', { message: `the audio is ${bytes.length} bytes, over the ${maxAudioBytes}-byte limit`, hint: 'Split the recording, or raise maxAudioBytes.' });
    const mediaType = sniffAudio(bytes);
    if (!mediaType) throw mediaError('media.invalid_audio', { message: 'the file is not audio (WAV, MP3, Ogg, FLAC, WebM or MP4)', hint: 'Record or convert to WAV.' });
    if (!engine.accepts.includes(mediaType)) throw mediaError('media.unsupported', { message: `${engine.id} does not take ${mediaType}`, engine: engine.id });
    const minutes = mediaType === 'audio/wav' ? decodeWav(bytes, { maxBytes: maxAudioBytes }).durationMs / 60_000 : 0;
    return { mediaType, minutes };
  }

  async function paid<T>(costUsd: number, kind: 'speech' | 'transcription', units: number, work: () => Promise<T>): Promise<T> {
    const reservation = options.budget?.reserve(costUsd, { engine: engine.id, kind });
    try {
      const out = await work();
      reservation?.commit(units);
      return out;
    } catch (thrown) {
      reservation?.release();
      throw thrown;
    }
  }

  const pipeline: SpeechPipeline = {
    engine: engine.id,
    async transcribe(bytes, call = {}) {
      const { mediaType, minutes } = check(bytes);
      return paid((options.costPerMinute ?? 0) * minutes, 'transcription', Math.round(minutes * 60), () => engine.transcribe({ bytes, mediaType }, call));
    },
    async speak(text, call = {}) {
      const audio = await paid(((options.costPerThousandChars ?? 0) * text.length) / 1000, 'speech', text.length, () => engine.speak(text, call));
      decodeWav(audio.bytes);
      return audio;
    },
    async turn(audio, respond, call = {}) {
      const transcript = await pipeline.transcribe(audio, call);
      const answer = await respond(transcript.text);
      return { transcript, answer, audio: await pipeline.speak(answer, call) };
    },
  };
  return pipeline;
}
