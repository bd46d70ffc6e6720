import type { ToolPermission, ToolV1 } from '@warden/protocol';
import type { HarnessOptions } from './harness-options.js';
import type { OptionIssue } from './validate-options.js';

const ORDER: readonly ToolPermission[] = ['allow', 'ask', 'deny'];

/** The stricter of two permissions: a config entry can tighten a tool's own, never loosen it. */
function stricter(a: ToolPermission | undefined, b: ToolPermission | undefined): ToolPermission | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return ORDER.indexOf(a) >= ORDER.indexOf(b) ? a : b;
}

/**
 * Applies the config's `toolControls` to the composed tools: each named tool is a thin copy with
 * the stricter permission and the configured cache (core refuses a cacheable tool with effects
 * when the agent is built). Names that match no tool are reported as warnings, not errors: an MCP
 * server that failed to start must not stop the run.
 */
export function applyToolControls(tools: readonly ToolV1[], controls: HarnessOptions['toolControls'], warnings: OptionIssue[]): ToolV1[] {
  if (!controls) return [...tools];
  const names = new Set(tools.map((tool) => tool.name));
  for (const name of Object.keys(controls)) {
    if (!names.has(name)) warnings.push({ path: `toolControls.${name}`, message: `no tool is named "${name}"; its controls apply to nothing` });
  }
  return tools.map((tool) => {
    const control = controls[tool.name];
    if (!control) return tool;
    const permission = stricter(tool.permission, control.permission);
    const cacheable = control.cacheable ?? tool.cacheable;
    const controlled: ToolV1 = {
      specificationVersion: tool.specificationVersion,
      name: tool.name,
      description: tool.description,
      inputSchema: tool.inputSchema,
      ...(tool.annotations ? { annotations: tool.annotations } : {}),
      ...(tool.timeoutMs !== undefined ? { timeoutMs: tool.timeoutMs } : {}),
      ...(permission !== undefined ? { permission } : {}),
      ...(cacheable !== undefined && cacheable !== false ? { cacheable } : {}),
      ...(tool.validate ? { validate: (args) => tool.validate!(args) } : {}),
      execute: (args, ctx) => tool.execute(args, ctx),
    };
    return controlled;
  });
}
