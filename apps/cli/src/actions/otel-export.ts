import { CliError } from '../cli/cli-error.js';

type Env = Readonly<Record<string, string | undefined>>;

/** A started exporter: hand `tracerProvider` to the harness; `shutdown` flushes what is left. */
export interface OtelExport {
  tracerProvider: { getTracer(name: string, version?: string): unknown };
  /** Where spans go (no credentials: headers are not shown). */
  endpoint: string;
  shutdown(): Promise<void>;
}

/** `k1=v1,k2=v2` (values URL-encoded), as `OTEL_EXPORTER_OTLP_HEADERS` is written. */
export function parseOtlpHeaders(value: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of (value ?? '').split(',')) {
    const at = pair.indexOf('=');
    if (at <= 0) continue;
    const name = pair.slice(0, at).trim();
    const raw = pair.slice(at + 1).trim();
    let decoded = raw;
    try {
      decoded = decodeURIComponent(raw);
    } catch {
      // Not URL-encoded after all: used as written.
    }
    if (name) out[name] = decoded;
  }
  return out;
}

/**
 * The OTLP/HTTP traces endpoint from the standard variables: `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`
 * as it is, else `OTEL_EXPORTER_OTLP_ENDPOINT` + `/v1/traces`, else the collector's default.
 */
export function otlpTracesEndpoint(env: Env): string {
  const traces = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim();
  if (traces) return traces;
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  if (base) return `${base.replace(/\/+$/, '')}/v1/traces`;
  return 'http://localhost:4318/v1/traces';
}

const PACKAGES = ['@opentelemetry/sdk-trace-base', '@opentelemetry/exporter-trace-otlp-http', '@opentelemetry/resources', '@opentelemetry/api'] as const;

function missing(error: unknown): CliError {
  const list = PACKAGES.join(' ');
  return new CliError({
    code: 'cli.missing_package',
    message: `--otel needs ${list}, which are not installed`,
    key: 'error.missingPackage',
    params: { command: 'warden --otel', package: list },
    hintKey: 'hint.installPackage',
    hintParams: { package: list },
    cause: error,
  });
}

/**
 * Starts an OTLP/HTTP (JSON) trace exporter configured by the standard variables
 * (`OTEL_EXPORTER_OTLP_[TRACES_]ENDPOINT`, `OTEL_EXPORTER_OTLP_[TRACES_]HEADERS`,
 * `OTEL_SERVICE_NAME`, default `warden`). The SDK packages are optional peers of the CLI,
 * loaded only here.
 */
export async function startOtelExport(env: Env): Promise<OtelExport> {
  let sdk: typeof import('@opentelemetry/sdk-trace-base');
  let otlp: typeof import('@opentelemetry/exporter-trace-otlp-http');
  let resources: typeof import('@opentelemetry/resources');
  try {
    [sdk, otlp, resources] = await Promise.all([import('@opentelemetry/sdk-trace-base'), import('@opentelemetry/exporter-trace-otlp-http'), import('@opentelemetry/resources'), import('@opentelemetry/api')]);
  } catch (error) {
    throw missing(error);
  }
  const endpoint = otlpTracesEndpoint(env);
  const headers = { ...parseOtlpHeaders(env.OTEL_EXPORTER_OTLP_HEADERS), ...parseOtlpHeaders(env.OTEL_EXPORTER_OTLP_TRACES_HEADERS) };
  const exporter = new otlp.OTLPTraceExporter({ url: endpoint, headers });
  const resource = resources.resourceFromAttributes({ 'service.name': env.OTEL_SERVICE_NAME?.trim() || 'warden' });
  const provider = new sdk.BasicTracerProvider({ resource, spanProcessors: [new sdk.BatchSpanProcessor(exporter)] });
  return {
    tracerProvider: provider,
    endpoint,
    async shutdown() {
      await provider.forceFlush();
      await provider.shutdown();
    },
  };
}
