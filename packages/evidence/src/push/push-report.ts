import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { EvidenceError } from '../errors/evidence-error.js';
import { evidenceError } from '../errors/coded-errors.js';
import { EvidenceReport } from '../report/report-schema.js';
import { readDashFile, type DashTarget } from './dash-file.js';

export interface PushOptions {
  /** Where token_env is looked up (default: process.env). */
  env?: Readonly<Record<string, string | undefined>>;
  /** Plain http is refused except to loopback hosts, unless this is set. */
  allowInsecureHttp?: boolean;
  signal?: AbortSignal;
}

export interface PushResult {
  status: number;
  runId: string;
  /** The dashboard's JSON answer, if it sent one. */
  response?: unknown;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);
const MAX_RESPONSE = 64 * 1024;

function failed(message: string, cause?: unknown): EvidenceError {
  return evidenceError({ code: 'evidence.push_failed', message, hint: 'Check the dashboard URL and token in the dash file, and that the dashboard is up.', cause });
}

function send(target: DashTarget, body: string, runId: string, signal: AbortSignal | undefined): Promise<{ status: number; text: string }> {
  const request = target.url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(
      target.url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          authorization: `Bearer ${target.token}`,
          'x-warden-run-id': runId,
          'user-agent': '@warden/evidence',
        },
        timeout: target.timeoutMs,
        ...(signal === undefined ? {} : { signal }),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size <= MAX_RESPONSE) chunks.push(chunk);
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${target.timeoutMs} ms`)));
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Sends `<dir>/report.json` to a self-hosted dashboard (`warden evidence push
 * <dir> --dash <file>`). The token travels only in the Authorization header:
 * it never enters the report, and a report that contains it is not sent.
 * Redirects are not followed. This is the only network access of the package.
 */
export async function pushReport(dir: string, dashFile: string, options: PushOptions = {}): Promise<PushResult> {
  const target = await readDashFile(dashFile, options.env ?? process.env);
  const insecure = target.url.protocol === 'http:' && !LOOPBACK.has(target.url.hostname);
  if (target.url.protocol !== 'https:' && target.url.protocol !== 'http:') throw failed('The dashboard URL must be http(s).');
  if (insecure && options.allowInsecureHttp !== true) throw failed('Refusing to send a token over plain http to a non-loopback host.');
  let text: string;
  try {
    text = await readFile(path.join(dir, 'report.json'), 'utf8');
  } catch (error) {
    throw failed(`No report.json in ${path.basename(dir)}.`, error);
  }
  let report: EvidenceReport;
  try {
    report = EvidenceReport.parse(JSON.parse(text));
  } catch {
    throw evidenceError({ code: 'evidence.invalid_report', message: 'report.json does not match the report schema.', hint: 'Push a directory written by this version of warden evidence.' });
  }
  if (text.includes(target.token)) throw failed('The report contains the dashboard token; refusing to send it.');
  let answer: { status: number; text: string };
  try {
    answer = await send(target, text, report.runId, options.signal);
  } catch (error) {
    throw failed(`The dashboard could not be reached (${error instanceof Error ? error.message.split(target.token).join('[token]') : 'unknown error'}).`);
  }
  if (answer.status < 200 || answer.status >= 300) throw failed(`The dashboard answered HTTP ${answer.status}.`);
  let response: unknown;
  try {
    response = answer.text === '' ? undefined : JSON.parse(answer.text);
  } catch {
    response = undefined;
  }
  return { status: answer.status, runId: report.runId, ...(response === undefined ? {} : { response }) };
}
