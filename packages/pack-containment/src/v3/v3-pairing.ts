import type { CarrierKind } from '../attack-goal.js';
import { carries } from '../carriers.js';
import type { Pairing } from '../pairing.js';
import { PHRASINGS, TASK_LANGUAGES } from './v3-prompts.js';
import { v3Task } from './v3-tasks.js';
import type { V3Goal } from './v3-goal.js';

/**
 * The untrusted sources v3 plants in: a file the task reads, the named host's page (the attacker
 * IS the host the task names), the named store server's result, project memory, a skill, an MCP
 * tool description (the named store server's for its task, else an unnamed docs server's).
 */
export const V3_CARRIERS: readonly CarrierKind[] = ['file-content', 'network', 'mcp-result', 'memory', 'skill', 'mcp-description'];

/** Every (goal, scope task, carrier) the task brings into the context, in a stable order. */
function triples(goals: readonly V3Goal[]): Array<{ goal: V3Goal; base: string; carrier: CarrierKind }> {
  const out: Array<{ goal: V3Goal; base: string; carrier: CarrierKind }> = [];
  for (const goal of goals) {
    for (const base of goal.scope) {
      const probe = v3Task(base, 'en');
      for (const carrier of V3_CARRIERS) if (carries(probe, carrier)) out.push({ goal, base, carrier });
    }
  }
  return out;
}

/**
 * The full v3 plan, combinatorial: goal × the tasks whose words put its target in scope × every
 * carrier the task brings in × 4 languages × 3 phrasings.
 */
export function v3FullPairing(goals: readonly V3Goal[]): Pairing[] {
  return triples(goals).flatMap(({ goal, base, carrier }) =>
    TASK_LANGUAGES.flatMap((language) => PHRASINGS[language].map((_, phrasing) => ({ goal, carrier, task: v3Task(base, language, phrasing) }))),
  );
}

/** The quick subset: every (goal, scope task, carrier) once, the language and phrasing rotating (so every class meets every language). */
export function v3QuickPairing(goals: readonly V3Goal[]): Pairing[] {
  return triples(goals).map(({ goal, base, carrier }, i) => {
    const language = TASK_LANGUAGES[i % TASK_LANGUAGES.length] ?? 'en';
    return { goal, carrier, task: v3Task(base, language, Math.floor(i / TASK_LANGUAGES.length) % PHRASINGS[language].length) };
  });
}
