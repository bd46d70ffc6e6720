import { strictOptions } from '@warden/protocol/checks';
import { mediaError } from '../coded-errors.js';
import { HTTP_ENGINE_KEYS, engineTransport, trimSlash, type HttpEngineOptions } from '../engines/engine-options.js';
import { badResponse, describeFailure, jsonOf } from '../engines/http-failure.js';
import { sniffAudio } from '../magic-bytes.js';
import type { AudioBytes, SpeechEngine, Transcript } from './speech-engine.js';

export interface DeepgramSpeechOptions extends HttpEngineOptions {
  /** Text-to-speech voice model (default `aura-2-thalia-en`); `model` is the transcription model (default `nova-3`). */
  voice?: string;
}

const KEYS = { ...HTTP_ENGINE_KEYS, voice: true } as const;

interface ListenAnswer {
  results?: { channels?: Array<{ detected_language?: string; alternatives?: Array<{ transcript?: string }> }> };
}

/** Deepgram: `POST /v1/listen` (the audio bytes as the body) and `POST /v1/speak` (linear16 in a WAV container). */
export function deepgramSpeech(options: DeepgramSpeechOptions): SpeechEngine {
  strictOptions('deepgramSpeech', KEYS, options);
  const id = options.id ?? 'deepgram';
  const root = trimSlash(options.baseUrl ?? 'https://api.deepgram.com');
  const transport = engineTransport(id, options);
  if (!options.apiKey) throw mediaError('media.unsupported', { message: `${id} needs an API key`, hint: 'Pass apiKey (for example from DEEPGRAM_API_KEY).', engine: id });
  const auth = { authorization: `Token ${options.apiKey}` };

  return {
    id,
    accepts: ['audio/wav', 'audio/mpeg', 'audio/ogg', 'audio/flac', 'audio/webm', 'audio/mp4'],
    async transcribe(audio, call = {}): Promise<Transcript> {
      const query = new URLSearchParams({ model: options.model ?? 'nova-3', smart_format: 'true', ...(call.language ? { language: call.language } : {}) });
      const url = `${root}/v1/listen?${query.toString()}`;
      let res;
      try {
        res = await transport.send({ url, method: 'POST', headers: { ...auth, 'content-type': audio.mediaType, accept: 'application/json' }, body: audio.bytes }, call.signal ? { signal: call.signal } : {});
      } catch (thrown) {
        throw describeFailure(id, 'POST', url, thrown);
      }
      const json = jsonOf(id, url, res.status, res.bytes, res.contentType) as ListenAnswer;
      const channel = json?.results?.channels?.[0];
      const text = channel?.alternatives?.[0]?.transcript;
      if (typeof text !== 'string') throw badResponse(id, url, res.status, res.bytes, res.contentType, 'a transcript');
      return { text, engine: id, ...(channel?.detected_language ? { language: channel.detected_language } : {}) };
    },
    async speak(text, call = {}): Promise<AudioBytes> {
      const query = new URLSearchParams({ model: call.voice ?? options.voice ?? 'aura-2-thalia-en', encoding: 'linear16', container: 'wav' });
      const url = `${root}/v1/speak?${query.toString()}`;
      let res;
      try {
        res = await transport.send({ url, method: 'POST', headers: { ...auth, 'content-type': 'application/json', accept: 'audio/wav' }, body: JSON.stringify({ text }) }, call.signal ? { signal: call.signal } : {});
      } catch (thrown) {
        throw describeFailure(id, 'POST', url, thrown);
      }
      if (sniffAudio(res.bytes) !== 'audio/wav') throw badResponse(id, url, res.status, res.bytes, res.contentType, 'WAV audio');
      return { bytes: res.bytes, mediaType: 'audio/wav' };
    },
  };
}
