// `@warden/evidence/testing`: test your own packs the way Warden tests its own.
export { PackTester } from './testing/pack-tester.js';
export type { PackTesterOptions, TestFramework } from './testing/pack-tester.js';
export { runPackCase, runPackProbe } from './testing/run-scenario.js';
export type { PackScenarios, PassingCase, FailingCase, PassingProbe, FailingProbe, Lazy } from './testing/pack-scenarios.js';
