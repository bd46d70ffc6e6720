import { strictOptions } from '@warden/protocol/checks';
import { mediaError } from '../coded-errors.js';
import { HTTP_ENGINE_KEYS, engineTransport, trimSlash, type HttpEngineOptions } from '../engines/engine-options.js';
import { badResponse, describeFailure, jsonOf } from '../engines/http-failure.js';
import { EXTENSIONS, sniffAudio } from '../magic-bytes.js';
import { multipartBody } from '../multipart.js';
import type { AudioBytes, SpeechEngine, Transcript } from './speech-engine.js';

export interface OpenAiSpeechOptions extends HttpEngineOptions {
  /** Text-to-speech model (default `gpt-4o-mini-tts`); `model` is the transcription model (default `gpt-4o-mini-transcribe`). */
  speechModel?: string;
  voice?: string;
}

const KEYS = { ...HTTP_ENGINE_KEYS, speechModel: true, voice: true } as const;

/** OpenAI audio: `POST /audio/transcriptions` (multipart) and `POST /audio/speech` (WAV back). */
export function openaiSpeech(options: OpenAiSpeechOptions): SpeechEngine {
  strictOptions('openaiSpeech', KEYS, options);
  const id = options.id ?? 'openai-audio';
  const root = trimSlash(options.baseUrl ?? 'https://api.openai.com/v1');
  const transport = engineTransport(id, options);
  if (!options.apiKey) throw mediaError('media.unsupported', { message: `${id} needs an API key`, hint: 'Pass apiKey (for example from OPENAI_API_KEY).', engine: id });
  const auth = { authorization: `Bearer ${options.apiKey}` };

  return {
    id,
    accepts: ['audio/wav', 'audio/mpeg', 'audio/ogg', 'audio/flac', 'audio/webm', 'audio/mp4'],
    async transcribe(audio, call = {}): Promise<Transcript> {
      const url = `${root}/audio/transcriptions`;
      const { contentType, body } = multipartBody([
        { name: 'file', filename: `audio.${EXTENSIONS[audio.mediaType] ?? 'wav'}`, mediaType: audio.mediaType, bytes: audio.bytes },
        { name: 'model', value: options.model ?? 'gpt-4o-mini-transcribe' },
        { name: 'response_format', value: 'json' },
        ...(call.language ? [{ name: 'language', value: call.language }] : []),
      ]);
      let res;
      try {
        res = await transport.send({ url, method: 'POST', headers: { ...auth, 'content-type': contentType, accept: 'application/json' }, body }, call.signal ? { signal: call.signal } : {});
      } catch (thrown) {
        throw describeFailure(id, 'POST', url, thrown);
      }
      const json = jsonOf(id, url, res.status, res.bytes, res.contentType) as { text?: unknown; language?: unknown };
      if (typeof json?.text !== 'string') throw badResponse(id, url, res.status, res.bytes, res.contentType, 'a transcript');
      return { text: json.text, engine: id, ...(typeof json.language === 'string' ? { language: json.language } : {}) };
    },
    async speak(text, call = {}): Promise<AudioBytes> {
      const url = `${root}/audio/speech`;
      const body = JSON.stringify({ model: options.speechModel ?? 'gpt-4o-mini-tts', input: text, voice: call.voice ?? options.voice ?? 'alloy', response_format: 'wav' });
      let res;
      try {
        res = await transport.send({ url, method: 'POST', headers: { ...auth, 'content-type': 'application/json', accept: 'audio/wav' }, body }, call.signal ? { signal: call.signal } : {});
      } catch (thrown) {
        throw describeFailure(id, 'POST', url, thrown);
      }
      if (sniffAudio(res.bytes) !== 'audio/wav') throw badResponse(id, url, res.status, res.bytes, res.contentType, 'WAV audio');
      return { bytes: res.bytes, mediaType: 'audio/wav' };
    },
  };
}
