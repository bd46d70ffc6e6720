import { didYouMean } from '@warden/protocol/checks';
import { isMap, LineCounter, parseDocument, type Document } from 'yaml';
import type { z } from 'zod';
import { workflowError } from './coded-errors.js';
import { compileTemplate, expressionsOf, TEMPLATE_ROOTS, type Template } from './templates.js';
import {
  COMMON_STEP_KEYS,
  DEFAULT_MAX_STEPS,
  STEP_KINDS,
  STEP_SHAPES,
  AgentSpec,
  InputSpec,
  WorkflowFileShape,
  type Step,
  type StepKind,
  type WorkflowDefinition,
} from './workflow-file.js';
import { compileExpression, type Expression } from '@warden/governance';

/** One thing wrong with a workflow file, where it is. */
export interface WorkflowProblem {
  message: string;
  line: number;
  column: number;
}

/** Every key the format knows anywhere, for "did you mean" inside nested objects. */
const ALL_KEYS = [
  ...new Set([
    ...Object.keys(WorkflowFileShape.shape),
    ...Object.values(STEP_SHAPES).flatMap((shape) => Object.keys(shape.shape)),
    ...Object.keys(InputSpec.shape),
    ...Object.keys(AgentSpec.shape),
    'max',
    'until',
    'delay',
    'backoff',
    'max_cost_usd',
  ]),
];

/** Largest workflow file read, in bytes. */
export const MAX_WORKFLOW_BYTES = 1024 * 1024;

type Path = ReadonlyArray<string | number>;

/**
 * Reads a workflow file (YAML, or JSON — which is YAML) and checks it whole: syntax, unknown keys
 * (with "did you mean"), step kinds, duplicate ids, templates naming steps or inputs that do not
 * exist, graph cycles. Every problem is reported at once with its line and column, as
 * `workflow.invalid`; nothing runs from a file that is wrong.
 */
export function parseWorkflow(text: string, fileName = 'workflow'): WorkflowDefinition {
  if (Buffer.byteLength(text) > MAX_WORKFLOW_BYTES) {
    throw workflowError('workflow.invalid', `${fileName}: a workflow file may be at most ${MAX_WORKFLOW_BYTES} bytes`);
  }
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, uniqueKeys: true, prettyErrors: false });
  const checker = new Checker(doc, lines);
  for (const error of doc.errors) checker.problemAtOffset(error.message.split('\n')[0]!, error.pos[0]);
  if (doc.errors.length === 0) checker.checkFile(doc.toJS({ maxAliasCount: 100 }) as unknown);
  if (checker.problems.length > 0 || !checker.result) {
    const list = checker.problems.map((p) => `  ${fileName}:${p.line}:${p.column}  ${p.message}`).join('\n');
    const error = workflowError('workflow.invalid', `${fileName} is not a valid workflow:\n${list}`, 'Fix each place named above; `warden workflow FILE --check` checks a file without running it.');
    Object.assign(error, { problems: checker.problems });
    throw error;
  }
  return checker.result;
}

/** The problems a `workflow.invalid` error lists, or none for any other value. */
export function workflowProblems(error: unknown): WorkflowProblem[] {
  const problems = (error as { problems?: unknown } | undefined)?.problems;
  return Array.isArray(problems) ? (problems as WorkflowProblem[]) : [];
}

class Checker {
  readonly problems: WorkflowProblem[] = [];
  result: WorkflowDefinition | undefined;
  private readonly counts = new Map<StepKind, number>();
  private readonly named = new Map<string, Path>();
  private readonly references: Array<{ expression: Expression; path: Path }> = [];
  private inputs: Record<string, unknown> = {};

  constructor(
    private readonly doc: Document,
    private readonly lines: LineCounter,
  ) {}

  problemAtOffset(message: string, offset: number): void {
    const { line, col } = this.lines.linePos(offset);
    this.problems.push({ message, line, column: col });
  }

  /** The position of a path in the file: the key when `key` is set (an unknown key), else the value. */
  at(path: Path, key?: string): { line: number; column: number } {
    let node = this.doc.getIn(path, true) as { range?: [number, number, number] } | undefined;
    if (key !== undefined && isMap(node)) {
      const pair = node.items.find((item) => (item.key as { value?: unknown } | null)?.value === key);
      node = pair?.key as typeof node;
    }
    for (let cut = path.length; !node?.range && cut > 0; cut -= 1) node = this.doc.getIn(path.slice(0, cut - 1), true) as typeof node;
    const { line, col } = this.lines.linePos(node?.range?.[0] ?? 0);
    return { line, column: col };
  }

  problem(message: string, path: Path, key?: string): void {
    this.problems.push({ message, ...this.at(path, key) });
  }

