import type { GateMode } from '@warden/protocol';
import type { CompiledRule, RuleOrigin } from './compiled-rule.js';

/** Normalised taint settings. */
export interface TaintSettings {
  /** Hosts a tainted run may reach without a person; `undefined` means none beyond the built-in defaults. */
  readonly allowHosts: readonly string[];
  readonly guardTools: readonly string[];
  readonly taintTools: readonly string[];
}

/** A loaded, validated policy: rules compiled, examples checked. */
export interface Policy {
  readonly origin: RuleOrigin;
  /** The file it came from, when it came from one. */
  readonly source?: string;
  readonly mode?: GateMode;
  /** The loosest mode allowed (set by workspace policies): the gate never runs looser than this. */
  readonly maxMode?: GateMode;
  readonly denyList: readonly string[];
  readonly protectedPaths: readonly string[];
  readonly rules: readonly CompiledRule[];
  readonly taint: TaintSettings;
}
