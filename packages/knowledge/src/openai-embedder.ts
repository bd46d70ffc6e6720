import { createHttpTransport, type HttpTransport, type TransportOptions } from '@warden/providers/transport';
import { knowledgeError } from './coded-errors.js';
import type { Embedder } from './embedder.js';

export interface OpenAIEmbedderOptions {
  /** The model (`text-embedding-3-small`). */
  model: string;
  /** The vector size the model answers with (sent as `dimensions` when `sendDimensions`). */
  dimensions: number;
  /** Default `https://api.openai.com/v1`; any OpenAI-compatible `/embeddings` endpoint. */
  baseUrl?: string;
  /** Default: `OPENAI_API_KEY` from `env`. Never appears in an error. */
  apiKey?: string;
  env?: Record<string, string | undefined>;
  /** Ask the model for `dimensions` (models with shortening support). Default true. */
  sendDimensions?: boolean;
  /** Texts per request (default 96). */
  batchSize?: number;
  /** The providers' transport options: retries on 429/5xx/timeouts, breaker, timeouts. */
  transport?: Omit<TransportOptions, 'provider'>;
}

interface EmbeddingsAnswer {
  data?: Array<{ index?: number; embedding?: unknown }>;
}

/** Embeddings from an OpenAI-compatible server, through the providers' hardened transport. */
export function openaiEmbedder(options: OpenAIEmbedderOptions): Embedder {
  const { model, dimensions } = options;
  if (!model) throw knowledgeError('knowledge.invalid_options', 'openaiEmbedder needs a model.');
  if (!Number.isInteger(dimensions) || dimensions < 1) throw knowledgeError('knowledge.invalid_options', 'openaiEmbedder needs its model\'s dimensions (a positive integer).');
  const apiKey = options.apiKey ?? (options.env ?? process.env).OPENAI_API_KEY;
  if (!apiKey) throw knowledgeError('knowledge.invalid_options', 'openaiEmbedder needs an API key.', 'Pass apiKey or set OPENAI_API_KEY.');
  const url = `${(options.baseUrl ?? 'https://api.openai.com/v1').replace(/\/+$/, '')}/embeddings`;
  const transport: HttpTransport = createHttpTransport({ ...options.transport, provider: 'openai-embeddings' });
  const batchSize = options.batchSize ?? 96;
  return {
    id: `openai/${model}/${dimensions}`,
    dimensions,
    batchSize,
    async embed(texts, signal) {
      if (texts.length === 0) return [];
      const body = { model, input: [...texts], encoding_format: 'float', ...(options.sendDimensions === false ? {} : { dimensions }) };
      let answer: EmbeddingsAnswer;
      try {
        answer = (await transport.postJson({ url, headers: { authorization: `Bearer ${apiKey}` }, body }, signal ? { signal } : {})).body as EmbeddingsAnswer;
      } catch (error) {
        // The transport's errors already keep the key out; this one names the endpoint only.
        throw knowledgeError('knowledge.embedder_failed', `The embeddings request to ${new URL(url).origin} failed: ${(error as Error).message}`, undefined, error);
      }
      const data = Array.isArray(answer.data) ? [...answer.data].sort((a, b) => (a.index ?? 0) - (b.index ?? 0)) : [];
      if (data.length !== texts.length) throw knowledgeError('knowledge.embedder_failed', `The embeddings server answered ${data.length} vectors for ${texts.length} texts.`);
      return data.map((item) => {
        const vector = item.embedding;
        if (!Array.isArray(vector) || !vector.every((v) => typeof v === 'number')) throw knowledgeError('knowledge.embedder_failed', 'The embeddings server answered a vector that is not a list of numbers.');
        if (vector.length !== dimensions) throw knowledgeError('knowledge.dimension_mismatch', `${model} answered vectors of ${vector.length} dimensions; ${dimensions} were declared.`, 'Declare the model\'s real dimensions.');
        return vector;
      });
    },
  };
}