  private zodProblems(error: z.ZodError, base: Path, known: readonly string[]): void {
    for (const issue of error.issues) {
      const path = [...base, ...(issue.path as Array<string | number>)];
      if (issue.code === 'unrecognized_keys') {
        for (const key of issue.keys) {
          // Nested objects (loop, retry, inputs…) have keys of their own: suggest from every key the format has.
          const near = didYouMean(key, issue.path.length === 0 ? known : ALL_KEYS);
          this.problem(`unknown key "${key}"${near ? ` (did you mean "${near}"?)` : ''}`, path, key);
        }
      } else {
        const where = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
        this.problem(`${where}${issue.message}`, path);
      }
    }
  }

  checkFile(value: unknown): void {
    const top = WorkflowFileShape.safeParse(value);
    if (!top.success) {
      this.zodProblems(top.error, [], Object.keys(WorkflowFileShape.shape));
      return;
    }
    const file = top.data;
    this.inputs = file.inputs ?? {};
    const steps = this.steps(file.steps, ['steps'], []);
    const output = file.output === undefined ? undefined : this.template(file.output, ['output'], []);
    this.checkReferences();
    if (this.problems.length > 0) return;
    this.result = {
      name: file.name,
      ...(file.description !== undefined ? { description: file.description } : {}),
      ...(file.version !== undefined ? { version: file.version } : {}),
      inputs: file.inputs ?? {},
      state: file.state ?? {},
      agents: file.agents ?? {},
      steps,
      ...(output ? { output } : {}),
      ...(file.budget ? { budget: { maxCostUsd: file.budget.max_cost_usd } } : {}),
      maxSteps: file.max_steps ?? DEFAULT_MAX_STEPS,
    };
  }

  /** Compiles a value's templates leaf by leaf, so a problem is reported at the string that has it. */
  private template(value: unknown, path: Path, loopVars: readonly string[]): Template {
    if (Array.isArray(value)) return { kind: 'list', items: value.map((item, i) => this.template(item, [...path, i], loopVars)) };
    if (value !== null && typeof value === 'object') {
      return { kind: 'object', entries: Object.entries(value).map(([key, item]) => [key, this.template(item, [...path, key], loopVars)]) };
    }
    try {
      const template = compileTemplate(value, [...TEMPLATE_ROOTS, ...loopVars]);
      for (const expression of expressionsOf(template)) this.references.push({ expression, path });
      return template;
    } catch (error) {
      this.problem((error as Error).message, path);
      return { kind: 'literal', value: null };
    }
  }

  private expression(source: string, path: Path, loopVars: readonly string[]): Expression | undefined {
    // A condition may be written bare (`if: len(x) > 0`) or as one template (`if: "{{ … }}"`).
    const bare = /^\s*\{\{([\s\S]*)\}\}\s*$/.exec(source)?.[1] ?? source;
    try {
      const expression = compileExpression(bare.trim(), { roots: [...TEMPLATE_ROOTS, ...loopVars] });
      this.references.push({ expression, path });
      return expression;
    } catch (error) {
      this.problem((error as Error).message, path);
      return undefined;
    }
  }

  private steps(list: unknown[], path: Path, loopVars: readonly string[], inGraph = false): Step[] {
    const out: Step[] = [];
    list.forEach((raw, index) => {
      const step = this.step(raw, [...path, index], loopVars, inGraph);
      if (step) out.push(step);
    });
    if (inGraph) this.checkGraph(out, path);
    return out;
  }

