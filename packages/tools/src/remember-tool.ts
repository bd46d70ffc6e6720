import { z } from 'zod';
import type { ToolV1 } from '@warden/protocol';
import { writeFileAtomic } from './atomic-write.js';
import { defineTool } from './define-tool.js';
import type { PathJail } from './path-jail.js';
import { openFileForRead } from './secure-fs.js';
import { toolError } from './tool-error-codes.js';

export interface RememberConfig {
  memoryFile: string;
  maxEditBytes: number;
  now?: () => Date;
}

const MAX_FACT_CHARS = 2000;

/** `remember`: appends a dated fact to the project memory file (WARDEN.md by default), atomically. */
export function rememberTool(jail: PathJail, config: RememberConfig): ToolV1 {
  return defineTool({
    name: 'remember',
    description: `Save a short, durable fact about this project (a convention, a command, a decision) to ${config.memoryFile}, dated. Future runs read it as project memory. One fact per call; no secrets.`,
    input: z.strictObject({
      fact: z.string().trim().min(1).max(MAX_FACT_CHARS).describe('The fact, in one or two sentences.'),
    }),
    annotations: { mutating: true },
    async execute(args) {
      const target = jail.resolve(config.memoryFile);
      let existing = '';
      if (target.exists) {
        const handle = await openFileForRead(jail, target.real, target.relative);
        try {
          if ((await handle.stat()).size > config.maxEditBytes) {
            throw toolError('tool.file_too_large', `${target.relative} is too large to append to safely`, 'Trim the memory file by hand.');
          }
          existing = await handle.readFile('utf8');
        } finally {
          await handle.close();
        }
      }
      const date = (config.now ?? (() => new Date()))().toISOString().slice(0, 10);
      const fact = args.fact.replace(/\s*[\r\n]+\s*/g, ' ');
      const header = existing === '' ? '# Project memory\n\n' : existing.endsWith('\n') ? '' : '\n';
      const line = `- ${date}: ${fact}\n`;
      await writeFileAtomic(jail, target, `${existing}${header}${line}`);
      return `Remembered in ${target.relative}: ${line.trim()}`;
    },
  });
}
