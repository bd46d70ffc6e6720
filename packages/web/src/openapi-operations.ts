import type { OpenApiDocument } from './openapi-load.js';

// One tool per operation: the document's parameters (path, query, header) and the fields of an
// object body become the tool's JSON Schema; where each argument goes is remembered beside it.
// Credentials are never among them: security schemes' headers and parameters are left out.

export type ArgumentPlace = 'path' | 'query' | 'header' | 'body-field' | 'body';

export interface OperationArgument {
  /** The name the model sees. */
  name: string;
  /** The name in the request (the parameter or body field). */
  wire: string;
  in: ArgumentPlace;
  style?: string;
  explode?: boolean;
}

export interface Operation {
  toolName: string;
  method: string;
  path: string;
  summary: string;
  tags: string[];
  inputSchema: Record<string, unknown>;
  args: OperationArgument[];
  bodyType?: 'json' | 'form' | 'text';
  /** Security requirement alternatives (scheme names), the document's or the operation's. */
  security: string[][];
}

export interface SkippedOperation {
  operation: string;
  reason: string;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;
const DROP = new Set(['example', 'examples', 'xml', 'externalDocs', 'discriminator', 'deprecated', 'x-readme', '$ref']);

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Obj) : {});

/** A schema the model can read: no examples, no vendor extensions, `readOnly` fields left out of requests, cycles cut. */
export function cleanSchema(schema: unknown, depth = 0, seen: Set<unknown> = new Set()): Obj {
  const source = obj(schema);
  if (depth > 12 || seen.has(source)) return {};
  seen.add(source);
  const out: Obj = {};
  for (const [key, value] of Object.entries(source)) {
    if (DROP.has(key) || key.startsWith('x-')) continue;
    if (key === 'nullable' && value === true && typeof source.type === 'string') {
      out.type = [source.type, 'null'];
      continue;
    }
    if (key === 'nullable') continue;
    if (key === 'properties') {
      const props: Obj = {};
      for (const [name, prop] of Object.entries(obj(value))) if (obj(prop).readOnly !== true) props[name] = cleanSchema(prop, depth + 1, seen);
      out.properties = props;
    } else if (key === 'items' || key === 'additionalProperties' || key === 'not') {
      out[key] = typeof value === 'boolean' ? value : cleanSchema(value, depth + 1, seen);
    } else if (key === 'allOf' || key === 'anyOf' || key === 'oneOf') {
      out[key] = Array.isArray(value) ? value.map((v) => cleanSchema(v, depth + 1, seen)) : [];
    } else if (key === 'type' && out.type !== undefined) {
      continue;
    } else if (key !== 'readOnly') {
      out[key] = value;
    }
  }
  seen.delete(source);
  if (Array.isArray(out.required) && out.properties) out.required = (out.required as string[]).filter((n) => Object.hasOwn(out.properties as Obj, n));
  return out;
}

function sanitizeName(raw: string): string {
  const name = raw.replace(/[{}]/g, '').replace(/[^a-zA-Z0-9_-]+/g, '_').replace(/^[^a-zA-Z]+/, '').replace(/_+$/g, '');
  return name.slice(0, 64);
}

/** Header names that carry credentials: never offered to the model, whatever the document says. */
const CREDENTIAL_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'x-api-key', 'api-key', 'apikey']);

function securityParams(document: OpenApiDocument): Set<string> {
  const schemes = { ...obj(obj(document.components).securitySchemes), ...obj(document.securityDefinitions) };
  const out = new Set<string>();
  for (const scheme of Object.values(schemes)) {
    const s = obj(scheme);
    if (s.type === 'apiKey' && typeof s.name === 'string') out.add(`${String(s.in)}:${s.name.toLowerCase()}`);
  }
  return out;
}

