import { createHash } from 'node:crypto';

/**
 * The fake's `/v1/embeddings` answer in OpenAI's format: each input's vector is made from its words
 * (each word adds to a bucket chosen by its hash), so equal texts give equal vectors and texts
 * sharing words point the same way. Size: the request's `dimensions`, default 16.
 */
export function embeddingsAnswer(request: Record<string, unknown>): { status: number; body: unknown } {
  const input = request.input;
  const texts = typeof input === 'string' ? [input] : Array.isArray(input) && input.every((t) => typeof t === 'string') ? (input) : undefined;
  if (!texts || texts.length === 0) return { status: 400, body: { error: { message: "'input' must be a string or a non-empty array of strings", type: 'invalid_request_error' } } };
  const size = typeof request.dimensions === 'number' ? request.dimensions : 16;
  const data = texts.map((text, index) => {
    const vector = new Array<number>(size).fill(0);
    for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) vector[createHash('sha256').update(word).digest().readUInt32BE(0) % size]! += 1;
    const norm = Math.hypot(...vector) || 1;
    return { object: 'embedding', index, embedding: vector.map((v) => v / norm) };
  });
  const tokens = texts.reduce((n, t) => n + Math.ceil(t.length / 4), 0);
  return { status: 200, body: { object: 'list', data, model: request.model, usage: { prompt_tokens: tokens, total_tokens: tokens } } };
}
