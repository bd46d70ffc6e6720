import { z } from 'zod';
import type { ToolV1 } from '@warden/protocol';
import { writeFileAtomic } from './atomic-write.js';
import { defineTool } from './define-tool.js';
import type { PathJail } from './path-jail.js';
import { openFileForRead } from './secure-fs.js';
import { looksBinary } from './text-reader.js';
import { toolError } from './tool-error-codes.js';

export interface EditFileConfig {
  maxEditBytes: number;
}

function lineOf(text: string, index: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) line += 1;
  return line;
}

function occurrences(text: string, needle: string): number[] {
  const found: number[] = [];
  for (let i = text.indexOf(needle); i !== -1; i = text.indexOf(needle, i + needle.length)) found.push(i);
  return found;
}

/** Lines where the first non-blank line of `oldText` appears once whitespace is ignored: a hint for the model. */
function nearMisses(text: string, oldText: string): string {
  const first = oldText.split('\n').find((l) => l.trim() !== '')?.trim().replace(/\s+/g, ' ');
  if (!first) return '';
  const hits: number[] = [];
  text.split('\n').forEach((line, i) => {
    if (hits.length < 5 && line.trim().replace(/\s+/g, ' ').includes(first)) hits.push(i + 1);
  });
  return hits.length === 0
    ? ' Its first line does not appear either, even ignoring whitespace; read the file again.'
    : ` Its first line appears (ignoring whitespace) on line${hits.length > 1 ? 's' : ''} ${hits.join(', ')}: check indentation and the lines around it.`;
}

export function editFileTool(jail: PathJail, config: EditFileConfig): ToolV1 {
  return defineTool({
    name: 'edit_file',
    description:
      'Replace an exact piece of text in a workspace file. oldText must match exactly (whitespace included) and be unique in the file unless replaceAll is true; include enough surrounding lines to make it unique. The write is atomic.',
    input: z.strictObject({
      path: z.string().describe('File path relative to the workspace root.'),
      oldText: z.string().min(1).describe('The exact text to replace, copied from the file.'),
      newText: z.string().describe('The replacement text.'),
      replaceAll: z.boolean().default(false).describe('Replace every occurrence instead of requiring exactly one. Default false.'),
    }),
    annotations: { mutating: true },
    async execute(args) {
      const target = jail.resolve(args.path);
      const handle = await openFileForRead(jail, target.real, target.relative);
      let original: string;
      try {
        const size = (await handle.stat()).size;
        if (size > config.maxEditBytes) {
          throw toolError('tool.file_too_large', `${target.relative} is ${size} bytes; edit_file loads at most ${config.maxEditBytes}`, 'Use write_file or the shell for very large files.');
        }
        const bytes = await handle.readFile();
        if (looksBinary(bytes.subarray(0, 8192))) throw toolError('tool.not_a_file', `${target.relative} is a binary file; edit_file edits text`);
        original = bytes.toString('utf8');
      } finally {
        await handle.close();
      }
      // A CRLF file: match and write with CRLF, since the model sees plain newlines.
      const crlf = original.includes('\r\n') && !args.oldText.includes('\r\n');
      const oldText = crlf ? args.oldText.replace(/\n/g, '\r\n') : args.oldText;
      const newText = crlf ? args.newText.replace(/\r?\n/g, '\r\n') : args.newText;
      const found = occurrences(original, oldText);
      if (found.length === 0) {
        throw toolError('tool.edit_no_match', `oldText was not found in ${target.relative}.${nearMisses(original.replace(/\r\n/g, '\n'), args.oldText)}`, 'Copy oldText exactly from a fresh read_file.');
      }
      if (found.length > 1 && !args.replaceAll) {
        const lines = found.slice(0, 10).map((i) => lineOf(original, i));
        throw toolError(
          'tool.edit_ambiguous',
          `oldText matches ${found.length} places in ${target.relative} (lines ${lines.join(', ')}${found.length > 10 ? ', ...' : ''}).`,
          'Include more surrounding lines in oldText so it matches once, or set replaceAll: true.',
        );
      }
      const updated = args.replaceAll ? original.split(oldText).join(newText) : original.replace(oldText, () => newText);
      await writeFileAtomic(jail, target, updated);
      const count = args.replaceAll ? found.length : 1;
      return `Edited ${target.relative}: replaced ${count} occurrence${count > 1 ? 's' : ''} (line ${lineOf(original, found[0] as number)}).`;
    },
  });
}
