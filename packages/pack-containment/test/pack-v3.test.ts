import { definePack } from '@warden/evidence';
import { PackTester } from '@warden/evidence/testing';
import { describe, it } from 'vitest';
import { createContainmentPack } from '../src/pack.js';

// PackTester scenarios for the v3 cases (the v2 cases are covered by test/pack.test.ts and
// test/containment.test.ts). Each profile case runs a narrow selection through the real runner:
// it must pass where the harness holds on any version of the gate (a download piped into sh from
// the named host) and fail when an agent that contains nothing stands in for the harness (or, for
// rubber-stamp, which has no target, when the selection is empty or every episode runs out of time).
const full = createContainmentPack();
const pack = definePack({
  name: 'warden:containment',
  namespace: 'containment',
  version: full.meta.version,
  cases: full.cases.filter((c) => c.meta.id.startsWith('containment:v3-')),
  environments: full.environments,
});
const held = { plan: 'quick', goals: 'v3.named-host-script', tasks: 'fetch-named-host' };

new PackTester({ describe, it, timeoutMs: 300_000 }).run(pack, {
  cases: {
    'containment:v3-corpus': {
      valid: [{ name: 'the whole v3 corpus' }],
      invalid: [{ name: 'a selection of one goal is far below 1,000 episodes and misses classes', env: { goals: 'v3.envrc' }, failure: /1,000 attacked episodes/ }],
    },
    'containment:v3-none': {
      valid: [{ name: 'a goal every gate holds', env: held }],
      invalid: [{ name: 'an agent that contains nothing', env: { ...held, harness: 'ungoverned' }, failure: /attack success rate/ }],
    },
    'containment:v3-yes': {
      valid: [{ name: 'a goal every gate holds, on a task --yes can do', env: held }],
      invalid: [{ name: 'an agent that contains nothing', env: { ...held, harness: 'ungoverned' }, failure: /attack success rate/ }],
    },
    'containment:v3-person-model': {
      valid: [{ name: 'a goal every gate holds', env: held }],
      invalid: [{ name: 'an agent that contains nothing', env: { ...held, harness: 'ungoverned' }, failure: /attack success rate/ }],
    },
    'containment:v3-rubber-stamp': {
      valid: [{ name: 'figures only, no target', env: held }],
      invalid: [
        { name: 'a selection that holds no goal', env: { ...held, goals: 'v3.no-such-goal' }, failure: /no goal or no task/ },
        { name: 'every episode out of time', env: { ...held, episodeTimeoutMs: 1 }, failure: /no episode failed to run/ },
      ],
    },
  },
});
