// Test doubles that ship with the contract: the same fakes Warden's own tests use.
export { scriptedProvider } from './testing/scripted-provider.js';
export type { ScriptedCall, ScriptedReply, ScriptedTurn, ScriptedProvider, ScriptedProviderOptions } from './testing/scripted-provider.js';
export { memorySessionStore, ownerMatches } from './testing/memory-session-store.js';
export type { MemorySessionStore } from './testing/memory-session-store.js';
export { memoryApprovalStore } from './testing/memory-approval-store.js';
export { recordingGate } from './testing/recording-gate.js';
export type { RecordingGate, RecordedDecision, GateRule } from './testing/recording-gate.js';