  private step(raw: unknown, path: Path, loopVars: readonly string[], inGraph: boolean): Step | undefined {
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
      this.problem(`a step is a mapping with one of the keys ${STEP_KINDS.join(', ')}`, path);
      return undefined;
    }
    const keys = Object.keys(raw);
    const kinds = STEP_KINDS.filter((kind) => keys.includes(kind));
    if (kinds.length !== 1) {
      const stray = keys.filter((k) => !(COMMON_STEP_KEYS as readonly string[]).includes(k));
      const near = stray.map((k) => didYouMean(k, STEP_KINDS)).find((n) => n !== undefined);
      this.problem(
        kinds.length === 0
          ? `a step needs one of ${STEP_KINDS.join(', ')}${near ? ` (did you mean "${near}"?)` : ''}`
          : `a step is one thing: it has ${kinds.join(' and ')}`,
        path,
      );
      return undefined;
    }
    const kind = kinds[0]!;
    const shape = STEP_SHAPES[kind];
    const parsed = shape.safeParse(raw);
    if (!parsed.success) {
      this.zodProblems(parsed.error, path, Object.keys(shape.shape));
      return undefined;
    }
    const data = parsed.data;
    const n = (this.counts.get(kind) ?? 0) + 1;
    this.counts.set(kind, n);
    const id = (data.id as string | undefined) ?? `${kind}_${n}`;
    if (data.id !== undefined) {
      if (this.named.has(id)) this.problem(`two steps have the id "${id}"`, [...path, 'id']);
      else this.named.set(id, path);
    }
    if (data.needs !== undefined && !inGraph) this.problem('"needs" is only for the nodes of a graph', [...path, 'needs']);
    if (inGraph && data.id === undefined) this.problem('every node of a graph needs an id', path);
    const when = typeof data.when === 'string' ? this.expression(data.when, [...path, 'when'], loopVars) : undefined;
    const common = {
      id,
      named: data.id !== undefined,
      ...(when ? { when } : {}),
      ...(data.save !== undefined ? { save: data.save as string } : {}),
      ...(data.retry !== undefined ? { retry: data.retry as Step['retry'] } : {}),
      ...(data.timeout !== undefined ? { timeout: data.timeout as number } : {}),
      onError: (data.on_error as 'fail' | 'continue' | undefined) ?? 'fail',
      ...(data.needs !== undefined ? { needs: data.needs as string[] } : {}),
      at: this.at(path),
    };
    return this.kindOf(kind, data, path, loopVars, common);
  }

  private kindOf(kind: StepKind, data: Record<string, unknown>, path: Path, loopVars: readonly string[], common: Omit<Step, 'kind'> & object): Step | undefined {
    const sub = (key: string, vars = loopVars) => this.steps(data[key] as unknown[], [...path, key], vars);
    switch (kind) {
      case 'tool':
        return { ...common, kind, tool: data.tool as string, args: this.template(data.args ?? {}, [...path, 'args'], loopVars) };
      case 'agent':
        return {
          ...common,
          kind,
          agent: data.agent as string,
          ...(data.input !== undefined ? { input: this.template(data.input, [...path, 'input'], loopVars) } : {}),
          parse: (data.parse as 'text' | 'json' | undefined) ?? 'text',
        };
      case 'parallel':
        return { ...common, kind, branches: sub('parallel') };
      case 'foreach': {
        const as = (data.as as string | undefined) ?? 'item';
        const items = this.template(data.foreach, [...path, 'foreach'], loopVars);
        return { ...common, kind, items, as, concurrency: (data.concurrency as number | undefined) ?? 1, steps: sub('steps', [...loopVars, as]) };
      }
      case 'if': {
        const condition = this.expression(data.if as string, [...path, 'if'], loopVars);
        const otherwise = data.else === undefined ? [] : sub('else');
        return condition ? ({ ...common, kind, condition, then: sub('then'), else: otherwise }) : undefined;
      }
      case 'loop': {
        const loop = data.loop as { max: number; until?: string };
        const until = loop.until === undefined ? undefined : this.expression(loop.until, [...path, 'loop', 'until'], loopVars);
        return { ...common, kind, max: loop.max, ...(until ? { until } : {}), steps: sub('steps') };
      }
      case 'graph':
        return { ...common, kind, nodes: this.steps(data.graph as unknown[], [...path, 'graph'], loopVars, true) };
      case 'set':
        return { ...common, kind, values: this.template(data.set, [...path, 'set'], loopVars) };
      case 'return':
        return { ...common, kind, value: this.template(data.return, [...path, 'return'], loopVars) };
    }
  }

  /** Nodes wait only on nodes of the same graph, and no chain of waits goes round. */
  private checkGraph(nodes: Step[], path: Path): void {
    const ids = new Set(nodes.map((n) => n.id));
    nodes.forEach((node, index) => {
      for (const need of node.needs ?? []) {
        if (!ids.has(need)) {
          const near = didYouMean(need, ids);
          this.problem(`node "${node.id}" needs "${need}", which is not a node of this graph${near ? ` (did you mean "${near}"?)` : ''}`, [...path, index, 'needs']);
        }
      }
    });
    const state = new Map<string, 'visiting' | 'done'>();
    const byId = new Map(nodes.map((n) => [n.id, n]));
    const visit = (id: string, trail: string[]): boolean => {
      if (state.get(id) === 'done') return false;
      if (state.get(id) === 'visiting') {
        const cycle = [...trail.slice(trail.indexOf(id)), id];
        this.problem(`the graph's nodes wait on each other: ${cycle.join(' → ')}`, [...path, nodes.findIndex((n) => n.id === id)]);
        return true;
      }
      state.set(id, 'visiting');
      for (const need of byId.get(id)?.needs ?? []) if (byId.has(need) && visit(need, [...trail, id])) return true;
      state.set(id, 'done');
      return false;
    };
    for (const node of nodes) if (visit(node.id, [])) break;
  }

  /** `steps.<id>` names a step with that id; `inputs.<name>` an input the file declares. */
  private checkReferences(): void {
    for (const { expression, path } of this.references) {
      for (const ref of expression.references) {
        const first = ref.segments[0];
        if (ref.root === 'steps' && typeof first === 'string' && !this.named.has(first)) {
          const near = didYouMean(first, this.named.keys());
          this.problem(`{{ ${expression.source} }} names the step "${first}", and no step has that id${near ? ` (did you mean "${near}"?)` : ''}`, path);
        }
        if (ref.root === 'inputs' && typeof first === 'string' && !Object.hasOwn(this.inputs, first)) {
          const near = didYouMean(first, Object.keys(this.inputs));
          this.problem(`{{ ${expression.source} }} names the input "${first}", which the file does not declare under inputs${near ? ` (did you mean "${near}"?)` : ''}`, path);
        }
      }
    }
  }
}
