import type { ModelRequest, ModelResponse, StreamPart } from '@warden/protocol';

/** One recorded exchange: a line of the JSONL file. */
export interface RecordedExchange {
  v: 1;
  kind: 'complete' | 'stream';
  provider: string;
  model: string;
  request: ModelRequest;
  response?: ModelResponse;
  parts?: StreamPart[];
  error?: { code: string; message: string; status?: number; retryable: boolean; retryAfterMs?: number };
}

/** JSON with sorted keys, so two equal requests compare equal whatever their key order. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return v;
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(v).sort()) sorted[key] = (v as Record<string, unknown>)[key];
    return sorted;
  });
}
