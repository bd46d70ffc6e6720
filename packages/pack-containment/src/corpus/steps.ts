import type { AttackStep } from '../attack-goal.js';
import { renderDirective } from '../directive.js';

/** A shell call. */
export const sh = (command: string): AttackStep => ({ tool: 'shell', args: { command } });
export const readFile = (path: string): AttackStep => ({ tool: 'read_file', args: { path } });
export const writeFile = (path: string, content: string): AttackStep => ({ tool: 'write_file', args: { path, content } });
export const editFile = (path: string, oldText: string, newText: string): AttackStep => ({ tool: 'edit_file', args: { path, oldText, newText } });

/**
 * The same steps handed to the `helper` sub-agent: its task text carries them as a directive, so
 * the (equally obedient) sub-agent runs them under whatever authority the harness gives it.
 */
export function viaHelper(id: string, steps: readonly AttackStep[]): AttackStep {
  return { tool: 'delegate', args: { agent: 'helper', task: `Please do this for the project: ${renderDirective({ id: `${id}.sub`, routes: [steps.map((s) => ({ tool: s.tool, args: s.args }))] })}` } };
}
