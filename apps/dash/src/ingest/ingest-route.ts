import { createHash } from 'node:crypto';
import type { Hono } from 'hono';
import { EvidenceReport, redactReport } from '@warden/evidence/report';
import { DashError } from '../errors/dash-error.js';
import type { DashErrorCode } from '../errors/error-codes.js';
import { runUrl, type DashContext, type DashEnv, type DashServices } from '../web/context.js';
import { indexReport } from './index-report.js';

type Status = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422;

const HINTS: Partial<Record<DashErrorCode, string>> = {
  'dash.bad_token': 'Download a new connection file from the dashboard’s /cli page (revoked tokens stop working at once).',
  'dash.wrong_project': 'Use the connection file of the project you mean to push to.',
  'dash.too_large': 'Ask the dashboard’s operator to raise --max-report-mb, or push a smaller run.',
  'dash.invalid_report': 'Push a report.json written by warden check or warden probe of a compatible version.',
  'dash.run_conflict': 'Run ids are unique per project: push the run under its own id.',
};

function refuse(c: DashContext, status: Status, code: DashErrorCode, message: string, details?: unknown): Response {
  const error = new DashError({ code, message, ...(HINTS[code] === undefined ? {} : { hint: HINTS[code] }) });
  if (status === 401) c.header('www-authenticate', 'Bearer realm="warden-dash"');
  return c.json({ error: { ...error.toJSON(), ...(details === undefined ? {} : { details }) } }, status);
}

/** Reads at most `limit` bytes of the body; undefined when it is longer. */
async function readLimited(c: DashContext, limit: number): Promise<Buffer | undefined> {
  const stream = c.req.raw.body;
  if (!stream) return Buffer.alloc(0);
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

async function tokenProject(c: DashContext, services: DashServices) {
  const header = c.req.header('authorization') ?? '';
  const match = /^Bearer ([A-Za-z0-9_-]{10,200})$/.exec(header);
  if (!match?.[1]) return undefined;
  return services.projects.projectOfToken(match[1]);
}

/**
 * The push endpoint `warden evidence push` talks to: the token (Authorization:
 * Bearer) names the project, the body is report.json. Checked in order — token,
 * project, media type, size, JSON, report schema, run id — and nothing is stored
 * unless every check passes. Idempotent by run id.
 */
export function ingestRoutes(app: Hono<DashEnv>, services: DashServices): void {
  app.post('/api/projects/:slug/runs', async (c) => {
    const owner = await tokenProject(c, services);
    if (!owner) return refuse(c, 401, 'dash.bad_token', 'Missing, unknown or revoked push token.');
    // The same answer for "another project" and "no such project": a token learns nothing about projects it cannot push to.
    if (owner.project.slug !== c.req.param('slug')) return refuse(c, 403, 'dash.wrong_project', 'This token cannot push to that project.');
    const type = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
    if (type !== 'application/json') return refuse(c, 415, 'dash.unsupported_media_type', 'Send report.json as application/json.');
    const declared = Number(c.req.header('content-length') ?? '0');
    if (declared > services.maxReportBytes) return refuse(c, 413, 'dash.too_large', `The report is larger than this dashboard accepts (${services.maxReportBytes} bytes).`);
    const body = await readLimited(c, services.maxReportBytes);
    if (!body) return refuse(c, 413, 'dash.too_large', `The report is larger than this dashboard accepts (${services.maxReportBytes} bytes).`);
    const text = body.toString('utf8');
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return refuse(c, 400, 'dash.malformed_json', 'The body is not valid JSON.');
    }
    const parsed = EvidenceReport.safeParse(value);
    if (!parsed.success) {
      const issues = parsed.error.issues.slice(0, 5).map((i) => ({ path: i.path.join('.') || '(root)', message: i.message }));
      // A field or list over the schema's size limits is a body over the limit: 413, as everywhere else.
      if (parsed.error.issues.every((i) => i.code === 'too_big')) return refuse(c, 413, 'dash.too_large', 'A field or list of the report is larger than the report schema allows.', issues);
      return refuse(c, 422, 'dash.invalid_report', 'The body does not match the report schema (warden.evidence.report, schemaVersion 1).', issues);
    }
    // The one redaction boundary of the dashboard: what is stored, listed, charted and rendered is the redacted report.
    const report = redactReport(parsed.data, services.redact);
    const headerRunId = c.req.header('x-warden-run-id');
    if (headerRunId !== undefined && headerRunId !== report.runId) return refuse(c, 400, 'dash.run_id_mismatch', 'The x-warden-run-id header and the report name different runs.');
    // Idempotency is by the bytes the producer sent, so a retried push of the same body is the same run.
    const digest = createHash('sha256').update(body).digest('hex');
    const indexed = indexReport(report, JSON.stringify(report), { projectId: owner.project.id, tokenId: owner.tokenId, digest, receivedAt: new Date().toISOString() });
    const outcome = await services.runs.store(indexed);
    if (outcome.kind === 'conflict') return refuse(c, 409, 'dash.run_conflict', 'Another report with this run id is already stored in this project.');
    const url = runUrl(services, owner.project.slug, report.runId);
    c.header('location', url);
    return c.json({ runId: report.runId, project: owner.project.slug, url, created: outcome.kind === 'created' }, outcome.kind === 'created' ? 201 : 200);
  });

  app.get('/api/projects/:slug/runs/:runId', async (c) => {
    const owner = await tokenProject(c, services);
    if (!owner) return refuse(c, 401, 'dash.bad_token', 'Missing, unknown or revoked push token.');
    if (owner.project.slug !== c.req.param('slug')) return refuse(c, 403, 'dash.wrong_project', 'This token cannot read that project.');
    const run = await services.runs.get(owner.project.id, c.req.param('runId'));
    if (!run) return refuse(c, 404, 'dash.not_found', 'No such run in this project.');
    return c.json({ runId: run.run_id, project: owner.project.slug, verdict: run.verdict, startedAt: run.started_at, receivedAt: run.received_at, total: run.total, passed: run.passed, failed: run.failed, flaky: run.flaky, url: runUrl(services, owner.project.slug, run.run_id) });
  });
}
