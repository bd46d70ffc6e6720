import { isDeepStrictEqual } from 'node:util';
import { schemaProblems } from '@warden/protocol/checks';
import type { JsonObject } from '@warden/protocol';
import type { GoldenTask, ToolExpectation } from './golden-task.js';
import type { RunObservation } from './run-observation.js';

/** One expectation tested against one run: the message names what was expected. */
export interface TaskCheck {
  message: string;
  passed: boolean;
}

const list = (value: string | string[] | undefined): string[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
const asText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value) ?? '');

function callMatches(call: { name: string; args: JsonObject }, expected: Exclude<ToolExpectation, string>): boolean {
  if (call.name !== expected.name) return false;
  for (const [key, value] of Object.entries(expected.args ?? {})) if (!isDeepStrictEqual(call.args[key], value)) return false;
  for (const [key, source] of Object.entries(expected.argsMatch ?? {})) {
    if (!(key in call.args) || !new RegExp(source, 'u').test(asText(call.args[key]))) return false;
  }
  return true;
}

function describeTool(expected: Exclude<ToolExpectation, string>): string {
  const parts = [
    ...Object.entries(expected.args ?? {}).map(([k, v]) => `${k}=${JSON.stringify(v)}`),
    ...Object.entries(expected.argsMatch ?? {}).map(([k, v]) => `${k}~/${v}/`),
  ];
  return parts.length > 0 ? `${expected.name}(${parts.join(', ')})` : expected.name;
}

function outputSchemaCheck(output: string, schema: Record<string, unknown>): TaskCheck {
  let value: unknown;
  try {
    value = JSON.parse(output);
  } catch {
    return { message: 'the answer is JSON matching the output schema (it is not JSON)', passed: false };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { message: 'the answer is a JSON object matching the output schema', passed: false };
  const problems = schemaProblems(schema, value as JsonObject);
  return { message: problems.length === 0 ? 'the answer matches the output schema' : `the answer matches the output schema (${problems.map((p) => p.message).join('; ')})`, passed: problems.length === 0 };
}

/** Every expectation of the task, tested against the run; the run passes when all pass. */
export function taskChecks(task: GoldenTask, run: RunObservation): TaskCheck[] {
  const expect = task.expect;
  const checks: TaskCheck[] = [];
  const wanted = expect.stopReason ?? 'done';
  checks.push({ message: `the run ends ${wanted}${run.stopReason && run.stopReason !== wanted ? ` (it ended ${run.stopReason})` : ''}`, passed: run.stopReason === wanted });
  for (const text of list(expect.contains)) checks.push({ message: `the answer contains "${text}"`, passed: run.output.includes(text) });
  for (const text of list(expect.notContains)) checks.push({ message: `the answer does not contain "${text}"`, passed: !run.output.includes(text) });
  for (const source of list(expect.matches)) checks.push({ message: `the answer matches /${source}/`, passed: new RegExp(source, 'u').test(run.output) });
  for (const tool of expect.toolCalled ?? []) {
    const expected = typeof tool === 'string' ? { name: tool } : tool;
    checks.push({ message: `${describeTool(expected)} was called and ran`, passed: run.ran.some((call) => callMatches(call, expected)) });
  }
  for (const name of expect.toolNotCalled ?? []) checks.push({ message: `${name} was never asked for`, passed: !run.asked.some((call) => call.name === name) });
  if (expect.maxSteps !== undefined) checks.push({ message: `at most ${expect.maxSteps} steps`, passed: run.steps <= expect.maxSteps });
  if (expect.maxCostUsd !== undefined) checks.push({ message: `at most $${expect.maxCostUsd} spent`, passed: run.costUsd <= expect.maxCostUsd });
  if (expect.outputSchema !== undefined) checks.push(outputSchemaCheck(run.output, expect.outputSchema));
  return checks;
}
