import { WardenError } from '@warden/protocol';

const BRAND = Symbol.for('warden.error.probe_serve');

/** What `warden probe serve` answers with, besides the evidence codes of a refused target. Public: a table test pins them. */
export const PROBE_SERVE_ERROR_CODES = {
  'probe_serve.unauthorized': 'No bearer token, a malformed one, or the wrong one (401).',
  'probe_serve.too_large': 'The request body is larger than --max-body (413).',
  'probe_serve.invalid_request': 'The body is not JSON, or not { target, selectors? } (400).',
  'probe_serve.nothing_selected': 'The selectors (or, without any, the --pack packs) match no probe (400).',
  'probe_serve.busy': '--max-concurrent runs are already in progress; retry later (429).',
  'probe_serve.invalid_run_id': 'A run id may hold only letters, digits, . _ - (400).',
  'probe_serve.not_found': 'No run with this id is stored (404).',
  'probe_serve.shutting_down': 'The server is stopping and starts no new run (503).',
  'probe_serve.run_failed': 'A run that had started could not finish; the stream ends with this error.',
  'probe_serve.target_refused': 'The target resolves to a loopback, private, link-local or metadata address and the server was not started with --allow-target for it (422).',
  'probe_serve.forbidden_host': 'The request names a Host or Origin this server does not answer to (DNS rebinding; 403).',
} as const;

export type ProbeServeErrorCode = keyof typeof PROBE_SERVE_ERROR_CODES;

/** An error of the probe server's HTTP API; `toJSON()` is the `error` of a JSON answer. */
export class ProbeServeError extends WardenError {
  readonly [BRAND] = true;

  constructor(options: { code: ProbeServeErrorCode; message: string; hint?: string }) {
    super(options);
    this.name = 'ProbeServeError';
  }

  static override isInstance(value: unknown): value is ProbeServeError {
    return WardenError.isInstance(value) && (value as unknown as Record<symbol, unknown>)[BRAND] === true;
  }
}
