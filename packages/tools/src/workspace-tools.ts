import { ConfigError, type ToolV1 } from '@warden/protocol';
import { editFileTool } from './edit-file-tool.js';
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
 * The workspace tools, all jailed to `root`. Options are checked strictly
 * (an unknown key is a `config.unknown_key` ConfigError). `shell` is only
 * included when `allowShell` is true.
 */
export function createWorkspaceTools(options: WorkspaceToolsOptions): WorkspaceTools {
  const o = parseWorkspaceOptions(options);
  const jail = createPathJail({ root: o.root, protectedPaths: o.protectedPaths });
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
      throw new ConfigError({
        code: 'config.invalid',
        message: `workspaceTools options: shell.sandbox was made for ${sandbox.workspace}, not for the workspace root ${jail.root}`,
        hint: 'Create the sandbox with createSandbox({ workspace: root }) for the same root.',
      });
    }
    tools.push(shellTool(jail, { ...shell, ...(env ? { env } : {}), ...(sandbox ? { sandbox } : {}) }));
  }
  return { tools, jail };
}

/** The workspace tools as a plain list, ready for `createAgent({ tools })`. */
export function workspaceTools(options: WorkspaceToolsOptions): ToolV1[] {
  return createWorkspaceTools(options).tools;
}
