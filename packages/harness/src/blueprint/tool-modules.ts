import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { didYouMean } from '@warden/protocol/checks';
import { INTERFACE_VERSIONS, type ToolV1 } from '@warden/protocol';
import type { BlueprintFile } from './blueprint-file.js';
import type { BlueprintProblem } from './load-blueprint.js';

// Tools named as module specifiers in a blueprint (`./tools.js#orderStatus`, `pkg/sub#name`): the
// code stays in code, the file says where it is. A relative specifier is read from the blueprint's
// folder, a package name is looked up from there too (as Node would for a file in that folder).

type Path = ReadonlyArray<string | number>;

/** `./tools.js#orderStatus` and `pkg/sub#name` are module specifiers; `order_status` is a tool's name. */
export function isToolSpecifier(name: string): boolean {
  return name.includes('#');
}

/** Every place a blueprint names a tool, with its path (for the line and column). */
export function toolReferences(file: BlueprintFile): Array<{ name: string; path: Path }> {
  const refs: Array<{ name: string; path: Path }> = [];
  const list = (tools: readonly string[] | undefined, path: Path) => (tools ?? []).forEach((name, i) => refs.push({ name, path: [...path, i] }));
  for (const [name, sub] of Object.entries(file.subagents ?? {})) list(sub.tools, ['subagents', name, 'tools']);
  for (const [name, agent] of Object.entries(file.agents)) {
    list(agent.tools, ['agents', name, 'tools']);
    for (const [v, version] of Object.entries(agent.versions ?? {})) list(version.tools, ['agents', name, 'versions', v, 'tools']);
  }
  return refs;
}

export function isTool(value: unknown): value is ToolV1 {
  return typeof value === 'object' && value !== null && (value as ToolV1).specificationVersion === INTERFACE_VERSIONS.tool && typeof (value as ToolV1).execute === 'function' && typeof (value as ToolV1).name === 'string';
}

/**
 * Imports every module a blueprint names a tool from and picks the named export. A module that
 * cannot be found or loaded, an export it does not have (with "did you mean"), or an export that is
 * not a Warden tool is a problem at the place the file names it.
 */
export async function resolveToolModules(file: BlueprintFile, blueprintPath: string, at: (path: Path) => { line: number; column: number }): Promise<{ tools: Map<string, ToolV1>; problems: BlueprintProblem[] }> {
  const tools = new Map<string, ToolV1>();
  const problems: BlueprintProblem[] = [];
  const modules = new Map<string, Promise<Loaded>>();
  const dir = dirname(resolve(blueprintPath));
  for (const ref of toolReferences(file)) {
    if (!isToolSpecifier(ref.name) || tools.has(ref.name)) continue;
    const cut = ref.name.lastIndexOf('#');
    const specifier = ref.name.slice(0, cut);
    const exported = ref.name.slice(cut + 1);
    if (!specifier || !exported) {
      problems.push({ message: `"${ref.name}" is not MODULE#EXPORT`, ...at(ref.path) });
      continue;
    }
    if (!modules.has(specifier)) modules.set(specifier, importFrom(dir, specifier));
    const loaded = await modules.get(specifier)!;
    if ('failed' in loaded) {
      problems.push({ message: `the tool module "${specifier}" cannot be loaded: ${loaded.failed.split('\n')[0]}`, ...at(ref.path) });
      continue;
    }
    const { module } = loaded;
    if (!Object.hasOwn(module, exported)) {
      const near = didYouMean(exported, Object.keys(module));
      problems.push({ message: `the module "${specifier}" has no export "${exported}"${near ? ` (did you mean "${near}"?)` : ''}`, ...at(ref.path) });
      continue;
    }
    const value = module[exported];
    if (!isTool(value)) {
      problems.push({ message: `"${ref.name}" is not a Warden tool (a ToolV1: specificationVersion "${INTERFACE_VERSIONS.tool}", name, execute)`, ...at(ref.path) });
      continue;
    }
    tools.set(ref.name, value);
  }
  return { tools, problems };
}

type Loaded = { module: Record<string, unknown> } | { failed: string };

async function importFrom(dir: string, specifier: string): Promise<Loaded> {
  try {
    const relative = specifier.startsWith('.') || isAbsolute(specifier);
    const target = relative ? resolve(dir, specifier) : createRequire(join(dir, 'blueprint.cjs')).resolve(specifier);
    if (relative && !existsSync(target)) return { failed: `there is no file ${target}` };
    return { module: (await import(pathToFileURL(target).href)) as Record<string, unknown> };
  } catch (error) {
    return { failed: (error as Error)?.message ?? String(error) };
  }
}
