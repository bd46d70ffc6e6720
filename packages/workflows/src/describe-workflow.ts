import type { Template } from './templates.js';
import type { Step, WorkflowDefinition } from './workflow-file.js';

/** The outline of a workflow, one line a step, indented by nesting: what `describe()` and `--check` print. */
export function describeWorkflow(definition: WorkflowDefinition): string {
  const lines = [`workflow ${definition.name}${definition.version ? ` (${definition.version})` : ''}${definition.description ? ` — ${definition.description}` : ''}`];
  const inputs = Object.entries(definition.inputs).map(([name, spec]) => `${name}${spec.required ? '' : '?'}${spec.type ? `: ${spec.type}` : ''}`);
  if (inputs.length > 0) lines.push(`  inputs: ${inputs.join(', ')}`);
  outline(definition.steps, 1, lines);
  if (definition.output) lines.push(`  output: ${show(definition.output)}`);
  if (definition.budget) lines.push(`  budget: $${definition.budget.maxCostUsd} for its agents`);
  lines.push(`  max_steps: ${definition.maxSteps}`);
  return lines.join('\n');
}

function outline(steps: readonly Step[], depth: number, lines: string[]): void {
  for (const step of steps) {
    const pad = '  '.repeat(depth);
    const extras = [
      step.when ? `when ${step.when.source}` : '',
      step.needs ? `needs ${step.needs.join(', ')}` : '',
      step.retry !== undefined ? `retry ${typeof step.retry === 'number' ? step.retry : step.retry.max}` : '',
      step.timeout !== undefined ? `timeout ${step.timeout}s` : '',
      step.onError === 'continue' ? 'on_error continue' : '',
      step.save ? `→ state.${step.save}` : '',
    ].filter(Boolean);
    const tail = extras.length > 0 ? `  [${extras.join('; ')}]` : '';
    const name = step.named ? `${step.id}: ` : '';
    switch (step.kind) {
      case 'tool':
        lines.push(`${pad}- ${name}tool ${step.tool}${tail}`);
        break;
      case 'agent':
        lines.push(`${pad}- ${name}agent ${step.agent}${step.parse === 'json' ? ' (json)' : ''}${tail}`);
        break;
      case 'set':
        lines.push(`${pad}- ${name}set ${show(step.values)}${tail}`);
        break;
      case 'return':
        lines.push(`${pad}- ${name}return ${show(step.value)}${tail}`);
        break;
      case 'parallel':
        lines.push(`${pad}- ${name}parallel${tail}`);
        outline(step.branches, depth + 1, lines);
        break;
      case 'foreach':
        lines.push(`${pad}- ${name}foreach ${step.as} in ${show(step.items)}${step.concurrency > 1 ? ` (${step.concurrency} at once)` : ''}${tail}`);
        outline(step.steps, depth + 1, lines);
        break;
      case 'if':
        lines.push(`${pad}- ${name}if ${step.condition.source}${tail}`);
        outline(step.then, depth + 1, lines);
        if (step.else.length > 0) {
          lines.push(`${pad}  else`);
          outline(step.else, depth + 1, lines);
        }
        break;
      case 'loop':
        lines.push(`${pad}- ${name}loop up to ${step.max}${step.until ? ` until ${step.until.source}` : ''}${tail}`);
        outline(step.steps, depth + 1, lines);
        break;
      case 'graph':
        lines.push(`${pad}- ${name}graph${tail}`);
        outline(step.nodes, depth + 1, lines);
        break;
    }
  }
}

function show(template: Template): string {
  switch (template.kind) {
    case 'literal':
      return JSON.stringify(template.value);
    case 'expression':
      return `{{ ${template.expression.source} }}`;
    case 'text':
      return JSON.stringify(template.parts.map((p) => (typeof p === 'string' ? p : `{{ ${p.source} }}`)).join(''));
    case 'list':
      return `[${template.items.map(show).join(', ')}]`;
    case 'object':
      return `{ ${template.entries.map(([k, v]) => `${k}: ${show(v)}`).join(', ')} }`;
  }
}
