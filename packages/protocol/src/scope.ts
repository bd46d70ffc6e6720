import { z } from 'zod';
import { ScopePlan } from './plan.js';

/** Where a scope entry came from: the user's task text, the caller's configuration, or a policy file. */
export const ScopeOrigin = z.enum(['task', 'config', 'policy']);
export type ScopeOrigin = z.infer<typeof ScopeOrigin>;

/**
 * One path entry of a run's scope, workspace-relative with `/` separators. `file`: that file;
 * `dir`: the directory and everything under it; `glob`: a glob (`src/**\/*.ts`, `**\/notes.md`).
 * `text` is what the entry came from (the word of the task, the config key), for explanations.
 */
export const ScopePath = z.object({
  kind: z.enum(['file', 'dir', 'glob']),
  pattern: z.string().min(1),
  origin: ScopeOrigin,
  text: z.string().optional(),
});
export type ScopePath = z.infer<typeof ScopePath>;

/**
 * A host the run may reach after reading untrusted content (`api.example.com`, `*.example.com`),
 * on `port` (a number, or `*` for every port) — absent: the default ports of `scheme`, or 80 and
 * 443 when no scheme was written (and in scopes recorded before ports were kept). `scheme`, when
 * the task or config wrote one (`http://localhost:3000`), must match a URL's scheme too.
 */
export const ScopeHost = z.object({
  host: z.string().min(1),
  port: z.union([z.number().int().min(1).max(65535), z.literal('*')]).optional(),
  scheme: z.string().min(1).optional(),
  origin: ScopeOrigin,
  text: z.string().optional(),
});
export type ScopeHost = z.infer<typeof ScopeHost>;

/**
 * Tools the task names, by name or glob (`docs__*` for every tool of the MCP server `docs`,
 * `docs__search` for one). After taint, a named tool is not raised to a person for being
 * open-world or of unknown effect; the mode's decision and the send/publish rule still stand.
 */
export const ScopeTool = z.object({ pattern: z.string().min(1), origin: ScopeOrigin, text: z.string().optional() });
export type ScopeTool = z.infer<typeof ScopeTool>;

/**
 * What a run is authorized to touch once it has read untrusted content: computed from the user's
 * task and configuration before the model sees anything untrusted, recorded in the session and
 * the audit trail, and never widened by what the run reads. Files the run itself writes are added
 * as it goes (`GateContext.touchedPaths`), not here.
 */
export const RunScope = z.object({
  version: z.literal(1),
  paths: z.array(ScopePath),
  hosts: z.array(ScopeHost),
  /** Absent in scopes recorded before tools could be named: none. */
  tools: z.array(ScopeTool).optional(),
  /**
   * Plan-first runs: the plan written from the task alone, before anything untrusted was read.
   * Calls that conform to it (same tool, literal values equal, references only in values that are
   * not paths, commands or hosts) are not asked about again; others follow the normal rules.
   */
  plan: ScopePlan.optional(),
  /**
   * What the user's own words say, for authorizing effects beyond ordinary content (issue 34):
   * `asksForChange` is false for a task that asks for no change in any of the CLI's languages
   * ("explain…", "explica…", "explique…", "समझाओ…"), and `words` are its words, lower-cased, so a
   * non-ordinary change is task-authorized only when the task names the file and the exact key it
   * changes ("add a `count` script to package.json"). Absent in older scopes: nothing is authorized
   * by words, and ordinary content follows the mode.
   */
  task: z.object({ asksForChange: z.boolean(), words: z.array(z.string()) }).optional(),
});
export type RunScope = z.infer<typeof RunScope>;

/**
 * Why a run is tainted: which untrusted source (`tool:read_file`, `memory:WARDEN.md`, `mcp:tools`) and
 * what it read. `reason` is English; `reasonId` (one of `TAINT_NOTES`) and `params` say the same by
 * id, so a front end can say it in another language. Both are optional: older records lack them.
 */
export const TaintSource = z.object({
  source: z.string().min(1),
  reason: z.string(),
  reasonId: z.string().min(1).optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type TaintSource = z.infer<typeof TaintSource>;
