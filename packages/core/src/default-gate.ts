import type { Decision, GateCall, GateV1 } from '@warden/protocol';

/** The gate used when none is given: read-only tools run, everything else needs an approval. */
export function defaultGate(): GateV1 {
  return {
    specificationVersion: 'v1',
    decide(call: GateCall): Decision {
      if (call.annotations?.readOnly === true) {
        return { effect: 'allow', reason: 'the tool is annotated read-only', rule: 'core.default' };
      }
      return { effect: 'ask', reason: 'the tool is not annotated read-only, so a person must approve it', rule: 'core.default' };
    },
  };
}
