import { configError } from './tool-error-codes.js';
import { ToolError, type ToolV1 } from '@warden/protocol';
import { editFileTool } from './edit-file-tool.js';
import { jailErrorOf } from './fs-errors.js';
import { grepTool } from './grep-tool.js';
import { listFilesTool } from './list-files-tool.js';
import { createPathJail, type PathJail } from './path-jail.js';
import { readFileTool } from './read-file-tool.js';
import { rememberTool } from './remember-tool.js';
import { shellTool } from './shell-tool.js';
import { useSkillTool } from './use-skill-tool.js';
import { parseWorkspaceOptions, type WorkspaceToolsOptions } from './workspace-options.js';
import { writeFileTool } from './write-file-tool.js';

export interface WorkspaceTools {
  /** read_file, list_files, grep, write_file, edit_file, remember, use_skill, and shell when allowed. */
  tools: ToolV1[];
  /** The jail every tool resolves its paths through. */
  jail: PathJail;
}

/**
 * A last line for errors the tools did not classify where they happened: a file-system errno
 * (`defineTool` wrapped it in `tool.execution_failed`) becomes the jail's typed result, so a path
 * changing under a tool ends in a `tool.*` refusal with a plain cause, never an errno message.
 */
function classifyFsErrors(tool: ToolV1): ToolV1 {
  return {
    ...tool,
    async execute(args, ctx) {
      try {
        return await tool.execute(args, ctx);
      } catch (error) {
        if (ToolError.isInstance(error) && error.code === 'tool.execution_failed' && error.cause !== undefined) {
          throw jailErrorOf(error.cause, `a path of ${tool.name}`) ?? error;
        }
        throw error;
      }
    },
  };
}

/**
 * The workspace tools, all jailed to `root`. Options are checked strictly
 * (an unknown key is a `config.unknown_key` ConfigError). `shell` is only
 * included when `allowShell` is true.
 */
export function createWorkspaceTools(options: WorkspaceToolsOptions): WorkspaceTools {
  const o = parseWorkspaceOptions(options);
  const jail = createPathJail({ root: o.root, protectedPaths: o.protectedPaths, allowHardLinks: o.allowHardLinks });
  const tools: ToolV1[] = [
    readFileTool(jail, o),
    listFilesTool(jail, o),
    grepTool(jail, o),
    writeFileTool(jail),
    editFileTool(jail, o),
    rememberTool(jail, { memoryFile: o.memoryFile, maxEditBytes: o.maxEditBytes, ...(o.now ? { now: o.now } : {}) }),
    useSkillTool(jail, o),
  ];
  if (o.allowShell) {
    const { env, sandbox, ...shell } = o.shell;
    if (sandbox !== undefined && sandbox.workspace !== jail.root) {
      throw configError({
        code: 'config.invalid',
        message: `workspaceTools options: shell.sandbox was made for ${sandbox.workspace}, not for the workspace root ${jail.root}`,
        hint: 'Create the sandbox with createSandbox({ workspace: root }) for the same root.',
      });
    }
    tools.push(shellTool(jail, { ...shell, ...(env ? { env } : {}), ...(o.redact ? { redact: o.redact } : {}), ...(sandbox ? { sandbox } : {}) }));
  }
  return { tools: tools.map(classifyFsErrors), jail };
}

/** The workspace tools as a plain list, ready for `createAgent({ tools })`. */
export function workspaceTools(options: WorkspaceToolsOptions): ToolV1[] {
  return createWorkspaceTools(options).tools;
}
