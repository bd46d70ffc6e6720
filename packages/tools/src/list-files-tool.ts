import { z } from 'zod';
import type { ToolV1 } from '@warden/protocol';
import { defineTool } from './define-tool.js';
import type { PathJail } from './path-jail.js';
import { openPinnedDir } from './secure-fs.js';
import { toolError } from './tool-error-codes.js';
import { walkWorkspace } from './workspace-walk.js';

export interface ListFilesConfig {
  maxListEntries: number;
  maxListDepth: number;
  respectGitignore: boolean;
}

export function listFilesTool(jail: PathJail, config: ListFilesConfig): ToolV1 {
  const Input = z.strictObject({
    path: z.string().default('.').describe('Directory relative to the workspace root. Default: the root.'),
    depth: z
      .number()
      .int()
      .min(1)
      .max(config.maxListDepth)
      .default(Math.min(3, config.maxListDepth))
      .describe('How many levels to descend (1 = direct children only). Default 3.'),
    limit: z.number().int().min(1).max(config.maxListEntries).optional().describe(`Most entries to return (at most ${config.maxListEntries}).`),
  });
  return defineTool({
    name: 'list_files',
    description:
      'List files and directories under a workspace directory, recursively up to a depth, in a stable sorted order. Directories end with "/", symlinks with "@". Entries ignored by .gitignore and protected paths (.env, .git, .warden) are left out.',
    input: Input,
    annotations: { readOnly: true },
    async execute(args, ctx) {
      const target = jail.resolve(args.path);
      if (!target.exists) throw toolError('tool.file_not_found', `${args.path} does not exist`, 'List the parent directory to see what is there.');
      const limit = args.limit ?? config.maxListEntries;
      const dir = await openPinnedDir(jail, target.real, target.relative);
      const lines: string[] = [];
      let more = false;
      try {
        await walkWorkspace(jail, dir, { maxDepth: args.depth, respectGitignore: config.respectGitignore, signal: ctx.signal }, {
          onEntry(entry) {
            if (lines.length >= limit) {
              more = true;
              return false;
            }
            const suffix = entry.kind === 'directory' ? '/' : entry.kind === 'symlink' ? '@' : '';
            lines.push(`${entry.relative}${suffix}`);
            return true;
          },
        });
      } finally {
        await dir.close();
      }
      if (ctx.signal.aborted) return { content: `[aborted after ${lines.length} entries]`, isError: true };
      if (lines.length === 0) return `[${target.relative} is empty]`;
      if (more) lines.push(`[stopped after ${limit} entries; list a subdirectory or lower depth to see the rest]`);
      return lines.join('\n');
    },
  });
}
