import type { JsonObject } from '@warden/protocol';
import type { Operation } from './openapi-operations.js';

/** The pieces of one HTTP request, built from a tool call's arguments exactly where the document says. */
export interface BuiltRequest {
  url: URL;
  headers: Record<string, string>;
  body?: string;
}

function scalar(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}

/** Builds the request: path segments escaped, query style/explode, headers, a JSON/form/text body. */
export function buildRequest(baseUrl: string, operation: Operation, args: JsonObject): BuiltRequest {
  let path = operation.path;
  const query = new URLSearchParams();
  const headers: Record<string, string> = {};
  const fields: Record<string, unknown> = {};
  let whole: unknown;
  for (const arg of operation.args) {
    const value = args[arg.name];
    if (value === undefined || value === null) continue;
    if (arg.in === 'path') {
      const text = Array.isArray(value) ? value.map(scalar).join(',') : scalar(value);
      // Escaped per segment: `../admin` or `a/b` cannot leave the operation's path.
      path = path.split(`{${arg.wire}}`).join(encodeURIComponent(text));
    } else if (arg.in === 'query') {
      if (Array.isArray(value)) {
        if (arg.explode === false) query.append(arg.wire, value.map(scalar).join(arg.style === 'pipeDelimited' ? '|' : arg.style === 'spaceDelimited' ? ' ' : ','));
        else for (const v of value) query.append(arg.wire, scalar(v));
      } else if (typeof value === 'object') {
        const entries = Object.entries(value);
        if (arg.style === 'deepObject') for (const [k, v] of entries) query.append(`${arg.wire}[${k}]`, scalar(v));
        else if (arg.explode === false) query.append(arg.wire, entries.flatMap(([k, v]) => [k, scalar(v)]).join(','));
        else for (const [k, v] of entries) query.append(k, scalar(v));
      } else query.append(arg.wire, scalar(value));
    } else if (arg.in === 'header') {
      headers[arg.wire.toLowerCase()] = Array.isArray(value) ? value.map(scalar).join(',') : scalar(value);
    } else if (arg.in === 'body-field') {
      fields[arg.wire] = value;
    } else {
      whole = value;
    }
  }
  const root = baseUrl.replace(/\/+$/, '');
  const url = new URL(`${root}${path}`);
  for (const [k, v] of query) url.searchParams.append(k, v);
  let body: string | undefined;
  const hasFields = Object.keys(fields).length > 0;
  if (operation.bodyType === 'json' && (hasFields || whole !== undefined)) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(whole ?? fields);
  } else if (operation.bodyType === 'form' && (hasFields || whole !== undefined)) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(Object.entries((whole ?? fields) as Record<string, unknown>).map(([k, v]): [string, string] => [k, scalar(v)])).toString();
  } else if (operation.bodyType === 'text' && whole !== undefined) {
    headers['content-type'] = 'text/plain';
    body = scalar(whole);
  }
  return { url, headers, ...(body !== undefined ? { body } : {}) };
}
