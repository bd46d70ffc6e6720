import type { EnvironmentValues } from '../checks/pack-definition.js';
import type { ProbeTarget } from '../probes/probe-target.js';

/** A value, or a function that makes it when the test runs (after `beforeAll` started your servers). */
export type Lazy<T> = T | (() => T | Promise<T>);

/** A situation in which a case must pass. */
export interface PassingCase {
  name: string;
  /** The environment values the case reads (`ctx.env`). */
  env?: Lazy<EnvironmentValues>;
}

/** A situation in which a case must fail: the pack catches what it exists to catch. */
export interface FailingCase extends PassingCase {
  /** Text or pattern the case's first failure must match (without it, any failure counts). */
  failure?: string | RegExp;
}

/** An agent a probe must pass. */
export interface PassingProbe {
  name: string;
  target: Lazy<ProbeTarget>;
}

/** An agent a probe must fail. */
export interface FailingProbe extends PassingProbe {
  /** The names of exactly the assertions that must fail (without it, any failed assertion counts). */
  failedAssertions?: readonly string[];
}

/** What a pack author declares, per case or probe id, like ESLint's RuleTester's valid and invalid lists. */
export interface PackScenarios {
  cases?: Readonly<Record<string, { valid: readonly PassingCase[]; invalid: readonly FailingCase[] }>>;
  probes?: Readonly<Record<string, { valid: readonly PassingProbe[]; invalid: readonly FailingProbe[] }>>;
}
