import { describe, expect, it } from 'vitest';
import { otlpTracesEndpoint, parseOtlpHeaders } from './otel-export.js';

describe('OTLP settings from the standard variables', () => {
  it('prefers the traces endpoint, else appends /v1/traces to the base, else the local collector', () => {
    expect(otlpTracesEndpoint({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://c.example/t', OTEL_EXPORTER_OTLP_ENDPOINT: 'https://x' })).toBe('https://c.example/t');
    expect(otlpTracesEndpoint({ OTEL_EXPORTER_OTLP_ENDPOINT: 'https://c.example/' })).toBe('https://c.example/v1/traces');
    expect(otlpTracesEndpoint({})).toBe('http://localhost:4318/v1/traces');
  });

  it('reads k=v pairs with URL-encoded values', () => {
    expect(parseOtlpHeaders('api-key=a%3Db, x-tenant = t1,broken,=x')).toEqual({ 'api-key': 'a=b', 'x-tenant': 't1' });
    expect(parseOtlpHeaders(undefined)).toEqual({});
  });
});
