import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { evidenceError } from '../errors/coded-errors.js';
import type { LoadedTarget } from './probe-target.js';
import { RunStopped } from './run-stopped.js';
import { TARGET_WORKER_SOURCE } from './target-worker-source.js';

export interface ModuleTargetSpec {
  entry: string;
  cleanup?: string;
  close?: string;
  timeout_s: number;
}

const FILE_LIKE = /\.(m|c)?(j|t)s$/;

interface FunctionRef {
  url: string;
  exportName: string;
}

/** A target function failed inside the worker; only its class crosses back. */
export class TargetFunctionError extends Error {
  constructor(readonly errorClass: string) {
    super(`the target function raised ${errorClass}`);
    this.name = errorClass;
  }
}

/** A result that structured cloning would have changed; the code is the validator's. */
export class TargetResultInvalid extends Error {
  constructor(readonly code: string) {
    super(`the target returned data that is not plain JSON (${code})`);
    this.name = 'TargetResultInvalid';
  }
}

function moduleUrl(specifier: string, baseDir: string): string {
  if (specifier.startsWith('.') || path.isAbsolute(specifier) || FILE_LIKE.test(specifier)) return pathToFileURL(path.resolve(baseDir, specifier)).href;
  try {
    return pathToFileURL(createRequire(path.join(baseDir, 'target.json')).resolve(specifier)).href;
  } catch (error) {
    throw evidenceError({ code: 'evidence.invalid_target', message: `Module "${specifier.slice(0, 100)}" cannot be resolved from the target file's directory.`, hint: 'Install it next to the target file, or use a relative path.', cause: error });
  }
}

function parseRef(ref: string, baseDir: string): FunctionRef {
  const split = ref.lastIndexOf(':');
  return { url: moduleUrl(ref.slice(0, split), baseDir), exportName: ref.slice(split + 1) };
}

interface Reply {
  id: number;
  ok: boolean;
  value?: unknown;
  invalid?: string;
  errorClass?: string;
  notFunction?: boolean;
  stopped?: { reason: string; report: unknown };
}

/**
 * A target whose functions live in modules (`module:function` or
 * `path/to/file.mjs:function`, relative to the target file). All of them run in
 * one worker thread per target, loaded on first use and cached, one module
 * instance per file; the main thread only waits, so a timeout stops waiting even
 * for a synchronous function. After finalization the worker is terminated.
 */
export type ModuleTarget = LoadedTarget;

export function createModuleTarget(spec: ModuleTargetSpec, options: { baseDir: string; name: string }): ModuleTarget {
  let worker: Worker | undefined;
  let nextId = 0;
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: unknown) => void }>();

  const failAll = (error: unknown): void => {
    for (const entry of waiting.values()) entry.reject(error);
    waiting.clear();
  };
  const start = (): Worker => {
    if (worker !== undefined) return worker;
    const created = new Worker(TARGET_WORKER_SOURCE, { eval: true });
    created.unref();
    created.on('message', (reply: Reply) => {
      const entry = waiting.get(reply.id);
      if (entry === undefined) return;
      waiting.delete(reply.id);
      if (reply.ok) entry.resolve(reply.value);
      else if (reply.invalid !== undefined) entry.reject(new TargetResultInvalid(reply.invalid));
      else if (reply.stopped !== undefined) entry.reject(new RunStopped(reply.stopped.reason, { report: reply.stopped.report }));
      else if (reply.notFunction === true) entry.reject(evidenceError({ code: 'evidence.invalid_target', message: 'A function named in the target file is not exported by its module.', hint: 'Check the name after the colon in the target file.' }));
      else entry.reject(new TargetFunctionError(reply.errorClass ?? 'Error'));
    });
    created.on('error', (error) => failAll(new TargetFunctionError(error instanceof Error ? error.name : 'WorkerError')));
    created.on('exit', () => {
      worker = undefined;
      failAll(new TargetFunctionError('WorkerExit'));
    });
    worker = created;
    return created;
  };
  const send = (message: Record<string, unknown>, signal?: AbortSignal): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      const active = start();
      waiting.set(id, { resolve, reject });
      signal?.addEventListener('abort', () => worker?.postMessage({ op: 'abort', id }), { once: true });
      try {
        active.postMessage({ ...message, id });
      } catch (error) {
        waiting.delete(id);
        reject(new TargetResultInvalid(error instanceof Error && error.name === 'DataCloneError' ? 'evidence_value_type' : 'evidence_invalid_result'));
      }
    });

  const entry = (): FunctionRef => parseRef(spec.entry, options.baseDir);
  const hook = (ref: string) => (context: unknown) => send({ op: 'hook', ref: parseRef(ref, options.baseDir), context });
  return {
    name: options.name,
    timeoutMs: spec.timeout_s * 1000,
    prepare: () => send({ op: 'load', ref: entry() }),
    async verify() {
      for (const ref of [spec.entry, spec.cleanup, spec.close]) if (ref !== undefined) await send({ op: 'load', ref: parseRef(ref, options.baseDir) });
    },
    call(prompt, material, context) {
      const { signal, ...plain } = context;
      return send({ op: 'call', ref: entry(), prompt, material, context: plain }, signal);
    },
    ...(spec.cleanup === undefined ? {} : { cleanup: hook(spec.cleanup) }),
    ...(spec.close === undefined ? {} : { close: hook(spec.close) }),
    async dispose() {
      const active = worker;
      worker = undefined;
      if (active !== undefined) await active.terminate();
    },
  };
}
