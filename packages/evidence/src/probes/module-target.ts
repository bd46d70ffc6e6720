import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { EvidenceError } from '../errors/evidence-error.js';
import type { ProbeTarget } from './probe-target.js';

type AnyFunction = (...args: unknown[]) => unknown;

export interface ModuleTargetSpec {
  entry: string;
  cleanup?: string;
  close?: string;
  timeout_s: number;
}

const FILE_LIKE = /\.(m|c)?(j|t)s$/;

function moduleUrl(specifier: string, baseDir: string): string {
  if (specifier.startsWith('.') || path.isAbsolute(specifier) || FILE_LIKE.test(specifier)) return pathToFileURL(path.resolve(baseDir, specifier)).href;
  try {
    return pathToFileURL(createRequire(path.join(baseDir, 'target.json')).resolve(specifier)).href;
  } catch (error) {
    throw new EvidenceError({ code: 'evidence.invalid_target', message: `Module "${specifier.slice(0, 100)}" cannot be resolved from the target file's directory.`, hint: 'Install it next to the target file, or use a relative path.', cause: error });
  }
}

/**
 * A target whose functions live in modules. Each function loads on first use
 * and is cached; functions from one file share one module instance.
 */
export function createModuleTarget(spec: ModuleTargetSpec, options: { baseDir: string; name: string }): ProbeTarget {
  const modules = new Map<string, Promise<Record<string, unknown>>>();
  const functions = new Map<string, Promise<AnyFunction>>();

  const load = (ref: string): Promise<AnyFunction> => {
    const cached = functions.get(ref);
    if (cached !== undefined) return cached;
    const split = ref.lastIndexOf(':');
    const specifier = ref.slice(0, split);
    const exportName = ref.slice(split + 1);
    const pending = (async () => {
      const url = moduleUrl(specifier, options.baseDir);
      let module = modules.get(url);
      if (module === undefined) {
        module = import(url) as Promise<Record<string, unknown>>;
        modules.set(url, module);
      }
      const fn = (await module)[exportName];
      if (typeof fn !== 'function') {
        throw new EvidenceError({ code: 'evidence.invalid_target', message: `"${exportName}" is not a function exported by ${specifier.slice(0, 100)}.`, hint: 'Check the name after the colon in the target file.' });
      }
      return fn as AnyFunction;
    })();
    functions.set(ref, pending);
    return pending;
  };

  const target: ProbeTarget = {
    name: options.name,
    timeoutMs: spec.timeout_s * 1000,
    async call(prompt, material, context) {
      return (await load(spec.entry))(prompt, material, context);
    },
    ...(spec.cleanup === undefined ? {} : { cleanup: async () => (await load(spec.cleanup!))() }),
    ...(spec.close === undefined ? {} : { close: async () => (await load(spec.close!))() }),
  };
  return target;
}
