import { z } from 'zod';
import type { ToolV1 } from '@warden/protocol';
import { defineTool } from './define-tool.js';
import type { PathJail } from './path-jail.js';
import { globMatcher } from './protected-paths.js';
import { openChildFile, openFileForRead, openPinnedDir, type PinnedDir } from './secure-fs.js';
import { headOf, type Redact } from './redaction-cut.js';
import { looksBinary } from './text-reader.js';
import { toolError } from './tool-error-codes.js';
import { walkWorkspace, type WalkEntry } from './workspace-walk.js';
import type { FileHandle } from 'node:fs/promises';

export interface GrepConfig {
  maxGrepMatches: number;
  maxGrepFileBytes: number;
  maxListDepth: number;
  respectGitignore: boolean;
  /** Applied to each whole matching line before it is cut to 300 characters. */
  redact?: Redact;
}

const MAX_LINE_CHARS = 300;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

interface Search {
  regex: RegExp;
  matches: string[];
  limit: number;
  skippedLarge: number;
  skippedHardLinked: number;
  redact: Redact | undefined;
}

/** A matching line as shown: redacted whole first, then cut (never inside a secret or a marker). */
function shownLine(line: string, redact: Redact | undefined): string {
  const text = redact ? redact(line) : line;
  if (text.length <= MAX_LINE_CHARS) return text;
  return `${redact ? headOf(text, MAX_LINE_CHARS, false) : text.slice(0, MAX_LINE_CHARS)}…`;
}

/** Files searched at once within one directory. */
const CONCURRENCY = 8;

/** The matching lines of one open file (at most `limit`), or undefined when it is too large. */
async function matchesIn(handle: FileHandle, relative: string, search: Search, limit: number, maxBytes: number): Promise<string[] | undefined> {
  const { size } = await handle.stat();
  if (size > maxBytes) return undefined;
  const buffer = Buffer.allocUnsafe(size);
  let filled = 0;
  while (filled < size) {
    const { bytesRead } = await handle.read(buffer, filled, size - filled, filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  const bytes = buffer.subarray(0, filled);
  if (looksBinary(bytes.subarray(0, 8192))) return [];
  const found: string[] = [];
  const lines = bytes.toString('utf8').split('\n');
  for (let i = 0; i < lines.length && found.length < limit; i++) {
    let line = lines[i] as string;
    if (line.endsWith('\r')) line = line.slice(0, -1);
    if (!search.regex.test(line)) continue;
    found.push(`${relative}:${i + 1}: ${shownLine(line, search.redact)}`);
  }
  return found;
}

async function searchHandle(open: () => Promise<FileHandle | undefined>, relative: string, search: Search, maxBytes: number): Promise<string[]> {
  const handle = await open();
  if (!handle) return [];
  try {
    const found = await matchesIn(handle, relative, search, search.limit + 1, maxBytes);
    if (found === undefined) search.skippedLarge += 1;
    return found ?? [];
  } finally {
    await handle.close();
  }
}

/** Searches a directory's files a few at a time, appending matches in file order; false once the cap is passed. */
async function searchFiles(jail: PathJail, parent: PinnedDir, files: WalkEntry[], search: Search, maxBytes: number, included: (relative: string) => boolean): Promise<boolean> {
  const wanted = files.filter((f) => included(f.relative));
  const open = (name: string) =>
    openChildFile(parent, name, jail).catch((error: unknown) => {
      if ((error as { code?: unknown }).code === 'tool.path_hardlinked') search.skippedHardLinked += 1;
      return undefined;
    });
  for (let i = 0; i < wanted.length; i += CONCURRENCY) {
    const batch = wanted.slice(i, i + CONCURRENCY);
    const results = await Promise.all(batch.map((file) => searchHandle(() => open(file.name), file.relative, search, maxBytes)));
    for (const found of results) search.matches.push(...found);
    if (search.matches.length > search.limit) return false;
  }
  return true;
}

export function grepTool(jail: PathJail, config: GrepConfig): ToolV1 {
  const Input = z.strictObject({
    pattern: z.string().min(1).max(1000).describe('A JavaScript regular expression, or plain text when literal is true.'),
    literal: z.boolean().default(false).describe('Treat pattern as plain text. Default false.'),
    ignoreCase: z.boolean().default(false).describe('Match case-insensitively. Default false.'),
    path: z.string().default('.').describe('File or directory to search, relative to the workspace root. Default: the root.'),
    glob: z
      .union([z.string().min(1), z.array(z.string().min(1)).min(1)])
      .optional()
      .describe('Only search files matching these globs (e.g. "*.ts" or ["src/**/*.ts"]); a glob without "/" matches the file name.'),
    maxMatches: z.number().int().min(1).max(config.maxGrepMatches).optional().describe(`Most matches to return (at most ${config.maxGrepMatches}).`),
  });
  return defineTool({
    name: 'grep',
    description:
      'Search file contents in the workspace for a regular expression or literal text. Returns "path:line: text" lines in a stable order. Skips binary files, files ignored by .gitignore and protected paths.',
    input: Input,
    annotations: { readOnly: true },
    async execute(args, ctx) {
      let regex: RegExp;
      try {
        regex = new RegExp(args.literal ? escapeRegExp(args.pattern) : args.pattern, args.ignoreCase ? 'i' : '');
      } catch (error) {
        throw toolError('tool.invalid_args', `pattern is not a valid regular expression: ${(error as Error).message}`, 'Fix the pattern, or set literal: true to search plain text.');
      }
      const globs = args.glob === undefined ? undefined : Array.isArray(args.glob) ? args.glob : [args.glob];
      const included = globs ? globMatcher(globs, { nocase: false }) : () => true;
      const search: Search = { regex, matches: [], limit: args.maxMatches ?? config.maxGrepMatches, skippedLarge: 0, skippedHardLinked: 0, redact: config.redact };
      const target = jail.resolve(args.path);
      if (!target.exists) throw toolError('tool.file_not_found', `${args.path} does not exist`, 'Check the path with list_files.');

      const single = await openFileForRead(jail, target.real, target.relative).catch((error: unknown) => {
        if ((error as { code?: string }).code === 'tool.not_a_file') return undefined;
        throw error;
      });
      if (single) {
        search.matches.push(...(await searchHandle(async () => single, target.relative, search, config.maxGrepFileBytes)));
      } else {
        const dir = await openPinnedDir(jail, target.real, target.relative);
        try {
          await walkWorkspace(jail, dir, { maxDepth: config.maxListDepth, respectGitignore: config.respectGitignore, signal: ctx.signal }, {
            onFiles: (parent, files) => searchFiles(jail, parent, files, search, config.maxGrepFileBytes, included),
          });
        } finally {
          await dir.close();
        }
      }
      if (ctx.signal.aborted) return { content: `[aborted after ${search.matches.length} matches]`, isError: true };
      const more = search.matches.length > search.limit;
      const lines = search.matches.slice(0, search.limit);
      if (lines.length === 0) lines.push(`[no matches for ${JSON.stringify(args.pattern)}]`);
      if (more) lines.push(`[stopped after ${search.limit} matches; narrow the pattern, path or glob]`);
      if (search.skippedLarge > 0) lines.push(`[skipped ${search.skippedLarge} file(s) larger than ${config.maxGrepFileBytes} bytes]`);
      if (search.skippedHardLinked > 0) lines.push(`[skipped ${search.skippedHardLinked} file(s) with several hard links (see allowHardLinks)]`);
      return lines.join('\n');
    },
  });
}
