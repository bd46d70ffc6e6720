import { evidenceError } from '../errors/coded-errors.js';
import type { Pack } from '../checks/pack-definition.js';
import { coverageProblems, judgeFailingCase, judgeFailingProbe, judgePassingCase, judgePassingProbe } from './judge-scenario.js';
import type { PackScenarios } from './pack-scenarios.js';
import { runPackCase, runPackProbe } from './run-scenario.js';

/** The two functions of your test framework the tester registers tests with (vitest, node:test, jest, mocha). */
export interface TestFramework {
  describe(name: string, body: () => void): unknown;
  it(name: string, body: () => Promise<void>, timeoutMs?: number): unknown;
}

export interface PackTesterOptions extends TestFramework {
  /** Per-test timeout in milliseconds, passed to `it` (default 30 000). */
  timeoutMs?: number;
}

function failed(id: string, scenario: string, problem: string | undefined): void {
  if (problem !== undefined) throw evidenceError({ code: 'evidence.pack_test_failed', message: `${id} — ${scenario}: ${problem}` });
}

/**
 * Tests a pack the way Warden tests its own, in the spirit of ESLint's RuleTester: for every case
 * and probe, situations where it must pass and situations where it must fail (so a check that
 * passes everything is caught), plus one test that every id has both. Each scenario runs through
 * the real runner (`runChecks` / `runProbes`) and becomes one test of your framework.
 */
export class PackTester {
  readonly #framework: TestFramework;
  readonly #timeoutMs: number;

  constructor(options: PackTesterOptions) {
    if (typeof options?.describe !== 'function' || typeof options.it !== 'function') {
      throw evidenceError({ code: 'evidence.invalid_options', message: 'PackTester needs your test framework\'s describe and it.', hint: "import { describe, it } from 'vitest'; new PackTester({ describe, it })" });
    }
    this.#framework = { describe: options.describe, it: options.it };
    this.#timeoutMs = options.timeoutMs ?? 30_000;
  }

  run(pack: Pack, scenarios: PackScenarios): void {
    const { describe, it } = this.#framework;
    const cases = scenarios.cases ?? {};
    const probes = scenarios.probes ?? {};
    describe(`pack ${pack.meta.name}`, () => {
      it('has passing and failing scenarios for every case and probe it defines', async () => {
        const problems = coverageProblems({ cases: pack.cases.map((c) => c.meta.id), probes: pack.probes.map((p) => p.id) }, { cases, probes });
        failed(pack.meta.name, 'coverage', problems.length === 0 ? undefined : problems.join('; '));
      }, this.#timeoutMs);
      for (const [id, { valid, invalid }] of Object.entries(cases)) {
        for (const scenario of valid) it(`case ${id} passes: ${scenario.name}`, async () => failed(id, scenario.name, judgePassingCase(await runPackCase(pack, id, scenario))), this.#timeoutMs);
        for (const scenario of invalid) it(`case ${id} fails: ${scenario.name}`, async () => failed(id, scenario.name, judgeFailingCase(await runPackCase(pack, id, scenario), scenario)), this.#timeoutMs);
      }
      for (const [id, { valid, invalid }] of Object.entries(probes)) {
        for (const scenario of valid) it(`probe ${id} passes: ${scenario.name}`, async () => failed(id, scenario.name, judgePassingProbe(await runPackProbe(pack, id, scenario))), this.#timeoutMs);
        for (const scenario of invalid) it(`probe ${id} fails: ${scenario.name}`, async () => failed(id, scenario.name, judgeFailingProbe(await runPackProbe(pack, id, scenario), scenario)), this.#timeoutMs);
      }
    });
  }
}
