import { posix } from 'node:path';
import type { AfterToolContext, ToolResultStatus, OptionKeys } from '@warden/protocol';
import type { TaintNote } from '@warden/protocol/policy';
import { strictOptions } from '@warden/protocol/checks';
import { globToRegExp, matchesAnyGlob } from '../policy/glob.js';
import { findInjectionSignal } from './injection-signals.js';

/** What an `afterTool` hook receives: the protocol's hook contract (`HooksV1`), defined once there. */
export type { AfterToolContext };

/**
 * What the hook returns to mark the run tainted: the source, the reason in English, and the same
 * reason by id (`TAINT_NOTES` in the protocol) with its values, for front ends that translate.
 */
export interface TaintMark {
  taint: { source: string; reason: string; reasonId: TaintNote; params: Record<string, string> };
}

/** A mark for a call's output: `reason` in English, `reasonId` and `params` for translation. */
function mark(source: string, reason: string, reasonId: TaintNote, params: Record<string, string>): TaintMark {
  return { taint: { source, reason, reasonId, params } };
}

/**
 * Tool names whose output is open-world content by default. Warden's own MCP tools (`<server>__<tool>`)
 * need no glob: the MCP client marks each one `openWorld`. `mcp__*` covers adapters that use the
 * `mcp__<server>__<tool>` naming of other harnesses and set no annotation.
 */
export const DEFAULT_TAINT_TOOLS: readonly string[] = ['mcp__*', 'web_*', 'fetch*', 'http_*', 'browse*', 'search*', 'read_url', 'download*', 'email_read*', '*_inbox'];

export interface TaintDetectorOptions {
  /** Extra tool-name globs whose output taints. */
  taintTools?: readonly string[];
  /** Trust workspace files the run did not write (default false: reading them taints, the strict default). */
  trustWorkspaceFiles?: boolean;
  /** Tools that read workspace files. Default `read_file`, `grep`. */
  fileReadTools?: readonly string[];
  /** Tools that write workspace files (what they write is the task's own). Default `write_file`, `edit_file`. */
  fileWriteTools?: readonly string[];
  /**
   * Tools whose output is repository or process content whatever they are asked for: file names
   * from listings, shell output, skills. Default `list_files`, `shell`, `use_skill`.
   */
  repositoryTools?: readonly string[];
  /** Look for injection signals in every tool's output (default true). */
  signals?: boolean;
  /** How many runs to remember written files for (default 64). */
  maxRuns?: number;
}

/** An `afterTool` hook that marks a run tainted; pass it in core's `hooks`. */
export interface TaintDetector {
  afterTool(ctx: AfterToolContext): TaintMark | undefined;
  /** Why this output would taint the run, without recording anything. */
  inspect(ctx: AfterToolContext): TaintMark | undefined;
}

const NO_CONTENT: ReadonlySet<ToolResultStatus> = new Set(['denied', 'blocked', 'invalid', 'unknown_tool', 'interrupted']);

function normalize(path: string): string {
  return posix.normalize(path.replace(/\\/g, '/')).replace(/^\.\//, '');
}

const TAINT_DETECTOR_KEYS = { taintTools: true, trustWorkspaceFiles: true, fileReadTools: true, fileWriteTools: true, repositoryTools: true, signals: true, maxRuns: true } satisfies OptionKeys<TaintDetectorOptions>;

/**
 * Marks a run tainted when it reads open-world content (open-world tools,
 * MCP results, network fetches, workspace files it did not write, file names
 * from listings and searches, shell output, skills) or output carrying
 * injection signals. Returns `{ taint: { source, reason } }` once per
 * run, which core turns into a `taint` event and `GateContext.tainted`.
 */
export function taintDetector(options: TaintDetectorOptions = {}): TaintDetector {
  strictOptions('taintDetector', TAINT_DETECTOR_KEYS, options);
  const taintGlobs = [...DEFAULT_TAINT_TOOLS, ...(options.taintTools ?? [])].map(globToRegExp);
  const readTools = new Set(options.fileReadTools ?? ['read_file', 'grep']);
  const writeTools = new Set(options.fileWriteTools ?? ['write_file', 'edit_file']);
  const repositoryTools = new Set(options.repositoryTools ?? ['list_files', 'shell', 'use_skill']);
  const maxRuns = options.maxRuns ?? 64;
  const written = new Map<string, Set<string>>();
  const tainted = new Set<string>();

  function writtenBy(runId: string): Set<string> {
    let set = written.get(runId);
    if (!set) {
      set = new Set();
      written.set(runId, set);
      if (written.size > maxRuns) written.delete(written.keys().next().value as string);
    }
    return set;
  }

  function inspect(ctx: AfterToolContext): TaintMark | undefined {
    if (NO_CONTENT.has(ctx.status)) return undefined;
    const { call } = ctx;
    const source = `tool:${call.name}`;
    const tool = { tool: call.name };
    if (call.annotations?.openWorld === true) return mark(source, `${call.name} returns open-world content`, 'open_world_tool', tool);
    if (matchesAnyGlob(call.name, taintGlobs)) return mark(source, `${call.name} returns content from outside the workspace`, 'outside_tool', tool);
    if (repositoryTools.has(call.name) && options.trustWorkspaceFiles !== true) {
      return mark(source, `${call.name} returned repository content (names, output or skills) that the user did not write`, 'repository_content', tool);
    }
    if (readTools.has(call.name) && options.trustWorkspaceFiles !== true) {
      const path = typeof call.args.path === 'string' ? normalize(call.args.path) : undefined;
      if (path === undefined) return mark(source, `${call.name} read files that this run did not write`, 'unwritten_files', tool);
      if (!(written.get(ctx.runId)?.has(path) ?? false)) return mark(source, `${call.name} read ${path} that this run did not write`, 'unwritten_file', { ...tool, path });
    }
    if (options.signals !== false) {
      const text = ctx.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
      const signal = findInjectionSignal(text);
      if (signal) return mark(source, `the output of ${call.name} ${signal.kind}`, signal.id, tool);
    }
    return undefined;
  }

  return {
    inspect,
    afterTool(ctx) {
      if (writeTools.has(ctx.call.name) && ctx.status === 'ok' && typeof ctx.call.args.path === 'string') {
        writtenBy(ctx.runId).add(normalize(ctx.call.args.path));
      }
      const mark = inspect(ctx);
      if (!mark || tainted.has(ctx.runId)) return undefined;
      tainted.add(ctx.runId);
      if (tainted.size > maxRuns) tainted.delete(tainted.values().next().value as string);
      return mark;
    },
  };
}
