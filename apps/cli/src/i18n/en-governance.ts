/** English: `warden governance incidents|notice|inventory|dpia|verify` and the threat and incident codes (@warden/governance). */
export const enGovernance = {
  'governance.notice.text':
    'AI notice: you are interacting with an AI system (EU AI Act Art. 50). Answers and actions come from AI models run through Warden; they can be wrong and are not the words of a person. What the system does is governed by a declared policy and recorded in a signed audit trail, and some actions need a person\'s approval. Ask the operator of this service to have a person review a decision, or to access, export or erase your data.',
  'governance.incidents.none': 'No open incidents in {trail}.',
  'governance.incidents.row': '{id}  {cause}  detected {detected}  run {run}',
  'governance.incidents.fromClassification': '(from classification)',
  'governance.incidents.if': 'if {condition}',
  'governance.incidents.notice': 'Not legal advice: each deadline is counted as the cited text sets it; whether it applies depends on facts only you can establish (→ marks the next one).',
  'governance.verify.ok': '✔ {file}: the provenance manifest verifies with this public key',
  'governance.verify.failed': '✖ {file}: the provenance manifest does not verify: {problem}',
  'option.result': 'A file holding a result text to check.',
  'option.governance.result': 'With verify: a file holding the result text the manifest must name (its SHA-256 is compared).',
  'code.policy.tool_storm': 'a tool storm was stopped: too many tool calls within a few steps',
  'code.policy.tool_loop': 'a loop was stopped: the same tool call was repeated too often',
  'code.policy.runaway_delegation': 'runaway delegation was stopped: agents delegated to agents too many times',
  'code.policy.tool_breaker_open': 'the tool failed repeatedly in this run, so its breaker is open',
  'code.policy.incident_invalid': 'the incident could not be opened: its cause, key or time is invalid',
} as const;
