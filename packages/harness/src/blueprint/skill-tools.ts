import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { TOOL_NAME_PATTERN } from '@warden/protocol/checks';
import type { ToolAnnotations, ToolV1 } from '@warden/protocol';
import { isTool } from './tool-modules.js';

// Skills that bundle their own tools (seed 003 "Skills"): a skill folder holds SKILL.md and, beside
// it, a module (`tools.mjs` or `tools.js`) whose exported Warden tools come with the skill. They are
// code from the repository, so: they load only when a caller asks (a blueprint's `skills:`, or this
// function) — a run never imports a workspace's skills by itself —; each is named under its skill
// (`refunds__lookup`, the `server__tool` shape of MCP tools); each must declare its effect
// (annotations), and passes the gate like any tool; and what it returns is untrusted (open-world:
// it taints the run) unless the caller trusts that skill by name. They run in-process: the sandbox
// wraps subprocesses (shell, stdio MCP servers), so a skill whose tools need isolation ships them as
// a stdio MCP server instead.

/** The module names a skill's tools may live in, tried in order. */
export const SKILL_TOOL_MODULES = ['tools.mjs', 'tools.js'] as const;

export interface SkillToolsOptions {
  /** Only these skills (folder names); default every skill with a tools module. */
  skills?: readonly string[];
  /** Skills whose tools' results do not taint the run (the caller vouches for their code and sources). */
  trust?: readonly string[];
}

/** A problem loading one skill's tools (the caller places it in its own file). */
export interface SkillToolProblem {
  skill: string;
  message: string;
}

/**
 * Loads the tools the skills under `dir` bundle (`<dir>/<skill>/SKILL.md` + `tools.mjs`), named
 * `<skill>__<tool>`. A module that fails to load, a skill with a tools module exporting no tool,
 * a name that is not a valid tool name, or a tool declaring no effect is a problem, not a throw.
 */
export async function loadSkillTools(dir: string, options: SkillToolsOptions = {}): Promise<{ tools: ToolV1[]; problems: SkillToolProblem[] }> {
  const root = resolve(dir);
  const tools: ToolV1[] = [];
  const problems: SkillToolProblem[] = [];
  if (!existsSync(root)) return { tools, problems: [{ skill: '', message: `the skills folder ${dir} does not exist` }] };
  const trusted = new Set(options.trust ?? []);
  const wanted = options.skills ? new Set(options.skills) : undefined;
  const folders = readdirSync(root).filter((name) => statSync(join(root, name)).isDirectory() && existsSync(join(root, name, 'SKILL.md'))).sort();
  for (const name of wanted ?? []) if (!folders.includes(name)) problems.push({ skill: name, message: `there is no skill "${name}" (a folder with SKILL.md) under ${dir}` });
  for (const skill of folders) {
    if (wanted && !wanted.has(skill)) continue;
    const file = SKILL_TOOL_MODULES.map((m) => join(root, skill, m)).find((f) => existsSync(f));
    if (!file) continue;
    let module: Record<string, unknown>;
    try {
      module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    } catch (error) {
      problems.push({ skill, message: `the tools of skill "${skill}" cannot be loaded: ${((error as Error)?.message ?? String(error)).split('\n')[0]}` });
      continue;
    }
    const found = Object.values(module).flatMap((v) => (Array.isArray(v) ? v.filter(isTool) : isTool(v) ? [v] : []));
    if (found.length === 0) problems.push({ skill, message: `the tools module of skill "${skill}" exports no Warden tool` });
    for (const tool of found) {
      const name = `${skill.replace(/\./g, '-')}__${tool.name}`;
      if (!TOOL_NAME_PATTERN.test(name)) {
        problems.push({ skill, message: `"${name}" is not a valid tool name (a letter, then letters, digits, _ or -, at most 64)` });
        continue;
      }
      const a = tool.annotations ?? {};
      if (a.readOnly !== true && a.mutating === undefined && a.destructive === undefined && a.openWorld === undefined) {
        problems.push({ skill, message: `the tool "${tool.name}" of skill "${skill}" declares no effect (annotations: readOnly, mutating, destructive or openWorld)` });
        continue;
      }
      tools.push(skillTool(skill, name, tool, trusted.has(skill)));
    }
  }
  return { tools, problems };
}

function skillTool(skill: string, name: string, tool: ToolV1, trusted: boolean): ToolV1 {
  const declared = tool.annotations ?? {};
  // Untrusted code's output is open-world content: the taint detector marks the run after it.
  const annotations: ToolAnnotations = { ...declared, openWorld: trusted ? declared.openWorld === true : true, tags: [...(declared.tags ?? []), `skill:${skill}`] };
  return { ...tool, name, description: `[skill ${skill}] ${tool.description}`, annotations, execute: (args, ctx) => tool.execute(args, ctx) };
}
