// `@warden/harness/blueprint`: agents declared in a file (seed 003 "Declaring it all in a file").
export { loadBlueprint, blueprint } from './blueprint/blueprint.js';
export type { Blueprint, BlueprintBuildOptions, BlueprintContext } from './blueprint/blueprint.js';
export { parseBlueprint, readBlueprintFile, blueprintProblems, MAX_BLUEPRINT_BYTES } from './blueprint/load-blueprint.js';
export type { BlueprintProblem } from './blueprint/load-blueprint.js';
export { BlueprintFile, BlueprintAgent, BlueprintVersion, BlueprintGuardrails, BlueprintSubagent } from './blueprint/blueprint-file.js';
export { prompt, loadPromptLibrary } from './blueprint/prompt-library.js';
export type { Prompt, PromptLibrary } from './blueprint/prompt-library.js';
export { mcpPromptLibrary } from './blueprint/mcp-prompt-library.js';
export type { McpPromptLibraryResult } from './blueprint/mcp-prompt-library.js';
export { loadSkillTools, SKILL_TOOL_MODULES } from './blueprint/skill-tools.js';
export type { SkillToolsOptions, SkillToolProblem } from './blueprint/skill-tools.js';
