import { evidenceError } from '../errors/coded-errors.js';
import type { EnvironmentValues, Pack } from './pack-definition.js';

export interface ResolvedEnvironment {
  name?: string;
  values: EnvironmentValues;
}

/**
 * Picks the environment: the named one from the packs (in order, later keys
 * win) with the config file's entry of the same name on top. Without a name,
 * `default` if any pack or the config has one, else no values.
 */
export function resolveEnvironment(options: { name?: string; packs: readonly Pack[]; config?: Readonly<Record<string, EnvironmentValues>> }): ResolvedEnvironment {
  const name = options.name ?? 'default';
  const layers = [...options.packs.map((pack) => pack.environments[name]), options.config?.[name]].filter((layer): layer is EnvironmentValues => layer !== undefined);
  if (layers.length === 0) {
    if (options.name === undefined) return { values: {} };
    const known = [...new Set([...options.packs.flatMap((pack) => Object.keys(pack.environments)), ...Object.keys(options.config ?? {})])].sort();
    throw evidenceError({
      code: 'evidence.unknown_environment',
      message: `No selected pack or config defines the environment "${options.name.slice(0, 60)}".`,
      hint: known.length === 0 ? 'Define environments in the pack or the config file.' : `Known environments: ${known.join(', ')}.`,
    });
  }
  return { name, values: Object.freeze(Object.assign({}, ...layers) as EnvironmentValues) };
}
