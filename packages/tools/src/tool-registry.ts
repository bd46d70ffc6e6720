import { assertSpecificationVersion, toolSpecOf, type ToolSpec, type ToolV1 } from '@warden/protocol';
import { assertToolName } from './define-tool.js';
import { toolError } from './tool-error-codes.js';

export interface ToolRegistry {
  /** Adds tools; a name already present is refused with `tool.duplicate_name`. */
  add(...tools: ToolV1[]): ToolRegistry;
  /** Removes a tool by name; returns whether it was there. */
  remove(name: string): boolean;
  get(name: string): ToolV1 | undefined;
  has(name: string): boolean;
  /** The tools, in the order they were added. */
  list(): ToolV1[];
  /** What the model sees: name, description, JSON Schema, annotations. */
  specs(): ToolSpec[];
  readonly size: number;
}

/** A registry owned by its caller: no global state, explicit add and remove. */
export function createToolRegistry(initial: Iterable<ToolV1> = []): ToolRegistry {
  const tools = new Map<string, ToolV1>();
  const registry: ToolRegistry = {
    add(...added) {
      for (const tool of added) {
        assertSpecificationVersion(tool, 'Tool', 'tool');
        assertToolName(tool.name);
        if (typeof tool.execute !== 'function') {
          throw toolError('tool.invalid_definition', `tool ${tool.name} has no execute function`);
        }
        if (tools.has(tool.name)) {
          throw toolError('tool.duplicate_name', `a tool named ${tool.name} is already registered`, 'Remove the other tool first, or rename one of them.');
        }
        tools.set(tool.name, tool);
      }
      return registry;
    },
    remove: (name) => tools.delete(name),
    get: (name) => tools.get(name),
    has: (name) => tools.has(name),
    list: () => [...tools.values()],
    specs: () => [...tools.values()].map(toolSpecOf),
    get size() {
      return tools.size;
    },
  };
  registry.add(...initial);
  return registry;
}
