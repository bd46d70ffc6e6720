import { configError } from '../errors/coded-errors.js';

/** One setting a provider plugin declares: what `warden providers NAME` shows and `warden doctor` checks. */
export interface ProviderField {
  /** The setting's name as the plugin reads it from `context.fields` (letters, digits, `_`). */
  name: string;
  type: 'string' | 'number' | 'boolean' | 'url';
  /** A secret (a key, a token): its value is never shown, stored or put in an error. */
  secret?: boolean;
  /** The environment variable it is read from. */
  env?: string;
  /** Used when the variable is not set (never for a secret). */
  default?: string | number | boolean;
  /** Must be set (by the variable or a default) before the provider can be used. */
  required?: boolean;
  description?: string;
}

/** A declared field against an environment: where its value comes from — never the value of a secret. */
export interface ProviderFieldStatus {
  name: string;
  type: ProviderField['type'];
  secret: boolean;
  required: boolean;
  env?: string;
  description?: string;
  /** `env` (the variable is set), `default`, or `missing`. */
  source: 'env' | 'default' | 'missing';
  /** The value in force, for a field that is not secret. */
  value?: string | number | boolean;
  /** The variable is set but is not a value of the field's type. */
  invalid?: boolean;
}

const FIELD_NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
const ENV_NAME = /^[A-Z][A-Z0-9_]{0,127}$/;
const TYPES = ['string', 'number', 'boolean', 'url'] as const;

/** Checks a plugin's declared fields (in `withProviders`): a bad declaration is `config.invalid`. */
export function checkFields(plugin: string, fields: unknown): void {
  if (fields === undefined) return;
  const bad = (why: string): never => {
    throw configError({ code: 'config.invalid', message: `provider plugin "${plugin}": ${why}`, hint: 'A field is { name, type: string|number|boolean|url, secret?, env?, default?, required?, description? }.' });
  };
  if (!Array.isArray(fields)) bad('fields must be an array');
  const seen = new Set<string>();
  for (const field of fields as ProviderField[]) {
    if (typeof field !== 'object' || field === null || typeof field.name !== 'string' || !FIELD_NAME.test(field.name)) bad('a field needs a name (letters, digits and _)');
    if (seen.has(field.name)) bad(`field "${field.name}" is declared twice`);
    seen.add(field.name);
    if (!TYPES.includes(field.type)) bad(`field "${field.name}" has type ${JSON.stringify(field.type)}`);
    if (field.env !== undefined && (typeof field.env !== 'string' || !ENV_NAME.test(field.env))) bad(`field "${field.name}" names an environment variable that is not one`);
    if (field.secret === true && field.default !== undefined) bad(`field "${field.name}" is secret and has a default (a secret is never written in code)`);
    if (field.default !== undefined && parse(field.type, String(field.default)) === undefined) bad(`field "${field.name}" has a default that is not a ${field.type}`);
  }
}

function parse(type: ProviderField['type'], raw: string): string | number | boolean | undefined {
  if (type === 'string') return raw;
  if (type === 'number') return raw.trim() !== '' && Number.isFinite(Number(raw)) ? Number(raw) : undefined;
  if (type === 'boolean') return raw === 'true' || raw === '1' ? true : raw === 'false' || raw === '0' ? false : undefined;
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:' ? raw : undefined;
  } catch {
    return undefined;
  }
}

/** Each declared field's status against `env` (secret values are never included). */
export function fieldStatuses(fields: readonly ProviderField[] | undefined, env: Readonly<Record<string, string | undefined>>): ProviderFieldStatus[] {
  return (fields ?? []).map((field) => {
    const raw = field.env !== undefined ? env[field.env] : undefined;
    const base = { name: field.name, type: field.type, secret: field.secret === true, required: field.required === true, ...(field.env ? { env: field.env } : {}), ...(field.description ? { description: field.description } : {}) };
    if (raw !== undefined && raw !== '') {
      const value = parse(field.type, raw);
      if (value === undefined) return { ...base, source: 'missing', invalid: true };
      return { ...base, source: 'env', ...(field.secret ? {} : { value }) };
    }
    if (field.default !== undefined) return { ...base, source: 'default', value: field.default };
    return { ...base, source: 'missing' };
  });
}

/** The values a plugin's factory gets (`context.fields`): from the environment, else the defaults. */
export function fieldValues(fields: readonly ProviderField[] | undefined, env: Readonly<Record<string, string | undefined>>): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const field of fields ?? []) {
    const raw = field.env !== undefined ? env[field.env] : undefined;
    const value = raw !== undefined && raw !== '' ? parse(field.type, raw) : field.default;
    if (value !== undefined) out[field.name] = value;
  }
  return out;
}
