import { evidenceError } from '../errors/coded-errors.js';
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { JsonValue } from '@warden/protocol';
import type { Iteration, StepStatus } from '../report/report-schema.js';
import { jsonChanges } from '../state/json-changes.js';
import { stateDiff } from '../state/state-diff.js';
import { toJson } from '../state/to-json.js';
import { deepEqual } from '../validation/deep-equal.js';
import { FailSignal, SkipSignal } from './case-signals.js';
import type { EnvironmentValues } from './pack-definition.js';

export interface OperationRecord {
  kind: string;
  operation: string;
  expected: unknown;
  actual: unknown;
  durationMs?: number;
}

/** What a case body records into. Everything recorded ends up in the report, redacted. */
export interface CaseContext {
  /** The selected environment's values. */
  readonly env: EnvironmentValues;
  /** Aborted when the case times out: pass it to fetch, child processes, timers. */
  readonly signal: AbortSignal;
  /** 0-based run of this case (repeat or soak iteration). */
  readonly iteration: number;
  step(name: string, status?: StepStatus): void;
  /** Records an operation with expected and actual side by side; returns whether they are equal. Does not fail the case by itself. */
  operation(title: string, record: OperationRecord): boolean;
  /** A failed check fails the case; later steps still run and are recorded. Returns the condition. */
  check(condition: boolean, message: string): boolean;
  /** Records a value against limits; returns whether it is within them (pass it to check to enforce). */
  threshold(name: string, value: number, limits: { min?: number; max?: number }): boolean;
  metric(name: string, value: number, unit?: string): void;
  /** Stores text or bytes, or copies a file (`{ path }`), next to the report. Text is redacted. */
  artifact(name: string, content: string | Uint8Array | { path: string }): Promise<void>;
  log(message: string): void;
  /** Ends the case as skipped. Use only when the case does not apply, never for a missing prerequisite. */
  skip(reason: string): never;
  /** Ends the case as failed. */
  fail(message: string): never;
  /** An environment value the case cannot run without: missing fails the case (it does not skip). */
  requireEnv(key: string): JsonValue;
  /** Records a labelled snapshot of some state; the report shows the changes between snapshots. */
  snapshot(label: string, state: unknown): void;
}

export interface ContextOptions {
  env: EnvironmentValues;
  signal: AbortSignal;
  iteration: number;
  artifactDir: string;
  /** Path of artifactDir relative to the report directory. */
  artifactRel: string;
  redact: (text: string) => string;
  startedMs: number;
}

type Recorded = Pick<Iteration, 'steps' | 'checks' | 'thresholds' | 'operations' | 'metrics' | 'artifacts' | 'logs'>;

export interface ContextRecorder {
  readonly context: CaseContext;
  readonly recorded: Recorded;
  states(): Iteration['states'];
  /** Ignore everything recorded after this (a timed-out case that keeps running). */
  seal(): void;
  /** Waits for artifact writes in flight. */
  settle(): Promise<void>;
}

const PREVIEW_CHARS = 2000;

function safeFileName(name: string): string {
  const cleaned = name.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^\.+/, '_').slice(0, 100);
  return cleaned === '' ? 'artifact' : cleaned;
}

function decodeText(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

export function createCaseContext(options: ContextOptions): ContextRecorder {
  const recorded: Recorded = { steps: [], checks: [], thresholds: [], operations: [], metrics: [], artifacts: [], logs: [] };
  const states = stateDiff();
  const pending: Promise<void>[] = [];
  const usedNames = new Set<string>();
  let sealed = false;
  const at = (): number => Date.now() - options.startedMs;

  async function storeArtifact(name: string, content: string | Uint8Array | { path: string }): Promise<void> {
    let file = safeFileName(name);
    for (let n = 2; usedNames.has(file); n++) file = `${safeFileName(name)}-${n}`;
    usedNames.add(file);
    let bytes: Uint8Array;
    if (typeof content === 'string') bytes = Buffer.from(content, 'utf8');
    else if (content instanceof Uint8Array) bytes = content;
    else bytes = await readFile(content.path);
    const text = decodeText(bytes);
    await mkdir(options.artifactDir, { recursive: true });
    const target = path.join(options.artifactDir, file);
    let size = bytes.byteLength;
    let preview: string | undefined;
    if (text !== undefined) {
      const redacted = options.redact(text);
      size = Buffer.byteLength(redacted);
      preview = redacted.slice(0, PREVIEW_CHARS);
      await writeFile(target, redacted);
    } else if (typeof content === 'object' && 'path' in content) {
      await copyFile(content.path, target);
    } else {
      await writeFile(target, bytes);
    }
    if (sealed) return;
    recorded.artifacts.push({ name, file: `${options.artifactRel}/${file}`, bytes: size, text: text !== undefined, ...(preview === undefined ? {} : { preview }) });
  }

  const context: CaseContext = {
    env: options.env,
    signal: options.signal,
    iteration: options.iteration,
    step(name, status = 'pass') {
      if (typeof status !== 'string' || status.length === 0 || status.length > 40) {
        throw evidenceError({ code: 'evidence.invalid_case', message: 'ctx.step status must be a word of 1 to 40 characters (pass, fail, skip, info, running, ok…).', hint: 'ctx.step("health", "running")' });
      }
      if (!sealed) recorded.steps.push({ name: String(name), status, atMs: at() });
    },
    operation(title, record) {
      const expected = toJson(record.expected);
      const actual = toJson(record.actual);
      const matches = deepEqual(expected, actual);
      if (!sealed) {
        recorded.operations.push({
          title: String(title),
          kind: String(record.kind),
          operation: String(record.operation),
          expected,
          actual,
          matches,
          changes: matches ? [] : jsonChanges(expected, actual),
          ...(typeof record.durationMs === 'number' && Number.isFinite(record.durationMs) && record.durationMs >= 0 ? { durationMs: record.durationMs } : {}),
        });
      }
      return matches;
    },
    check(condition, message) {
      const passed = condition === true;
      if (!sealed) recorded.checks.push({ message: String(message), passed, atMs: at() });
      return passed;
    },
    threshold(name, value, limits) {
      const passed = Number.isFinite(value) && (limits.min === undefined || value >= limits.min) && (limits.max === undefined || value <= limits.max);
      if (!sealed) {
        recorded.thresholds.push({ name: String(name), value: Number.isFinite(value) ? value : 0, ...(limits.min === undefined ? {} : { min: limits.min }), ...(limits.max === undefined ? {} : { max: limits.max }), passed });
      }
      return passed;
    },
    metric(name, value, unit = '') {
      if (!sealed && Number.isFinite(value)) recorded.metrics.push({ name: String(name), value, unit: String(unit) });
    },
    artifact(name, content) {
      const write = storeArtifact(String(name), content);
      pending.push(write.catch(() => undefined));
      return write;
    },
    log(message) {
      if (!sealed) recorded.logs.push({ message: String(message), atMs: at() });
    },
    skip(reason) {
      throw new SkipSignal(String(reason));
    },
    fail(message) {
      throw new FailSignal(String(message));
    },
    requireEnv(key) {
      const value = options.env[key];
      if (value === undefined || value === null || value === '') {
        throw new FailSignal(`missing prerequisite: environment value "${key}" is not set`, 'evidence.prerequisite_missing');
      }
      return value;
    },
    snapshot(label, state) {
      if (!sealed) states.snapshot(String(label), state);
    },
  };

  return {
    context,
    recorded,
    states: () => states.sequence(),
    seal() {
      sealed = true;
    },
    async settle() {
      await Promise.all(pending);
    },
  };
}
