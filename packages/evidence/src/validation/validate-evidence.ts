import { types } from 'node:util';
import { EVIDENCE_KEY_KINDS, type EvidenceKeyKind } from './vocabulary.js';
import { EVIDENCE_LIMITS, EVIDENCE_VALIDATION_CODES, type EvidenceLimits, type EvidenceValidationCode } from './limits.js';
import { jsonNumberBytes, jsonStringBytes } from './json-bytes.js';

/** Plain JSON data as evidence holds it. */
export type EvidenceValue = string | number | boolean | null | EvidenceValue[] | { [key: string]: EvidenceValue };
export type EvidenceObject = { [key: string]: EvidenceValue };

export interface EvidenceValid {
  ok: true;
  /** A detached deep copy: later changes to the input do not reach it. */
  evidence: EvidenceObject;
  bytes: number;
  nodes: number;
}

export interface EvidenceInvalid {
  ok: false;
  code: EvidenceValidationCode;
  /** Names the rule, never an evidence value. */
  message: string;
  /** Where it failed, as `$.key[3].inner` (keys are truncated). */
  path: string;
  /** For `evidence_unknown_keys`: the offending root keys, truncated. */
  unknownKeys?: string[];
}

export type EvidenceValidation = EvidenceValid | EvidenceInvalid;

class Stop {
  constructor(readonly code: EvidenceValidationCode, readonly path: string) {}
}

function segment(key: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]{0,40}$/.test(key) ? `.${key}` : `[${JSON.stringify(key.slice(0, 40)).replace(/[\ud800-\udfff]/g, '?')}]`;
}

function setOwn(target: Record<string, EvidenceValue>, key: string, value: EvidenceValue): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

/** Built-in objects with internal slots (a Date or Map whose prototype was swapped) are not plain data. */
function hasInternalSlots(value: object): boolean {
  return (
    types.isDate(value) ||
    types.isRegExp(value) ||
    types.isBoxedPrimitive(value) ||
    types.isNativeError(value) ||
    types.isMap(value) ||
    types.isSet(value) ||
    types.isWeakMap(value) ||
    types.isWeakSet(value) ||
    types.isPromise(value) ||
    types.isArrayBufferView(value) ||
    types.isAnyArrayBuffer(value) ||
    types.isArgumentsObject(value) ||
    types.isGeneratorObject(value) ||
    types.isModuleNamespaceObject(value) ||
    types.isMapIterator(value) ||
    types.isSetIterator(value) ||
    types.isExternal(value)
  );
}

/**
 * A plain object: prototype Object.prototype or null and no internal slots. Decided
 * without reading any property through [[Get]], so no user accessor (not even a
 * `Symbol.toStringTag` getter) ever runs. The caller has already ruled out Proxies.
 */
function isPlainObject(value: object): boolean {
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return false;
  return !hasInternalSlots(value);
}

/** A data property's value, read from its descriptor (an accessor is never invoked). */
function ownData(value: object, key: string): { value: unknown } | undefined {
  const descriptor = Object.getOwnPropertyDescriptor(value, key);
  return descriptor !== undefined && 'value' in descriptor ? { value: descriptor.value } : undefined;
}

/** `{ "0": a, "1": b, length: 2 }`: an array posing as an object. */
function isArrayLike(keys: readonly (string | symbol)[], value: object): boolean {
  if (!keys.includes('length')) return false;
  const length = ownData(value, 'length')?.value;
  if (typeof length !== 'number' || !Number.isInteger(length) || length < 1 || keys.length !== length + 1) return false;
  for (let i = 0; i < length; i++) if (!Object.prototype.hasOwnProperty.call(value, String(i))) return false;
  return true;
}

class Walker {
  bytes = 0;
  nodes = 0;
  private readonly ancestors = new Set<object>();

  constructor(private readonly limits: EvidenceLimits) {}

  addBytes(count: number, path: string): void {
    this.bytes += count;
    if (this.bytes > this.limits.maxBytes) throw new Stop('evidence_too_large', path);
  }

  addNode(path: string): void {
    this.nodes += 1;
    if (this.nodes > this.limits.maxNodes) throw new Stop('evidence_work_limit', path);
  }

  key(key: string | symbol, path: string): string {
    if (typeof key !== 'string') throw new Stop('evidence_key_type', path);
    this.addNode(path);
    const size = jsonStringBytes(key, this.limits.maxBytes - this.bytes);
    if (size < 0) throw new Stop('evidence_encoding', path);
    this.addBytes(size + 1, path);
    return key;
  }

  visit(value: unknown, depth: number, path: string): EvidenceValue {
    this.addNode(path);
    switch (typeof value) {
      case 'string': {
        const size = jsonStringBytes(value, this.limits.maxBytes - this.bytes);
        if (size < 0) throw new Stop('evidence_encoding', path);
        this.addBytes(size, path);
        return value;
      }
      case 'number':
        if (!Number.isFinite(value)) throw new Stop('evidence_nonfinite_number', path);
        this.addBytes(jsonNumberBytes(value), path);
        return Object.is(value, -0) ? 0 : value;
      case 'boolean':
        this.addBytes(value ? 4 : 5, path);
        return value;
      case 'object':
        if (value === null) {
          this.addBytes(4, path);
          return null;
        }
        return this.container(value, depth, path);
      default:
        throw new Stop('evidence_value_type', path);
    }
  }

  /** Depth counts containers: the root is 0 and containers through maxDepth (16) are accepted, with any contents. */
  /**
   * An object costs at least one byte per key (its commas and braces) before any
   * key is read, so one with more keys than the remaining byte budget is refused
   * after counting at most that many (for-in, the cheapest enumeration V8 offers,
   * rather than collecting every key of a huge object first).
   */
  boundKeys(value: object, path: string): void {
    const room = this.limits.maxBytes - this.bytes - 1;
    let count = 0;
    for (const key in value) {
      void key;
      if (++count > room) throw new Stop('evidence_too_large', path);
    }
  }

