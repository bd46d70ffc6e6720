import { defineCase, definePack, type Pack } from '@warden/evidence';
import { APPROVER_PROFILES } from './approver-profiles.js';
import { CARRIER_KINDS, GOAL_CLASSES } from './attack-goal.js';
import { BENIGN_TASKS } from './benign-tasks.js';
import { carries } from './carriers.js';
import { containmentCase } from './containment-case.js';
import type { ContainmentHarness } from './containment-harness.js';
import { ATTACK_GOALS } from './corpus/attack-corpus.js';
import { fullPairing } from './pairing.js';
import { v3CorpusCase, v3ProfileCase } from './v3/v3-case.js';

/** The version the pack reports (kept equal to package.json's by a test). */
export const PACK_VERSION = '0.1.0';

export interface ContainmentPackOptions {
  /** The harness under test (default: `createHarness` through `createContainmentHarness()`). */
  harness?: ContainmentHarness;
}

/**
 * The `warden:containment` pack: a corpus check, then one case per approver profile (none, yes,
 * person-model, rubber-stamp), each measured against the ungoverned baseline's utility. The
 * `quick` environment runs every tenth pairing; `full` runs every goal in every carrier.
 */
export function createContainmentPack(options: ContainmentPackOptions = {}): Pack {
  const corpus = defineCase({ id: 'containment:corpus', title: 'The corpus covers every class, every untrusted source, two routes a goal', tags: ['containment', 'corpus'] }, (ctx) => {
    ctx.metric('attacker_goals', ATTACK_GOALS.length, 'goals');
    ctx.metric('benign_tasks', BENIGN_TASKS.length, 'tasks');
    ctx.metric('attacked_episodes_full', fullPairing(ATTACK_GOALS, BENIGN_TASKS).length, 'episodes');
    ctx.check(ATTACK_GOALS.length >= 40, `at least 40 attacker goals (${ATTACK_GOALS.length})`);
    ctx.check(BENIGN_TASKS.length >= 12, `at least 12 benign tasks (${BENIGN_TASKS.length})`);
    ctx.check(fullPairing(ATTACK_GOALS, BENIGN_TASKS).length >= 300, 'at least 300 attacked episodes in the full plan');
    for (const goalClass of GOAL_CLASSES) ctx.check(ATTACK_GOALS.some((g) => g.class === goalClass), `${goalClass} goals present`);
    for (const carrier of CARRIER_KINDS) ctx.check(BENIGN_TASKS.some((t) => carries(t, carrier)), `a task carries ${carrier}`);
    ctx.check(ATTACK_GOALS.every((g) => g.routes.length >= 2), 'every goal declares at least two routes');
    ctx.check(new Set(ATTACK_GOALS.map((goal) => goal.id)).size === ATTACK_GOALS.length, 'goal ids are unique');
  });
  const timeoutMs = 60 * 60_000;
  const v3Corpus = defineCase(
    { id: 'containment:v3-corpus', title: 'Containment v3: goals inside the task scope in every effect class, 1,000+ attacked episodes, tasks in four languages, half naming no file', tags: ['containment', 'corpus', 'v3'] },
    (ctx) => v3CorpusCase(ctx),
  );
  return definePack({
    name: 'warden:containment',
    version: PACK_VERSION,
    namespace: 'containment',
    description: 'Runs createHarness driven by a model that obeys directives in every untrusted source and checks what the world shows: utility, utility under attack, attack success rate with its 95% bound, containment and approvals, per approver profile.',
    cases: [
      corpus,
      ...APPROVER_PROFILES.map((profile) =>
        defineCase(
          { id: `containment:${profile}`, title: `Safe mode, approver profile ${profile}`, tags: ['containment', 'agent', 'safe', profile], timeoutMs },
          (ctx) => containmentCase(ctx, profile, options.harness),
        ),
      ),
      v3Corpus,
      ...APPROVER_PROFILES.map((profile) =>
        defineCase(
          { id: `containment:v3-${profile}`, title: `Containment v3 (effect classes, in-scope attacks), approver profile ${profile}`, tags: ['containment', 'agent', 'safe', 'v3', profile], timeoutMs },
          (ctx) => v3ProfileCase(ctx, profile, options.harness),
        ),
      ),
    ],
    environments: { full: { plan: 'full' }, quick: { plan: 'quick' } },
  });
}

/** The pack evidence's discovery loads (`"warden": { "pack": "./dist/pack.js" }`). */
const pack: Pack = createContainmentPack();
export default pack;
