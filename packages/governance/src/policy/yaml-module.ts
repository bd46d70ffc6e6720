import { createRequire } from 'node:module';
import type * as Yaml from 'yaml';

/**
 * The `yaml` parser, loaded on first use: importing it costs ~40 ms, and most runs
 * never read a YAML policy. Node's require cache keeps the one instance.
 */
export function yamlModule(): typeof Yaml {
  return createRequire(import.meta.url)('yaml') as typeof Yaml;
}
