import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { EvidenceError } from '../errors/evidence-error.js';
import { evidenceError } from '../errors/coded-errors.js';
import { createHttpTarget } from './http-target.js';
import { createMcpTarget } from './mcp-target.js';
import { createModuleTarget } from './module-target.js';
import type { LoadedTarget } from './probe-target.js';
import { TargetFile } from './target-spec.js';

export { TargetFile };

export const TARGET_FILE_HINT =
  'A target file is { "kind": "module", "entry": "agent.mjs:call", "cleanup"?, "close"?, "timeout_s"? }, { "kind": "http", "url": "https://…", "headers"?, "cleanup_url"?, "close_url"?, "timeout_s"? } or { "kind": "mcp", "url": "https://…/mcp", "tool"?: "call", "headers"?, "timeout_s"? }.';

function invalid(message: string, cause?: unknown): EvidenceError {
  return evidenceError({ code: 'evidence.invalid_target', message, hint: TARGET_FILE_HINT, cause });
}

/** The first problem of a target document, as `where what` (never the offending value). */
export function targetIssue(value: unknown): string | undefined {
  const parsed = TargetFile.safeParse(value);
  if (parsed.success) return undefined;
  const issue = parsed.error.issues[0];
  const where = issue?.path.join('.') || '(root)';
  if (issue?.path.length === 1 && issue.path[0] === 'kind') return 'kind must be "module", "http" or "mcp"';
  return `${where} ${issue?.message ?? 'is invalid'}`;
}

/** Builds the target a validated document describes; `baseDir` anchors a module target's relative paths. */
export function createTarget(spec: TargetFile, options: { baseDir: string; name: string; fetch?: typeof fetch }): LoadedTarget {
  const via = options.fetch === undefined ? {} : { fetch: options.fetch };
  if (spec.kind === 'http') return createHttpTarget(spec, { name: options.name, ...via });
  if (spec.kind === 'mcp') return createMcpTarget(spec, { name: options.name, ...via });
  return createModuleTarget(spec, options);
}

/** Parses target file JSON; relative paths in it are relative to `file`. Nothing is imported or connected yet. */
export function parseTargetFile(value: unknown, file: string): LoadedTarget {
  const parsed = TargetFile.safeParse(value);
  if (!parsed.success) throw invalid(`Target file ${path.basename(file)}: ${targetIssue(value)}.`);
  return createTarget(parsed.data, { baseDir: path.dirname(path.resolve(file)), name: path.basename(file) });
}

/** Reads and validates a target file. Functions load (and servers connect) lazily, on first use. */
export async function loadTargetFile(file: string): Promise<LoadedTarget> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw invalid(`Target file ${path.basename(file)} cannot be read.`, error);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw invalid(`Target file ${path.basename(file)} is not JSON.`, error);
  }
  return parseTargetFile(value, file);
}
