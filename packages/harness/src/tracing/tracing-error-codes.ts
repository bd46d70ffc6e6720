/** Stable codes of `TracingError`; pinned by a table test. */
export const TRACING_ERROR_CODES = {
  'tracing.api_missing': 'Tracing was asked for but @opentelemetry/api is not installed (it is an optional peer).',
} as const;
export type TracingErrorCode = keyof typeof TRACING_ERROR_CODES;
