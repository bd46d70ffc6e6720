// A fake image vendor speaking three wire formats on one port: OpenAI Images (generations and
// multipart edits), Gemini `generateContent` with IMAGE output, and Replicate predictions (created,
// polled with real progress in the logs, cancelled at the provider, outputs downloaded).

import { pngBytes, readMultipart } from './media-bytes.js';
import { behaviourQueue, credentialOf, sendHtml, sendJson, startMediaServer, type MediaBehaviour, type MediaRequest, type MediaServerBase } from './media-server.js';
import type { ServerResponse } from 'node:http';

export interface FakeImages extends MediaServerBase {
  /** Queue behaviours for one vendor: `ok`, `refuse`, `quota`, `busy` (503 with Retry-After), `html` (a 502 HTML page), `html200`, `unauthorized`, `slow`, `text-only`. */
  script(vendor: 'openai' | 'gemini' | 'replicate', ...behaviours: MediaBehaviour[]): void;
  /** Replicate predictions cancelled at the provider, by id. */
  readonly cancelled: string[];
  /** Reference pictures that arrived (OpenAI edits, Gemini inline data, Replicate data URLs), exact bytes. */
  readonly references: Buffer[];
}

interface Prediction {
  id: string;
  polls: number;
  status: 'starting' | 'processing' | 'succeeded' | 'failed' | 'canceled';
  behaviour: MediaBehaviour;
  count: number;
}

/** Polls a Replicate prediction takes to finish: progress 25%, 50%, 75%, then done. */
const POLLS_TO_FINISH = 4;

