import type { LoadedTarget, ProbeHookContext } from './probe-target.js';
import { postJson } from './http-post-json.js';

export interface HttpTargetSpec {
  url: string;
  headers?: Record<string, string>;
  cleanup_url?: string;
  close_url?: string;
  timeout_s: number;
}

/**
 * A target behind an HTTP endpoint. Each call POSTs `{ prompt, material, context }`
 * (context: history, conversation_id, probe_id) as JSON, and the 2xx JSON answer is
 * the call's result, validated like a module entry's return value. Optional hooks:
 * `cleanup_url` gets `{ context }` and answers a cleanup report, `null` or an empty
 * body; `close_url` gets `{ context }` and must answer nothing (an empty body or
 * `null`). Each request is bounded by `timeout_s`.
 */
export function createHttpTarget(spec: HttpTargetSpec, options: { name: string; fetch?: typeof fetch }): LoadedTarget {
  const timeoutMs = spec.timeout_s * 1000;
  const via = options.fetch === undefined ? {} : { fetch: options.fetch };
  const headers = spec.headers ?? {};
  const hook = (url: string) => async (context: ProbeHookContext) => {
    const answer = await postJson(url, { context }, { headers, signal: AbortSignal.timeout(timeoutMs), ...via });
    return answer.kind === 'empty' ? null : answer.value;
  };
  return {
    name: options.name,
    timeoutMs,
    async verify() {
      // Nothing to load: the URL was validated; `validate-target --execute` makes a real call.
    },
    async call(prompt, material, context) {
      const { signal, ...plain } = context;
      const answer = await postJson(spec.url, { prompt, material: material ?? null, context: plain }, { headers, signal, ...via });
      return answer.kind === 'empty' ? undefined : answer.value;
    },
    ...(spec.cleanup_url === undefined ? {} : { cleanup: hook(spec.cleanup_url) }),
    ...(spec.close_url === undefined ? {} : { close: hook(spec.close_url) }),
  };
}
