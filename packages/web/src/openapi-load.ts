import { readFile } from 'node:fs/promises';
import { dereference } from '@readme/openapi-parser';
import { parse as parseYaml } from 'yaml';
import { addressPolicy } from './address-policy.js';
import { webError } from './coded-errors.js';
import { guardedRequest } from './guarded-http.js';

/** A dereferenced OpenAPI 3.x or Swagger 2.0 document, as plain JSON. */
export type OpenApiDocument = Record<string, unknown>;

function parseText(text: string, where: string): OpenApiDocument {
  try {
    const value: unknown = text.trimStart().startsWith('{') ? JSON.parse(text) : parseYaml(text);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as OpenApiDocument;
  } catch (error) {
    throw webError('web.openapi_invalid', `${where} is not JSON or YAML: ${(error as Error).message.slice(0, 200)}`);
  }
  throw webError('web.openapi_invalid', `${where} is not an OpenAPI document`);
}

/**
 * Reads a document from an object, a file (JSON/YAML) or a URL, and resolves its `$ref`s with
 * `@readme/openapi-parser`. A URL is the operator's choice, fetched through the guarded client
 * (size and time limits, no redirect elsewhere); its `$ref`s to other URLs are not followed.
 */
export async function loadOpenApi(source: string | OpenApiDocument, options: { timeoutMs?: number } = {}): Promise<{ document: OpenApiDocument; source: string }> {
  let document: OpenApiDocument;
  let where: string;
  let external = false;
  if (typeof source !== 'string') {
    document = structuredClone(source);
    where = 'the document';
  } else if (/^https?:\/\//i.test(source)) {
    const url = new URL(source);
    where = `${url.origin}${url.pathname}`;
    const response = await guardedRequest(addressPolicy({ allowHosts: [url.origin] }), { url: source, timeoutMs: options.timeoutMs ?? 15_000, maxBytes: 10 * 1024 * 1024, redirect: 'manual' });
    if (response.status !== 200) throw webError('web.openapi_invalid', `${where} answered HTTP ${response.status}`);
    document = parseText(response.body.toString('utf8'), where);
  } else {
    where = source;
    let text: string;
    try {
      text = await readFile(source, 'utf8');
    } catch (error) {
      throw webError('web.openapi_invalid', `cannot read ${source}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`);
    }
    document = parseText(text, where);
    external = true;
  }
  if (typeof document.openapi !== 'string' && document.swagger !== '2.0') throw webError('web.openapi_invalid', `${where} is neither OpenAPI 3.x nor Swagger 2.0 (no "openapi" or "swagger": "2.0" key)`);
  try {
    const resolved = await dereference((external && typeof source === 'string' ? source : document) as never, {
      dereference: { circular: 'ignore' },
      resolve: { external, ...(external ? { file: true } : {}) },
      timeoutMs: options.timeoutMs ?? 15_000,
    });
    return { document: resolved as unknown as OpenApiDocument, source: where };
  } catch (error) {
    throw webError('web.openapi_invalid', `${where}: ${((error as Error).message ?? String(error)).slice(0, 300)}`);
  }
}