/** Reads every operation of a dereferenced document. */
export function readOperations(document: OpenApiDocument, options: { prefix?: string } = {}): { operations: Operation[]; skipped: SkippedOperation[] } {
  const swagger2 = document.swagger === '2.0';
  const hidden = securityParams(document);
  const operations: Operation[] = [];
  const skipped: SkippedOperation[] = [];
  const names = new Set<string>();
  const globalSecurity = Array.isArray(document.security) ? (document.security as Obj[]).map((r) => Object.keys(obj(r))) : [];
  for (const [path, item] of Object.entries(obj(document.paths))) {
    const pathItem = obj(item);
    for (const method of METHODS) {
      const op = pathItem[method];
      if (op === undefined) continue;
      const operation = obj(op);
      const label = typeof operation.operationId === 'string' ? operation.operationId : `${method.toUpperCase()} ${path}`;
      const base = sanitizeName(`${options.prefix ?? ''}${typeof operation.operationId === 'string' ? operation.operationId : `${method}_${path}`}`);
      if (base === '') {
        skipped.push({ operation: label, reason: 'no usable tool name' });
        continue;
      }
      if (names.has(base)) {
        skipped.push({ operation: label, reason: `a second operation would be named ${base}` });
        continue;
      }
      const properties: Obj = {};
      const required: string[] = [];
      const args: OperationArgument[] = [];
      let problem: string | undefined;
      let bodyType: Operation['bodyType'];
      const params = [...(Array.isArray(pathItem.parameters) ? pathItem.parameters : []), ...(Array.isArray(operation.parameters) ? operation.parameters : [])].map(obj);
      // An operation's parameter overrides the path item's of the same name and place.
      const byKey = new Map(params.map((p) => [`${String(p.in)}:${String(p.name)}`, p]));
      const take = (name: string, wire: string, place: ArgumentPlace, schema: Obj, isRequired: boolean, extra: Partial<OperationArgument> = {}): void => {
        let key = name;
        if (Object.hasOwn(properties, key)) key = `${place === 'body-field' ? 'body' : place}_${name}`;
        properties[key] = schema;
        if (isRequired) required.push(key);
        args.push({ name: key, wire, in: place, ...extra });
      };
      for (const p of byKey.values()) {
        const place = String(p.in);
        const name = String(p.name);
        if (place === 'cookie') continue;
        if (hidden.has(`${place}:${name.toLowerCase()}`) || (place === 'header' && CREDENTIAL_HEADERS.has(name.toLowerCase()))) continue;
        if (place === 'body' && swagger2) {
          bodyType = 'json';
          const schema = cleanSchema(p.schema);
          if (schema.type === 'object' || schema.properties) {
            const fieldsRequired = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
            for (const [field, fs] of Object.entries(obj(schema.properties))) take(field, field, 'body-field', obj(fs), fieldsRequired.has(field));
          } else take('body', 'body', 'body', schema, p.required === true);
          continue;
        }
        if (place === 'formData') {
          if (p.type === 'file') problem = 'file uploads are not supported';
          bodyType = 'form';
          take(name, name, 'body-field', cleanSchema({ ...p, name: undefined, in: undefined, required: undefined }), p.required === true);
          continue;
        }
        if (place !== 'path' && place !== 'query' && place !== 'header') continue;
        const schema = swagger2 ? cleanSchema({ type: p.type, format: p.format, enum: p.enum, items: p.items, default: p.default, minimum: p.minimum, maximum: p.maximum }) : cleanSchema(p.schema);
        for (const key of Object.keys(schema)) if (schema[key] === undefined) delete schema[key];
        if (typeof p.description === 'string') schema.description = p.description;
        const style = typeof p.style === 'string' ? p.style : swagger2 && p.collectionFormat === 'csv' ? 'form' : undefined;
        const explode = typeof p.explode === 'boolean' ? p.explode : swagger2 ? p.collectionFormat === 'multi' : undefined;
        take(name, name, place, schema, place === 'path' || p.required === true, { ...(style ? { style } : {}), ...(explode !== undefined ? { explode } : {}) });
      }
      const body = obj(operation.requestBody);
      if (!swagger2 && Object.keys(body).length > 0) {
        const content = obj(body.content);
        const type = Object.keys(content).find((t) => /json/.test(t)) ?? Object.keys(content).find((t) => t === 'application/x-www-form-urlencoded') ?? Object.keys(content).find((t) => t.startsWith('text/'));
        if (type === undefined) problem = `request body type ${Object.keys(content).join(', ') || '(none)'} is not supported`;
        else {
          bodyType = /json/.test(type) ? 'json' : type.startsWith('text/') ? 'text' : 'form';
          const schema = cleanSchema(obj(content[type]).schema);
          if (bodyType !== 'text' && (schema.type === 'object' || schema.properties)) {
            const fieldsRequired = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
            for (const [field, fs] of Object.entries(obj(schema.properties))) take(field, field, 'body-field', obj(fs), body.required === true && fieldsRequired.has(field));
          } else take('body', 'body', 'body', schema, body.required === true);
        }
      }
      if (problem) {
        skipped.push({ operation: label, reason: problem });
        continue;
      }
      names.add(base);
      const security = Array.isArray(operation.security) ? (operation.security as Obj[]).map((r) => Object.keys(obj(r))) : globalSecurity;
      const summary = [operation.summary, operation.description].filter((s): s is string => typeof s === 'string' && s !== '').join(' — ');
      operations.push({
        toolName: base,
        method: method.toUpperCase(),
        path,
        summary: `${summary || label} (${method.toUpperCase()} ${path})`.slice(0, 1000),
        tags: Array.isArray(operation.tags) ? operation.tags.filter((t): t is string => typeof t === 'string') : [],
        inputSchema: { type: 'object', properties, ...(required.length > 0 ? { required } : {}), additionalProperties: false },
        args,
        ...(bodyType ? { bodyType } : {}),
        security,
      });
    }
  }
  return { operations, skipped };
}
