// Test doubles that ship with the contract: the same fakes Warden's own tests use.
export { scriptedProvider } from './testing/scripted-provider.js';
export type { ScriptedCall, ScriptedReply, ScriptedTurn, ScriptedProvider, ScriptedProviderOptions } from './testing/scripted-provider.js';
export { memorySessionStore } from './testing/memory-session-store.js';
// Kept here for existing imports; the rule itself is in the main entry.
export { ownerMatches } from './owner-matches.js';
export type { MemorySessionStore } from './testing/memory-session-store.js';
export { memoryApprovalStore } from './testing/memory-approval-store.js';
export { recordingGate } from './testing/recording-gate.js';
export type { RecordingGate, RecordedDecision, GateRule } from './testing/recording-gate.js';
