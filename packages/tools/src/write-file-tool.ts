import { z } from 'zod';
import type { ToolV1 } from '@warden/protocol';
import { writeFileAtomic } from './atomic-write.js';
import { defineTool } from './define-tool.js';
import type { PathJail } from './path-jail.js';

export function writeFileTool(jail: PathJail): ToolV1 {
  return defineTool({
    name: 'write_file',
    description:
      'Create or overwrite a file in the workspace with the given content (missing parent directories are created). The write is atomic: the file is either fully replaced or left as it was. Prefer edit_file for changing part of an existing file.',
    input: z.strictObject({
      path: z.string().describe('File path relative to the workspace root.'),
      content: z.string().describe('The complete new content of the file.'),
    }),
    annotations: { mutating: true },
    async execute(args) {
      const target = jail.resolve(args.path);
      const result = await writeFileAtomic(jail, target, args.content);
      return `${result.created ? 'Created' : 'Replaced'} ${target.relative} (${result.bytes} bytes)`;
    },
  });
}
