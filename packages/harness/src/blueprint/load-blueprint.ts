import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { didYouMean } from '@warden/protocol/checks';
import { isMap, LineCounter, parseDocument, type Document } from 'yaml';
import type { z } from 'zod';
import { configError } from '../coded-errors.js';
import { BlueprintAgent, BlueprintFile, BlueprintGuardrails, BlueprintSubagent, BlueprintVersion, type BlueprintFile as BlueprintFileType } from './blueprint-file.js';

/** One thing wrong with a blueprint, where it is. */
export interface BlueprintProblem {
  message: string;
  line: number;
  column: number;
}

/** Largest blueprint read, in bytes. */
export const MAX_BLUEPRINT_BYTES = 1024 * 1024;

type Path = ReadonlyArray<string | number>;

/** `{house_style}` in instructions names a prompt; `{"json": …}` and `{ spaced }` do not. */
const PROMPT_REF = /\{([A-Za-z][A-Za-z0-9_-]*)\}/g;

const ALL_KEYS = [
  ...new Set([BlueprintFile, BlueprintAgent, BlueprintVersion, BlueprintSubagent, BlueprintGuardrails].flatMap((shape) => Object.keys(shape.shape))),
  'model',
  'provider',
  'mode',
  'max_turns',
  'agent',
  'history',
  'sticky',
  'workflows',
  'skills',
  'dir',
  'only',
  'trust',
  // A content rail's keys.
  'rail',
  'judge',
  'on_error',
  'block_at',
  'timeout_ms',
  'threshold',
  'min_overlap',
  'classes',
  'words',
];

/** Reads and checks a blueprint file (YAML or JSON). */
export async function readBlueprintFile(file: string): Promise<BlueprintFileType> {
  return parseBlueprint(await readFile(file, 'utf8'), basename(file));
}

/**
 * Checks a blueprint whole: syntax, unknown keys (with "did you mean"), prompts, guardrail sets,
 * sub-agents and handoff targets that are not declared, and versions that name what the agent
 * cannot have. Every problem at once, each with its line and column, as `config.invalid`.
 */
export function parseBlueprint(text: string, fileName = 'blueprint'): BlueprintFileType {
  if (Buffer.byteLength(text) > MAX_BLUEPRINT_BYTES) throw configError({ code: 'config.invalid', message: `${fileName}: a blueprint may be at most ${MAX_BLUEPRINT_BYTES} bytes` });
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, uniqueKeys: true, prettyErrors: false });
  const problems: BlueprintProblem[] = [];
  const at = (path: Path, key?: string) => position(doc, lines, path, key);
  for (const error of doc.errors) {
    const { line, col } = lines.linePos(error.pos[0]);
    problems.push({ message: error.message.split('\n')[0]!, line, column: col });
  }
  let file: BlueprintFileType | undefined;
  if (doc.errors.length === 0) {
    const parsed = BlueprintFile.safeParse(doc.toJS({ maxAliasCount: 100 }));
    if (parsed.success) file = parsed.data;
    else problems.push(...zodProblems(parsed.error, at));
  }
  if (file) problems.push(...crossReferences(file, at));
  if (problems.length > 0 || !file) throw invalidBlueprint(fileName, problems);
  places.set(file, at);
  return file;
}

/** `config.invalid` listing every problem as `file:line:column  message`; `blueprintProblems` reads them back. */
export function invalidBlueprint(fileName: string, problems: readonly BlueprintProblem[]): Error {
  const list = problems.map((p) => `  ${fileName}:${p.line}:${p.column}  ${p.message}`).join('\n');
  const error = configError({ code: 'config.invalid', message: `${fileName} is not a valid blueprint:\n${list}`, hint: 'Fix each place named above; `warden agents check --blueprint FILE` checks a blueprint without running it.' });
  Object.assign(error, { problems });
  return error;
}

/** Where each checked blueprint's values are, for problems found later (a tool nobody supplied). */
const places = new WeakMap<object, At>();

/** The line and column of a path in a checked blueprint (1:1 when it was not read from text). */
export function blueprintPlace(file: BlueprintFileType, path: Path): { line: number; column: number } {
  return places.get(file)?.(path) ?? { line: 1, column: 1 };
}