  private container(value: object, depth: number, path: string): EvidenceValue {
    if (types.isProxy(value)) throw new Stop('evidence_value_type', path);
    if (depth > this.limits.maxDepth) throw new Stop('evidence_depth', path);
    if (this.ancestors.has(value)) throw new Stop('evidence_cycle', path);
    this.ancestors.add(value);
    try {
      return Array.isArray(value) ? this.array(value, depth, path) : this.object(value, depth, path);
    } finally {
      this.ancestors.delete(value);
    }
  }

  private array(value: unknown[], depth: number, path: string): EvidenceValue[] {
    if (Object.getPrototypeOf(value) !== Array.prototype) throw new Stop('evidence_value_type', path);
    const length = value.length;
    this.addBytes(length === 0 ? 2 : length + 1, path);
    if (Reflect.ownKeys(value).length !== length + 1) throw new Stop('evidence_value_type', path);
    const out: EvidenceValue[] = new Array<EvidenceValue>(length);
    for (let i = 0; i < length; i++) {
      const descriptor = Object.getOwnPropertyDescriptor(value, i);
      if (descriptor === undefined || !('value' in descriptor)) throw new Stop('evidence_value_type', `${path}[${i}]`);
      out[i] = this.visit(descriptor.value, depth + 1, `${path}[${i}]`);
    }
    return out;
  }

  private object(value: object, depth: number, path: string): EvidenceObject {
    if (!isPlainObject(value)) throw new Stop('evidence_value_type', path);
    this.boundKeys(value, path);
    const keys = Reflect.ownKeys(value);
    if (isArrayLike(keys, value)) throw new Stop('evidence_value_type', path);
    this.addBytes(keys.length === 0 ? 2 : keys.length + 1, path);
    const out: EvidenceObject = {};
    for (const rawKey of keys) {
      const key = this.key(rawKey, path);
      const childPath = path + segment(key);
      const descriptor = Object.getOwnPropertyDescriptor(value, key);
      if (descriptor === undefined || !('value' in descriptor) || descriptor.enumerable !== true) throw new Stop('evidence_value_type', childPath);
      setOwn(out, key, this.visit(descriptor.value, depth + 1, childPath));
    }
    return out;
  }
}

function kindMatches(kind: EvidenceKeyKind, value: EvidenceValue): boolean {
  switch (kind) {
    case 'list':
      return Array.isArray(value);
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'string':
      return typeof value === 'string';
    case 'boolean':
      return typeof value === 'boolean';
    case 'count':
      return typeof value === 'number' && Number.isInteger(value) && value >= 0;
    case 'any':
      return true;
  }
}

function invalid(code: EvidenceValidationCode, path: string): EvidenceInvalid {
  return { ok: false, code, message: `${code}: ${EVIDENCE_VALIDATION_CODES[code]}`, path };
}

function validateRoot(value: unknown, walker: Walker): EvidenceObject {
  // The Proxy test comes first: Array.isArray and getPrototypeOf would run (or throw from) its traps.
  if (typeof value !== 'object' || value === null || types.isProxy(value) || Array.isArray(value) || !isPlainObject(value)) {
    throw new Stop('evidence_not_dict', '$');
  }
  const unknown: string[] = [];
  for (const key in value) {
    if (!EVIDENCE_KEY_KINDS.has(key) && unknown.push(key) >= 20) break;
  }
  if (unknown.length > 0) throw new UnknownKeys(unknown);
  const keys = Reflect.ownKeys(value);
  for (const key of keys) {
    if (typeof key !== 'string') throw new Stop('evidence_key_type', '$');
    if (!EVIDENCE_KEY_KINDS.has(key) && unknown.push(key) >= 20) break;
  }
  if (unknown.length > 0) throw new UnknownKeys(unknown);
  if (isArrayLike(keys, value)) throw new Stop('evidence_value_type', '$');
  return walker.visit(value, 0, '$') as EvidenceObject;
}

class UnknownKeys {
  constructor(readonly keys: string[]) {}
}

/**
 * Validates one evidence value against vocabulary v1 and the budgets, and
 * returns a detached copy. Never throws; budgets are enforced while walking,
 * before anything is serialized. The first rule broken decides the code.
 */
export function validateEvidence(value: unknown, limits: Partial<EvidenceLimits> = {}): EvidenceValidation {
  const walker = new Walker({ ...EVIDENCE_LIMITS, ...limits });
  try {
    const evidence = validateRoot(value, walker);
    for (const [key, item] of Object.entries(evidence)) {
      const kind = EVIDENCE_KEY_KINDS.get(key);
      if (kind !== undefined && !kindMatches(kind, item)) return invalid('evidence_value_type', `$${segment(key)}`);
    }
    return { ok: true, evidence, bytes: walker.bytes, nodes: walker.nodes };
  } catch (error) {
    return classify(error);
  }
}

function classify(error: unknown): EvidenceInvalid {
  if (error instanceof Stop) return invalid(error.code, error.path);
  if (error instanceof UnknownKeys) {
    const result = invalid('evidence_unknown_keys', '$');
    result.message = `evidence_unknown_keys: root key(s) outside vocabulary v1.`;
    result.unknownKeys = error.keys.map((key) => key.slice(0, 64).replace(/[\ud800-\udfff]/g, '?'));
    return result;
  }
  // Only Warden's own code throws here (no user accessor or trap is ever invoked); a stack overflow is depth.
  if (error instanceof RangeError) return invalid('evidence_depth', '$');
  return invalid('evidence_value_type', '$');
}
