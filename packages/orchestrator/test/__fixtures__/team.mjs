// A scripted team for the orchestrator's tests: one function answers as every role (planner,
// factory, specialist, checker, consolidator, critic) from a script, either as a RunAgent (the
// orchestrator's agent interface) or as the model behind governed harness runs (scriptedProvider).
import { scriptedProvider } from '@warden/protocol/testing';

/** Which role a call is, from its instructions (each role's start with `Role: <role>.`). */
export function roleOf(instructions) {
  if (instructions.includes('Role: planner.')) {
    if (instructions.includes('could not be done')) return 'replanner';
    if (instructions.includes('Critics rejected')) return 'rework';
    return 'planner';
  }
  for (const role of ['factory', 'checker', 'consolidator', 'critic']) if (instructions.includes(`Role: ${role}.`)) return role;
  return 'specialist';
}

const taskIdOf = (input) => /Task "([^"]+)"/.exec(input)?.[1] ?? '';

/**
 * script: { plan, replans?: [], rework?: [], factory?: (taskId) => spec, work: (taskId, input, n) => text | Promise<text> | Error,
 *           check?: (taskId, output, n) => verdict, critic?: (concern, round, n) => text, consolidate?: (input) => text, cost?: { [role]: usd } }
 */
export function team(script) {
  const counts = new Map();
  const count = (key) => {
    const n = (counts.get(key) ?? 0) + 1;
    counts.set(key, n);
    return n;
  };
  const calls = [];
  let reviewRound = 0;
  async function answer(role, instructions, input) {
    calls.push({ role, input });
    const cost = script.cost?.[role === 'replanner' || role === 'rework' ? 'planner' : role] ?? 0.001;
    const reply = (text) => ({ text: typeof text === 'string' ? text : JSON.stringify(text), costUsd: cost });
    const id = taskIdOf(input);
    switch (role) {
      case 'planner':
        return reply(script.plan);
      case 'replanner':
        return reply(script.replans?.[count('replan') - 1] ?? 'no more re-plans');
      case 'rework':
        reviewRound += 1;
        return reply(script.rework?.[count('rework') - 1] ?? 'no more rework');
      case 'factory':
        return reply(script.factory ? script.factory(id) : { name: `${id}_writer`, instructions: `Do task ${id}.`, tools: [], tier: 'fast', maxSteps: 3 });
      case 'checker': {
        const output = input.split('Hand-back:\n')[1] ?? '';
        return reply(script.check ? script.check(id, output, count(`check:${id}`)) : { pass: true });
      }
      case 'consolidator':
        return reply(script.consolidate ? script.consolidate(input) : { deliverable: input.split('Task outputs:\n')[1] ?? '', items: [] });
      case 'critic': {
        const concern = /Your concern: (.*)/.exec(instructions)?.[1] ?? '';
        const round = /The previous deliverable/.test(input) ? reviewRound : reviewRound;
        return reply(script.critic ? script.critic(concern, round, count(`critic:${concern}:${round}`)) : { accept: true, problems: [] });
      }
      default: {
        const out = await script.work(id, input, count(`work:${id}`));
        if (out instanceof Error) throw out;
        return reply(out);
      }
    }
  }
  /** As the orchestrator's agent interface. */
  const agents = async (request) => answer(roleOf(request.instructions), request.instructions, request.input);
  /** As a model: the system message holds the instructions, the last user message the input. */
  const provider = (options = {}) =>
    scriptedProvider(
      Array.from({ length: 2000 }, () => async (request) => {
        const text = (role) => request.messages.filter((m) => m.role === role).flatMap((m) => m.parts.filter((p) => p.type === 'text').map((p) => p.text)).join('\n');
        const { text: out, costUsd } = await answer(roleOf(text('system')), text('system'), text('user'));
        return { text: out, costUsd };
      }),
      options,
    );
  return { agents, provider, calls, counts };
}