export async function startFakeImages(options: { key: string; slowMs?: number }): Promise<FakeImages> {
  const queues = { openai: behaviourQueue(), gemini: behaviourQueue(), replicate: behaviourQueue() };
  const cancelled: string[] = [];
  const references: Buffer[] = [];
  const predictions = new Map<string, Prediction>();
  let counter = 0;
  let base = '';

  function refuseAuth(req: MediaRequest, res: ServerResponse): boolean {
    if (credentialOf(req) === options.key) return false;
    sendJson(res, 401, { error: { message: 'Incorrect API key provided.', type: 'invalid_request_error', code: 'invalid_api_key' } });
    return true;
  }

  async function common(behaviour: MediaBehaviour, res: ServerResponse, vendor: 'openai' | 'gemini' | 'replicate'): Promise<boolean> {
    if (behaviour === 'slow') await new Promise((resolve) => setTimeout(resolve, options.slowMs ?? 2000));
    if (behaviour === 'busy') return sendJson(res, 503, { error: { message: 'The engine is currently overloaded, please try again later.', type: 'server_error' } }, { 'retry-after': '0' }), true;
    if (behaviour === 'html') return sendHtml(res, 502), true;
    if (behaviour === 'html200') return sendHtml(res, 200), true;
    if (behaviour === 'unauthorized') return sendJson(res, 401, { error: { message: 'Incorrect API key provided.', code: 'invalid_api_key' } }), true;
    if (behaviour === 'quota') {
      const body = vendor === 'gemini' ? { error: { code: 429, message: 'Quota exceeded for quota metric.', status: 'RESOURCE_EXHAUSTED' } } : { error: { message: 'You exceeded your current quota, please check your plan and billing details.', type: 'insufficient_quota', code: 'insufficient_quota' } };
      return sendJson(res, 429, body), true;
    }
    return false;
  }

  const server = await startMediaServer(async (req, res) => {
    const path = req.url.split('?')[0] ?? '';
    if (req.method === 'GET' && path.startsWith('/files/')) {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(pngBytes([200, 80, 40]));
      return;
    }
    if (refuseAuth(req, res)) return;
    if (path === '/v1/images/generations' || path === '/v1/images/edits') {
      const behaviour = queues.openai.next();
      if (await common(behaviour, res, 'openai')) return;
      let n: number;
      if (path.endsWith('edits')) {
        const form = readMultipart(req.bytes, req.headers['content-type']);
        for (const file of form.get('image[]') ?? []) references.push(file.bytes);
        n = Number(form.get('n')?.[0]?.bytes.toString() ?? 1);
      } else n = Number((JSON.parse(req.text) as { n?: number }).n ?? 1);
      if (behaviour === 'refuse') {
        return sendJson(res, 400, { error: { message: 'Your request was rejected as a result of our safety system.', type: 'image_generation_user_error', code: 'content_policy_violation' } });
      }
      return sendJson(res, 200, { created: 1, data: Array.from({ length: n }, () => ({ b64_json: pngBytes().toString('base64'), revised_prompt: 'a revised prompt' })) });
    }
    if (/^\/v1beta\/models\/[^/]+:generateContent$/.test(path)) {
      const behaviour = queues.gemini.next();
      if (await common(behaviour, res, 'gemini')) return;
      const body = JSON.parse(req.text) as { contents?: Array<{ parts?: Array<{ inlineData?: { data?: string } }> }> };
      for (const part of body.contents?.[0]?.parts ?? []) if (part.inlineData?.data) references.push(Buffer.from(part.inlineData.data, 'base64'));
      if (behaviour === 'refuse') return sendJson(res, 200, { promptFeedback: { blockReason: 'SAFETY' }, candidates: [] });
      if (behaviour === 'text-only') return sendJson(res, 200, { candidates: [{ finishReason: 'STOP', content: { role: 'model', parts: [{ text: 'I can describe it instead.' }] } }] });
      return sendJson(res, 200, { candidates: [{ finishReason: 'STOP', content: { role: 'model', parts: [{ text: 'Here it is.' }, { inlineData: { mimeType: 'image/png', data: pngBytes([20, 160, 60]).toString('base64') } }] } }] });
    }
    const create = /^\/v1\/models\/[^/]+\/[^/]+\/predictions$/.exec(path);
    if (create && req.method === 'POST') {
      const behaviour = queues.replicate.next();
      if (await common(behaviour, res, 'replicate')) return;
      const input = (JSON.parse(req.text) as { input?: { image?: string; num_outputs?: number } }).input ?? {};
      if (input.image?.startsWith('data:')) references.push(Buffer.from(input.image.slice(input.image.indexOf(',') + 1), 'base64'));
      counter += 1;
      const prediction: Prediction = { id: `pred${counter}`, polls: 0, status: 'starting', behaviour, count: input.num_outputs ?? 1 };
      predictions.set(prediction.id, prediction);
      return sendJson(res, 201, view(prediction), { location: `${base}/v1/predictions/${prediction.id}` });
    }
    const cancel = /^\/v1\/predictions\/([^/]+)\/cancel$/.exec(path);
    if (cancel && req.method === 'POST') {
      const prediction = predictions.get(cancel[1]!);
      if (!prediction) return sendJson(res, 404, { detail: 'Not found.' });
      if (prediction.status === 'starting' || prediction.status === 'processing') prediction.status = 'canceled';
      cancelled.push(prediction.id);
      return sendJson(res, 200, view(prediction));
    }
    const get = /^\/v1\/predictions\/([^/]+)$/.exec(path);
    if (get && req.method === 'GET') {
      const prediction = predictions.get(get[1]!);
      if (!prediction) return sendJson(res, 404, { detail: 'Not found.' });
      if (prediction.status === 'starting' || prediction.status === 'processing') {
        prediction.polls += 1;
        prediction.status = prediction.polls >= POLLS_TO_FINISH ? (prediction.behaviour === 'refuse' ? 'failed' : 'succeeded') : 'processing';
      }
      return sendJson(res, 200, view(prediction));
    }
    sendJson(res, 404, { error: { message: `no route ${req.method} ${path}` } });
  });
  base = server.url;

  function view(p: Prediction): Record<string, unknown> {
    const percent = Math.min(100, Math.round((p.polls / POLLS_TO_FINISH) * 100));
    const logs = Array.from({ length: p.polls }, (_, i) => `${String(Math.round(((i + 1) / POLLS_TO_FINISH) * 100)).padStart(3)}%|${'█'.repeat(i + 1)}| ${i + 1}/${POLLS_TO_FINISH}`).join('\n');
    return {
      id: p.id,
      status: p.status,
      logs: p.status === 'starting' ? '' : logs,
      output: p.status === 'succeeded' ? Array.from({ length: p.count }, (_, i) => `${base}/files/${p.id}-${i}.png`) : null,
      error: p.status === 'failed' ? 'NSFW content detected. Try running it again, or try a different prompt.' : null,
      urls: { get: `${base}/v1/predictions/${p.id}`, cancel: `${base}/v1/predictions/${p.id}/cancel` },
      metrics: { progress: percent },
    };
  }

  return {
    ...server,
    cancelled,
    references,
    script: (vendor, ...behaviours) => queues[vendor].set(behaviours),
  };
}
