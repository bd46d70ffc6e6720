// A fake speech vendor speaking OpenAI audio (`/v1/audio/transcriptions` multipart,
// `/v1/audio/speech`) and Deepgram (`/v1/listen` with the audio as the body, `/v1/speak`). Its
// speech is a real WAV carrying the text in a LIST/INFO chunk, and its transcriber reads that
// chunk back (or answers `transcript`), so a speak → transcribe round trip runs offline.
import { readMultipart, readWav, wavBytes } from './media-bytes.js';
import { behaviourQueue, credentialOf, sendHtml, sendJson, startMediaServer, type MediaBehaviour, type MediaServerBase } from './media-server.js';

export interface FakeAudio extends MediaServerBase {
  /** Queue behaviours for one vendor: `ok`, `quota`, `busy` (503 with Retry-After), `html` (a 502 HTML page), `html200`, `unauthorized`, `slow`. */
  script(vendor: 'openai' | 'deepgram', ...behaviours: MediaBehaviour[]): void;
  /** The audio files that arrived for transcription, exact bytes. */
  readonly heard: Buffer[];
}

export async function startFakeAudio(options: { key: string; transcript?: string; slowMs?: number }): Promise<FakeAudio> {
  const queues = { openai: behaviourQueue(), deepgram: behaviourQueue() };
  const heard: Buffer[] = [];
  const hear = (audio: Buffer | undefined): string | undefined => {
    if (!audio) return undefined;
    heard.push(audio);
    const wav = readWav(audio);
    return wav?.text ?? options.transcript ?? (wav ? `(a ${Math.round((wav.frames / wav.sampleRate) * 1000)} ms recording)` : undefined);
  };
  const server = await startMediaServer(async (req, res) => {
    const path = req.url.split('?')[0] ?? '';
    const vendor = path.startsWith('/v1/audio/') ? 'openai' : 'deepgram';
    if (credentialOf(req) !== options.key) return sendJson(res, 401, { error: { message: 'Invalid credentials.', code: 'invalid_api_key' } });
    const behaviour = queues[vendor].next();
    if (behaviour === 'slow') await new Promise((resolve) => setTimeout(resolve, options.slowMs ?? 2000));
    if (behaviour === 'busy') return sendJson(res, 503, { error: { message: 'Service unavailable.' } }, { 'retry-after': '0' });
    if (behaviour === 'html') return sendHtml(res, 502);
    if (behaviour === 'html200') return sendHtml(res, 200);
    if (behaviour === 'unauthorized') return sendJson(res, 401, { error: { message: 'Invalid credentials.' } });
    if (behaviour === 'quota') return sendJson(res, 429, { error: { message: 'You exceeded your current quota.', type: 'insufficient_quota', code: 'insufficient_quota' } });
    if (path === '/v1/audio/transcriptions') {
      const form = readMultipart(req.bytes, req.headers['content-type']);
      const text = hear(form.get('file')?.[0]?.bytes);
      if (text === undefined) return sendJson(res, 400, { error: { message: 'Invalid file format.', type: 'invalid_request_error' } });
      return sendJson(res, 200, { text });
    }
    if (path === '/v1/audio/speech') {
      const input = (JSON.parse(req.text) as { input?: string }).input ?? '';
      res.writeHead(200, { 'content-type': 'audio/wav' });
      return res.end(wavBytes(input, 100 + input.length * 10));
    }
    if (path === '/v1/listen') {
      const text = hear(req.bytes);
      if (text === undefined) return sendJson(res, 400, { err_code: 'Bad Request', err_msg: 'Bad Request: failed to process audio: corrupt or unsupported data' });
      return sendJson(res, 200, { metadata: { request_id: 'dg-1' }, results: { channels: [{ alternatives: [{ transcript: text, confidence: 0.99 }] }] } });
    }
    if (path === '/v1/speak') {
      const text = (JSON.parse(req.text) as { text?: string }).text ?? '';
      res.writeHead(200, { 'content-type': 'audio/wav' });
      return res.end(wavBytes(text, 100 + text.length * 10));
    }
    sendJson(res, 404, { error: { message: `no route ${req.method} ${path}` } });
  });
  return { ...server, heard, script: (vendor, ...behaviours) => queues[vendor].set(behaviours) };
}
