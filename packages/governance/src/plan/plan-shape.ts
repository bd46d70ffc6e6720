import type { JsonObject } from '@warden/protocol';

/** A step as the linter reads it (Argentum's format, `depends_on` and `outputs` defaulted). */
export interface ShapedStep {
  id: string;
  tool: string;
  parameters: JsonObject;
  outputs: string[];
  dependsOn: string[];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function strings(value: unknown): string[] | undefined {
  return Array.isArray(value) && value.every((v) => typeof v === 'string' && v !== '') ? (value as string[]) : undefined;
}

/** Reads a model-written value as a plan, or says every place it is not one (`E999`). */
export function planShape(plan: unknown): { ok: true; steps: ShapedStep[] } | { ok: false; issues: { message: string; location: string }[] } {
  if (!isObject(plan) || !Array.isArray(plan.steps)) return { ok: false, issues: [{ message: "Invalid plan format: missing 'steps' array", location: 'plan' }] };
  const issues: { message: string; location: string }[] = [];
  const steps: ShapedStep[] = [];
  plan.steps.forEach((raw: unknown, index: number) => {
    const where = `step${index + 1}`;
    if (!isObject(raw)) return issues.push({ message: 'A step must be an object', location: where });
    const id = typeof raw.id === 'string' && raw.id !== '' ? raw.id : undefined;
    const at = id ?? where;
    if (!id) issues.push({ message: "A step needs a non-empty string 'id'", location: `${at}.id` });
    if (typeof raw.tool !== 'string' || raw.tool === '') issues.push({ message: "A step needs a non-empty string 'tool'", location: `${at}.tool` });
    if (!isObject(raw.parameters)) issues.push({ message: "A step needs a 'parameters' object", location: `${at}.parameters` });
    const outputs = raw.outputs === undefined ? [] : strings(raw.outputs);
    const dependsOn = raw.depends_on === undefined ? [] : strings(raw.depends_on);
    if (!outputs) issues.push({ message: "'outputs' must be a list of names", location: `${at}.outputs` });
    if (!dependsOn) issues.push({ message: "'depends_on' must be a list of step ids", location: `${at}.depends_on` });
    if (id && typeof raw.tool === 'string' && raw.tool !== '' && isObject(raw.parameters) && outputs && dependsOn) {
      steps.push({ id, tool: raw.tool, parameters: raw.parameters as JsonObject, outputs, dependsOn });
    }
    return undefined;
  });
  return issues.length > 0 ? { ok: false, issues } : { ok: true, steps };
}