/** The problems a blueprint's `config.invalid` error lists, or none for any other value. */
export function blueprintProblems(error: unknown): BlueprintProblem[] {
  const problems = (error as { problems?: unknown } | undefined)?.problems;
  return Array.isArray(problems) ? (problems as BlueprintProblem[]) : [];
}

function position(doc: Document, lines: LineCounter, path: Path, key?: string): { line: number; column: number } {
  let node = doc.getIn(path, true) as { range?: [number, number, number] } | undefined;
  if (key !== undefined && isMap(node)) node = node.items.find((item) => (item.key as { value?: unknown } | null)?.value === key)?.key as typeof node;
  for (let cut = path.length; !node?.range && cut > 0; cut -= 1) node = doc.getIn(path.slice(0, cut - 1), true) as typeof node;
  const { line, col } = lines.linePos(node?.range?.[0] ?? 0);
  return { line, column: col };
}

type At = (path: Path, key?: string) => { line: number; column: number };

/**
 * A union that failed in every branch (`guardrails: name | set`) says what was wrong in the branch
 * the value was meant for: the one whose problems are not "this is the wrong type" at its root.
 */
function unionIssues(issue: z.core.$ZodIssue): z.core.$ZodIssue[] {
  if (issue.code !== 'invalid_union') return [issue];
  const meant = issue.errors.filter((branch) => !branch.every((i) => i.code === 'invalid_type' && i.path.length === 0));
  if (meant.length !== 1) return [issue];
  return meant[0]!.flatMap((inner) => unionIssues({ ...inner, path: [...issue.path, ...inner.path] }));
}

function zodProblems(error: z.ZodError, at: At): BlueprintProblem[] {
  return error.issues.flatMap(unionIssues).flatMap((issue) => {
    const path = issue.path as Array<string | number>;
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => {
        const near = didYouMean(key, ALL_KEYS);
        return { message: `unknown key "${key}"${near ? ` (did you mean "${near}"?)` : ''}`, ...at(path, key) };
      });
    }
    return [{ message: `${path.length > 0 ? `${path.join('.')}: ` : ''}${issue.message}`, ...at(path) }];
  });
}

function crossReferences(file: BlueprintFileType, at: At): BlueprintProblem[] {
  const problems: BlueprintProblem[] = [];
  const named = (kind: string, name: string, known: Record<string, unknown> | undefined, path: Path) => {
    if (known && Object.hasOwn(known, name)) return;
    const near = didYouMean(name, Object.keys(known ?? {}));
    problems.push({ message: `${kind} "${name}" is not declared${near ? ` (did you mean "${near}"?)` : ''}`, ...at(path) });
  };
  const prompts = (text: string | undefined, path: Path) => {
    for (const match of (text ?? '').matchAll(PROMPT_REF)) named('the prompt', match[1]!, file.prompts, path);
  };
  for (const [name, sub] of Object.entries(file.subagents ?? {})) prompts(sub.instructions, ['subagents', name, 'instructions']);
  for (const [name, agent] of Object.entries(file.agents)) {
    const base: Path = ['agents', name];
    const parts = [{ part: agent as BlueprintVersionLike, path: base }, ...Object.entries(agent.versions ?? {}).map(([v, part]) => ({ part, path: [...base, 'versions', v] }))];
    for (const { part, path } of parts) {
      prompts(part.instructions, [...path, 'instructions']);
      if (typeof part.guardrails === 'string') named('the guardrail set', part.guardrails, file.guardrails, [...path, 'guardrails']);
      (part.subagents ?? []).forEach((sub, i) => named('the sub-agent', sub, file.subagents, [...path, 'subagents', i]));
    }
    (agent.handoffs ?? []).forEach((handoff, i) => {
      const target = typeof handoff === 'string' ? handoff : handoff.agent;
      if (target === name) problems.push({ message: `agent "${name}" hands off to itself`, ...at([...base, 'handoffs', i]) });
      else named('the agent', target, file.agents, [...base, 'handoffs', i]);
    });
  }
  return problems;
}

type BlueprintVersionLike = Pick<BlueprintFileType['agents'][string], 'instructions' | 'guardrails' | 'subagents'>;
