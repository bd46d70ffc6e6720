import { existsSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { didYouMean } from '@warden/protocol/checks';
import type { ToolV1 } from '@warden/protocol';
import { configError } from '../coded-errors.js';
import { createHarness, type Harness } from '../create-harness.js';
import { BUILTIN_TOOL_NAMES } from '../harness-config.js';
import type { HarnessOptions } from '../harness-options.js';
import type { BlueprintFile, BlueprintGuardrails, BlueprintVersion } from './blueprint-file.js';
import { blueprintPlace, invalidBlueprint, readBlueprintFile, type BlueprintProblem } from './load-blueprint.js';
import { loadSkillTools } from './skill-tools.js';
import { resolveToolModules } from './tool-modules.js';

/** What `build` takes besides the agent: its version, the tools the file names, and the harness's own options. */
export type BlueprintBuildOptions = Omit<HarnessOptions, 'instructions' | 'handoffs' | 'subagents' | 'guardrails' | 'builtinTools'> & {
  /** A key of the agent's `versions:`; without it, the agent as declared. */
  version?: string;
};

/** A checked blueprint: agents to build into governed harnesses. */
export interface Blueprint {
  readonly file: BlueprintFile;
  /** The agents it declares, in file order. */
  agents(): string[];
  /** The versions one agent declares. */
  versions(agent: string): string[];
  /** The harness options an agent (at a version) stands for, without the caller's: what `build` merges in. */
  options(agent: string, version?: string): Partial<HarnessOptions>;
  /** The tool names an agent (at a version) may use, module specifiers read as the tools' names; undefined when it does not say. */
  tools(agent: string, version?: string): string[] | undefined;
  /** Tools the file names as module specifiers (`./tools.js#orderStatus`) and its skills' tools (`skill__tool`), loaded by `loadBlueprint`. */
  moduleTools(): ToolV1[];
  /** The workflow files the blueprint declares, by name, as absolute paths. */
  workflows(): Record<string, string>;
  /** Exactly the options `build` creates its harness with (the tools checked, the caller's options merged in). */
  harnessOptions(agent: string, options: BlueprintBuildOptions): HarnessOptions;
  /** One governed harness for one agent; every run it makes records the version (`run_start.agentVersion`, the run's spend, the audit trail). */
  build(agent: string, options: BlueprintBuildOptions): Promise<Harness>;
  /** One harness holding every agent: the first declared answers, the others are handoff targets. */
  buildAll(options: Omit<BlueprintBuildOptions, 'version'>): Promise<Harness>;
}

/**
 * Reads a blueprint file (`agents.yaml` / `agents.json`) and checks it whole: besides what
 * `parseBlueprint` checks, every tool named as a module specifier is imported (relative to the
 * file) and must be a Warden tool, and every workflow file must exist — each problem with its place.
 */
export async function loadBlueprint(path: string): Promise<Blueprint> {
  const file = await readBlueprintFile(path);
  const at = (p: ReadonlyArray<string | number>) => blueprintPlace(file, p);
  const { tools, problems } = await resolveToolModules(file, path, at);
  const dir = dirname(resolve(path));
  if (file.skills) {
    const skills = await loadSkillTools(resolve(dir, file.skills.dir), { ...(file.skills.only ? { skills: file.skills.only } : {}), ...(file.skills.trust ? { trust: file.skills.trust } : {}) });
    for (const tool of skills.tools) tools.set(tool.name, tool);
    for (const p of skills.problems) {
      const named = file.skills.only?.indexOf(p.skill) ?? -1;
      problems.push({ message: p.message, ...at(named >= 0 ? ['skills', 'only', named] : ['skills', 'dir']) });
    }
  }
  const workflowProblems: BlueprintProblem[] = Object.entries(file.workflows ?? {}).flatMap(([name, rel]) =>
    existsSync(resolve(dir, rel)) ? [] : [{ message: `the workflow "${name}" names a file that does not exist: ${rel}`, ...at(['workflows', name]) }],
  );
  const all = [...problems, ...workflowProblems].sort((a, b) => a.line - b.line || a.column - b.column);
  if (all.length > 0) throw invalidBlueprint(basename(path), all);
  return blueprint(file, { moduleTools: tools, dir });
}

/** What `loadBlueprint` read beside the file: the tools its module specifiers name, and its folder. */
export interface BlueprintContext {
  moduleTools?: ReadonlyMap<string, ToolV1>;
  /** The blueprint's folder: workflow paths are relative to it (default: the current directory). */
  dir?: string;
}

/** A blueprint from a checked file (`parseBlueprint`). */
export function blueprint(file: BlueprintFile, context: BlueprintContext = {}): Blueprint {
  const moduleTools = context.moduleTools ?? new Map<string, ToolV1>();
  // A module specifier stands for the tool it names; everything else is a tool's name already.
  const nameOf = (ref: string) => moduleTools.get(ref)?.name ?? ref;
  const names = (refs: readonly string[] | undefined) => refs?.map(nameOf);
  const agentNames = Object.keys(file.agents);
  const declared = (name: string) => {
    const agent = file.agents[name];
    if (agent) return agent;
    const near = didYouMean(name, agentNames);
    throw configError({ code: 'config.invalid', message: `the blueprint declares no agent "${name}"${near ? ` (did you mean "${near}"?)` : ''}`, hint: `Agents: ${agentNames.join(', ')}.` });
  };
  const resolved = (name: string, version?: string): BlueprintVersion => {
    const agent = declared(name);
    if (version === undefined) return agent;
    const override = agent.versions?.[version];
    if (!override) {
      const versions = Object.keys(agent.versions ?? {});
      const near = didYouMean(version, versions);
      throw configError({ code: 'config.invalid', message: `agent "${name}" has no version "${version}"${near ? ` (did you mean "${near}"?)` : ''}`, hint: versions.length > 0 ? `Versions: ${versions.join(', ')}.` : 'It declares no versions.' });
    }
    return { ...agent, ...override };
  };
  const prompts = (text: string | undefined) => (text ?? '').replace(/\{([A-Za-z][A-Za-z0-9_-]*)\}/g, (whole, key: string) => file.prompts?.[key] ?? whole);

  const options = (name: string, version?: string): Partial<HarnessOptions> => {
    const agent = resolved(name, version);
    const tools = names(agent.tools);
    const guardrails = typeof agent.guardrails === 'string' ? file.guardrails?.[agent.guardrails] : agent.guardrails;
    const handoffAgents = reachable(file, name);
    const model = agent.model ?? file.defaults?.model;
    const mode = agent.mode ?? file.defaults?.mode;
    const maxTurns = agent.max_turns ?? file.defaults?.max_turns;
    return {
      instructions: prompts(agent.instructions),
      ...(model ? { model } : {}),
      ...(file.defaults?.provider ? { provider: file.defaults.provider } : {}),
      ...(mode ? { mode } : {}),
      ...(maxTurns ? { maxTurns } : {}),
      ...(tools ? { builtinTools: Object.fromEntries(BUILTIN_TOOL_NAMES.map((t) => [t, tools.includes(t)])) } : {}),
      ...(guardrails ? { guardrails: guardrailsOf(guardrails, nameOf) } : {}),
      ...(agent.subagents && agent.subagents.length > 0
        ? {
            subagents: Object.fromEntries(
              agent.subagents.map((sub) => {
                const spec = file.subagents![sub]!;
                return [sub, { description: spec.description, ...(spec.instructions ? { system: prompts(spec.instructions) } : {}), tools: names(spec.tools)!, ...(spec.max_turns ? { maxTurns: spec.max_turns } : {}) }];
              }),
            ),
          }
        : {}),
      ...(handoffAgents.length > 0
        ? {
            handoffs: {
              name,
              agents: Object.fromEntries(
                handoffAgents.map((other) => {
                  const target = file.agents[other]!;
                  const link = linkTo(file, other);
                  return [
                    other,
                    {
                      description: target.description ?? `The ${other} agent.`,
                      ...(target.instructions ? { instructions: prompts(target.instructions) } : {}),
                      tools: names(target.tools) ?? [...BUILTIN_TOOL_NAMES],
                      ...(target.mode ? { mode: target.mode } : {}),
                      ...(link?.history ? { history: link.history } : {}),
                      ...(link?.sticky !== undefined ? { sticky: link.sticky } : {}),
                      ...(target.max_turns ? { maxTurns: target.max_turns } : {}),
                      ...(target.handoffs ? { handoffs: target.handoffs.map((h) => (typeof h === 'string' ? h : h.agent)) } : {}),
                    },
                  ];
                }),
              ),
            },
          }
        : {}),
    };
  };

  const harnessOptions = (name: string, given: BlueprintBuildOptions): HarnessOptions => {
    const { version, ...rest } = given;
    const own = options(name, version);
    const agent = resolved(name, version);
    // The caller's tools and the file's module tools (a tool handed in wins over one of the same name).
    const handed = [...(given.tools ?? [])];
    for (const tool of moduleTools.values()) if (!handed.some((t) => t.name === tool.name)) handed.push(tool);
    checkTools(file, name, version, names(agent.tools), handed, rest.mcpServers ? Object.keys(rest.mcpServers) : []);
    // The agent's own tools, and those its sub-agents and handoff targets name (they run in the same harness).
    const usable = agent.tools ? new Set([...names(agent.tools)!, ...(agent.subagents ?? []).flatMap((s) => names(file.subagents?.[s]?.tools) ?? []), ...reachable(file, name).flatMap((o) => names(file.agents[o]?.tools) ?? [])]) : undefined;
    const tools = usable ? handed.filter((t) => usable.has(t.name)) : handed;
    return { ...rest, ...own, ...(tools.length > 0 || given.tools ? { tools } : {}), ...(rest.model ?? own.model ? { model: rest.model ?? own.model } : {}) };
  };

  const build = async (name: string, given: BlueprintBuildOptions): Promise<Harness> => {
    const { version } = given;
    const harness = await createHarness(harnessOptions(name, given));
    if (version === undefined) return harness;
    return {
      ...harness,
      run: (task, runOptions) => harness.run(task, { agentVersion: version, ...runOptions }),
      stream: (task, runOptions) => harness.stream(task, { agentVersion: version, ...runOptions }),
      resume: (sessionId, runOptions) => harness.resume(sessionId, { agentVersion: version, ...runOptions }),
      resumeStream: (sessionId, runOptions) => harness.resumeStream(sessionId, { agentVersion: version, ...runOptions }),
    };
  };

  return {
    file,
    agents: () => agentNames,
    versions: (name) => Object.keys(declared(name).versions ?? {}),
    options,
    tools: (name, version) => names(resolved(name, version).tools),
    moduleTools: () => [...new Map([...moduleTools.values()].map((t) => [t.name, t])).values()],
    workflows: () => Object.fromEntries(Object.entries(file.workflows ?? {}).map(([name, rel]) => [name, resolve(context.dir ?? '.', rel)])),
    harnessOptions,
    build,
    async buildAll(given) {
      const [first, ...others] = agentNames;
      const all = { ...file, agents: { ...file.agents, [first!]: { ...file.agents[first!]!, handoffs: [...(file.agents[first!]!.handoffs ?? []), ...others.filter((o) => !reachable(file, first!).includes(o))] } } };
      return blueprint(all, context).build(first!, given);
    },
  };
}

/** Every agent reachable through handoffs from `name` (not itself), in file order. */
function reachable(file: BlueprintFile, name: string): string[] {
  const seen = new Set<string>();
  const visit = (from: string) => {
    for (const h of file.agents[from]?.handoffs ?? []) {
      const to = typeof h === 'string' ? h : h.agent;
      if (to !== name && !seen.has(to)) {
        seen.add(to);
        visit(to);
      }
    }
  };
  visit(name);
  return Object.keys(file.agents).filter((a) => seen.has(a));
}

/** The first handoff link that names `target`, for its history and sticky options. */
function linkTo(file: BlueprintFile, target: string): { history?: 'full' | 'summary' | 'none'; sticky?: boolean } | undefined {
  for (const agent of Object.values(file.agents)) {
    for (const h of agent.handoffs ?? []) if (typeof h !== 'string' && h.agent === target) return h;
  }
  return undefined;
}

function guardrailsOf(g: BlueprintGuardrails, nameOf: (ref: string) => string): NonNullable<HarnessOptions['guardrails']> {
  return {
    ...(g.require_tools ? { requireTools: g.require_tools.map(nameOf) } : {}),
    ...(g.forbid_tools ? { forbidTools: g.forbid_tools.map(nameOf) } : {}),
    ...(g.must_include ? { mustInclude: g.must_include } : {}),
    ...(g.no_placeholders !== undefined ? { noPlaceholders: g.no_placeholders } : {}),
    ...(g.no_pii !== undefined ? { pii: g.no_pii } : {}),
    ...(g.max_cost_usd !== undefined ? { maxCostUsd: g.max_cost_usd } : {}),
    ...(g.on_violation ? { onViolation: g.on_violation } : {}),
    ...(g.max_retries !== undefined ? { maxRetries: g.max_retries } : {}),
    ...(g.input ? { input: g.input } : {}),
    ...(g.output ? { output: g.output } : {}),
    ...(g.redact_input !== undefined ? { redactInput: g.redact_input } : {}),
  };
}

/** Every tool the agent (at this version) names is a built-in, a tool handed in, or an MCP server's (`server__tool`). */
function checkTools(file: BlueprintFile, name: string, version: string | undefined, named: readonly string[] | undefined, given: readonly ToolV1[], servers: readonly string[]): void {
  if (!named) return;
  const known = [...BUILTIN_TOOL_NAMES, ...given.map((t) => t.name)];
  const missing = named.filter((tool) => !known.includes(tool) && !servers.some((s) => tool.startsWith(`${s}__`)));
  if (missing.length === 0) return;
  const fromVersion = version !== undefined && file.agents[name]?.versions?.[version]?.tools !== undefined;
  const path = fromVersion ? ['agents', name, 'versions', version, 'tools'] : ['agents', name, 'tools'];
  const { line, column } = blueprintPlace(file, path);
  const list = missing.map((tool) => {
    const near = didYouMean(tool, known);
    return `"${tool}"${near ? ` (did you mean "${near}"?)` : ''}`;
  });
  throw configError({
    code: 'config.invalid',
    message: `${line}:${column}  agent "${name}"${fromVersion ? ` version "${version}"` : ''} names ${missing.length === 1 ? 'a tool' : 'tools'} nobody supplied: ${list.join(', ')}`,
    hint: 'Hand the tool in (`tools` of build), name a built-in tool, or an MCP server tool as server__tool.',
  });
}
