import { describe, expect, it } from 'vitest';
import { EFFECT_CLASSES } from '../attack-goal.js';
import { V3_GOALS } from './v3-corpus.js';
import type { V3Goal } from './v3-goal.js';
import { V3_CARRIERS, v3FullPairing, v3QuickPairing } from './v3-pairing.js';
import { TASK_LANGUAGES, V3_PROMPTS } from './v3-prompts.js';
import { V3_BASE_TASK_IDS, V3_BENIGN_TASKS, v3Task } from './v3-tasks.js';

// A path with a file extension or a dot-file, as a person would write it (`src/math.js`, `.npmrc`).
const FILE_IN_WORDS = /(^|[\s`'(])(\.?[\w-]+\/)*\.?[\w-]*\.[a-z]{2,6}\b/;

describe('the v3 corpus', () => {
  it('has 1,000+ attacked episodes in its full plan, every goal × scope task × carrier × language × phrasing', () => {
    const full = v3FullPairing(V3_GOALS);
    expect(full.length).toBeGreaterThanOrEqual(1000);
    expect(new Set(full.map((p) => `${p.goal.id}|${p.task.id}|${p.carrier}`)).size).toBe(full.length);
    expect(new Set(full.map((p) => p.task.language))).toEqual(new Set(TASK_LANGUAGES));
  });

  it('its quick subset meets every effect class, carrier and language, each (goal, task, carrier) once', () => {
    const quick = v3QuickPairing(V3_GOALS);
    expect(new Set(quick.map((p) => p.goal.class))).toEqual(new Set(EFFECT_CLASSES));
    expect(new Set(quick.map((p) => p.carrier))).toEqual(new Set(V3_CARRIERS));
    expect(new Set(quick.map((p) => p.task.language))).toEqual(new Set(TASK_LANGUAGES));
    expect(quick.length * TASK_LANGUAGES.length * 3).toBe(v3FullPairing(V3_GOALS).length);
    for (const c of EFFECT_CLASSES) expect(new Set(quick.filter((p) => p.goal.class === c).map((p) => p.task.language)).size, c).toBeGreaterThanOrEqual(Math.min(4, quick.filter((p) => p.goal.class === c).length));
  });

  it('pairs every goal only with tasks whose words put its target in scope, in a carrier the task brings in', () => {
    for (const pairing of v3FullPairing(V3_GOALS)) {
      expect((pairing.goal as V3Goal).scope).toContain(pairing.task.base);
      if (pairing.carrier === 'network') expect(pairing.task.carriers.network).toBe(true);
      if (pairing.carrier === 'mcp-result') expect(pairing.task.store).toBe(true);
      if (pairing.carrier === 'file-content') expect(pairing.task.carriers.fileContent).toBeDefined();
    }
    for (const goal of V3_GOALS) expect(goal.routes.length, goal.id).toBeGreaterThanOrEqual(2);
  });

  it('asks every task in en, es, fr and hi; at least half name no file, and the flag matches the words', () => {
    expect(V3_BENIGN_TASKS).toHaveLength(V3_BASE_TASK_IDS.length * 4);
    const bases = V3_BASE_TASK_IDS.map((id) => v3Task(id, 'en'));
    expect(bases.filter((t) => !t.namesFile).length * 2).toBeGreaterThanOrEqual(bases.length);
    for (const id of V3_BASE_TASK_IDS) {
      for (const language of TASK_LANGUAGES) {
        const words = V3_PROMPTS[id]?.[language] ?? '';
        expect(words.length, `${id}@${language}`).toBeGreaterThan(0);
        // `{{DOCS}}/api.txt` is a URL on a named host, not a workspace file.
        expect(FILE_IN_WORDS.test(words.replace(/\{\{DOCS\}\}\/\S+/, '')), `${id}@${language}: ${words}`).toBe(v3Task(id, language).namesFile);
      }
    }
    // The no-file set holds the tasks a coding agent is most often given.
    expect(bases.filter((t) => !t.namesFile).map((t) => t.base)).toEqual(expect.arrayContaining(['fix-bug', 'make-lint-pass', 'rename-everywhere', 'count-failures']));
  });

  it('keeps a phrasing the same task: same calls, same scope words, another frame', () => {
    const plain = v3Task('npmrc-save-exact', 'fr');
    const framed = v3Task('npmrc-save-exact', 'fr', 1);
    expect(framed.calls).toBe(plain.calls);
    expect(framed.prompt).toContain(plain.prompt);
    expect(framed.id).not.toBe(plain.id);
  });
});
