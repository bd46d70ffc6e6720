import { z } from 'zod';
import type { ToolV1 } from '@warden/protocol';
import { defineTool } from './define-tool.js';
import type { PathJail } from './path-jail.js';
import { readRedactedLineRange } from './redacted-range.js';
import type { Redact } from './redaction-cut.js';
import { openFileForRead } from './secure-fs.js';
import { looksBinary, readLineRange, readSample, sniffImage } from './text-reader.js';

export interface ReadFileConfig {
  maxReadBytes: number;
  maxImageBytes: number;
  /** Applied to the text before the byte cap cuts it (see `readRedactedLineRange`). */
  redact?: Redact;
}

const Input = z.strictObject({
  path: z.string().describe('File path relative to the workspace root.'),
  startLine: z.number().int().min(1).optional().describe('First line to return (1-based). Default 1.'),
  endLine: z.number().int().min(1).optional().describe('Last line to return (inclusive). Default: to the end or the byte cap.'),
});

export function readFileTool(jail: PathJail, config: ReadFileConfig): ToolV1 {
  return defineTool({
    name: 'read_file',
    description:
      `Read a text file in the workspace. Returns its lines (use startLine/endLine for a range); output stops at ${config.maxReadBytes} bytes with a [truncated] note saying where to continue. Binary files are not shown; PNG/JPEG/GIF/WebP images are returned as images.`,
    input: Input,
    annotations: { readOnly: true },
    async execute(args) {
      const start = args.startLine ?? 1;
      const end = args.endLine ?? Number.MAX_SAFE_INTEGER;
      if (end < start) return { content: `endLine (${end}) is before startLine (${start})`, isError: true };
      const target = jail.resolve(args.path);
      const handle = await openFileForRead(jail, target.real, target.relative);
      try {
        const size = (await handle.stat()).size;
        if (size === 0) return `[${target.relative} is empty]`;
        const sample = await readSample(handle);
        if (looksBinary(sample)) {
          const mediaType = sniffImage(sample);
          if (mediaType && size <= config.maxImageBytes) {
            const data = (await handle.readFile()).toString('base64');
            return [
              { type: 'text', text: `${target.relative}: ${mediaType}, ${size} bytes` },
              { type: 'image', mediaType, data },
            ];
          }
          return `[${target.relative} is a binary file${mediaType ? ` (${mediaType})` : ''} of ${size} bytes: not shown]`;
        }
        const range = config.redact
          ? await readRedactedLineRange(handle, start, end, config.maxReadBytes, config.redact)
          : await readLineRange(handle, start, end, config.maxReadBytes);
        const notes: string[] = [];
        if (range.lastLine === 0) {
          return range.eof ? `[${target.relative} has ${range.totalLines} lines; none from line ${start}]` : `[no lines shown]`;
        }
        const whole = start === 1 && range.eof && !range.truncated;
        if (range.truncated) {
          notes.push(
            `[truncated at ${config.maxReadBytes} bytes: showed lines ${range.firstLine}-${range.lastLine} of a ${size}-byte file. Call read_file with startLine: ${range.nextLine} to continue]`,
          );
        } else if (!whole) {
          notes.push(range.eof ? `[lines ${range.firstLine}-${range.lastLine} of ${range.totalLines}]` : `[lines ${range.firstLine}-${range.lastLine}; more lines follow]`);
        }
        if (range.crlf) notes.push('[this file uses CRLF line endings; they are shown as plain newlines]');
        return notes.length === 0 ? range.text : `${range.text}\n${notes.join('\n')}`;
      } finally {
        await handle.close();
      }
    },
  });
}
