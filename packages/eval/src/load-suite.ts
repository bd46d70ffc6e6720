import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { evalError } from './coded-errors.js';
import { GoldenSuite, type GoldenTask } from './golden-task.js';

/** A checked suite: its name is always set. */
export interface Suite {
  readonly name: string;
  readonly description?: string;
  readonly tasks: readonly GoldenTask[];
}

function regexProblems(task: GoldenTask): string[] {
  const sources = [
    ...[task.expect.matches ?? []].flat().map((source) => ['matches', source] as const),
    ...(task.expect.toolCalled ?? []).flatMap((t) => (typeof t === 'string' ? [] : Object.values(t.argsMatch ?? {}).map((source) => ['argsMatch', source] as const))),
  ];
  const problems: string[] = [];
  for (const [key, source] of sources) {
    try {
      new RegExp(source, 'u');
    } catch {
      problems.push(`tasks.${task.id}.expect.${key}: "${source}" is not a regular expression`);
    }
  }
  return problems;
}

/** Checks a suite given in code (or read from a file): every problem at once, as `eval.invalid_suite`. */
export function defineSuite(input: unknown, fallbackName = 'suite'): Suite {
  const parsed = GoldenSuite.safeParse(input);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
    throw evalError('eval.invalid_suite', `the suite is not valid:\n  ${problems.join('\n  ')}`, 'A suite is { suite?, tasks: [{ id, input, expect: { contains, notContains, matches, toolCalled, toolNotCalled, maxSteps, maxCostUsd, outputSchema, stopReason } }] }.');
  }
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const task of parsed.data.tasks) {
    if (seen.has(task.id)) problems.push(`tasks: "${task.id}" is declared twice`);
    seen.add(task.id);
    if (Object.keys(task.expect).length === 0) problems.push(`tasks.${task.id}.expect: expects nothing (a task that cannot fail proves nothing)`);
    problems.push(...regexProblems(task));
  }
  if (problems.length > 0) throw evalError('eval.invalid_suite', `the suite is not valid:\n  ${problems.join('\n  ')}`);
  const name = parsed.data.suite ?? fallbackName;
  return { name, ...(parsed.data.description ? { description: parsed.data.description } : {}), tasks: parsed.data.tasks };
}

/** The suite's default name: the file's base name without `.eval` and the extension. */
function nameFromFile(file: string): string {
  const base = path.basename(file).replace(/\.(ya?ml|json)$/i, '').replace(/\.eval$/i, '');
  const cleaned = base.replace(/[^A-Za-z0-9._-]/g, '-').replace(/^[^A-Za-z0-9]+/, '');
  return cleaned || 'suite';
}

/** Parses a suite's text (YAML, which includes JSON). */
export function parseSuite(text: string, fileName = 'suite.yaml'): Suite {
  let data: unknown;
  try {
    data = parseYaml(text, { prettyErrors: true });
  } catch (error) {
    throw evalError('eval.invalid_suite', `${fileName} is not valid YAML or JSON: ${(error as Error).message.split('\n')[0]}`, undefined, error);
  }
  return defineSuite(data, nameFromFile(fileName));
}

/** Reads and checks a suite file. */
export async function loadSuite(file: string): Promise<Suite> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw evalError('eval.invalid_suite', `cannot read the suite ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'})`, 'Check the path.', error);
  }
  return parseSuite(text, path.basename(file));
}
