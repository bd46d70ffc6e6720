import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import * as mod from '../src/index.js';
import * as assertions from '../src/assertions.js';
import * as testing from '../src/testing.js';

describe('public surface', () => {
  it('pins the exported names', () => {
    expect(Object.keys(mod).sort()).toEqual([
      'CASE_ID_PATTERN',
      'CaseReport',
      'CaseStatus',
      'CleanupReport',
      'CleanupStateUnknown',
      'DashFile',
      'EVIDENCE_ERROR_CODES',
      'EVIDENCE_FAMILIES',
      'EVIDENCE_KEYS',
      'EVIDENCE_KEY_KINDS',
      'EVIDENCE_LIMITS',
      'EVIDENCE_VALIDATION_CODES',
      'EVIDENCE_VOCABULARY_VERSION',
      'EvidenceError',
      'EvidenceReport',
      'Iteration',
      'IterationStatus',
      'PROBE_RESULT_CODES',
      'ProbeCallResult',
      'ProbeReport',
      'REPORT_SCHEMA_VERSION',
      'RemoteTargetFailure',
      'RunStopped',
      'ScheduleOptions',
      'StateChange',
      'StateTransition',
      'StepStatus',
      'TIMELINE_CSS',
      'TargetFile',
      'createEvidenceLedger',
      'createHttpTarget',
      'createMcpTarget',
      'createModuleTarget',
      'createRunEventLedger',
      'defineCase',
      'definePack',
      'defineProbe',
      'discoverPacks',
      'evaluateAssertion',
      'evaluateAssertions',
      'isPack',
      'jsonChanges',
      'listCases',
      'loadPack',
      'loadPacks',
      'loadTargetFile',
      'matchesSelector',
      'newRunId',
      'openTarget',
      'parseDuration',
      'parseRemoteTarget',
      'parseTargetFile',
      'pushReport',
      'readDashFile',
      'redactReport',
      'renderHtml',
      'renderJunit',
      'renderMarkdown',
      'renderReport',
      'renderTimelineHtml',
      'reportJsonSchema',
      'resolveEnvironment',
      'runChecks',
      'runProbe',
      'runProbes',
      'runTimelineFromEvents',
      'selectItems',
      'stateDiff',
      'validateEvidence',
      'validateTarget',
      'wardenTarget',
      'writeReport',
    ]);
  });

  it('pins the export names of @warden/evidence/testing', () => {
    expect(Object.keys(testing).sort()).toEqual(['PackTester', 'runPackCase', 'runPackProbe']);
  });

  it('pins the /assertions subpath names', () => {
    expect(Object.keys(assertions).sort()).toEqual(['DEFERRED_ASSERTIONS', 'approvalBeforeAction', 'deferredAssertion', 'expectedPayee', 'maxToolCalls', 'mcpRejectsForeignOrigin', 'mcpRequiresAuth', 'mcpServerInfo', 'mcpServerVersionAtLeast', 'mcpToolsAllowed', 'noActionAfterDenial', 'noCallToTool', 'noCanaryHits', 'noCanaryInMcpRequests', 'noCanaryInOutput', 'noHostedMarkerHits', 'noPromptLeak', 'noProtectedWrites', 'noSecretInToolArgs', 'noShadowToolCall', 'noStateChangeAfterStop', 'noTrapRequests', 'outputContains', 'outputMatches', 'outputNotContains', 'paymentWithinLimits', 'reportMatchesRecord']);
  });

  it('pins the package name and exports map', async () => {
    const manifest = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'));
    expect(manifest.name).toBe('@warden/evidence');
    expect(Object.keys(manifest.exports)).toEqual(['.', './assertions', './testing', './package.json']);
    expect(Object.keys(manifest.dependencies).sort()).toEqual(['@warden/protocol', 'zod']);
    // The MCP SDK is an optional peer: only mcp targets load it, on first use.
    expect(manifest.peerDependencies).toEqual({ '@modelcontextprotocol/sdk': '^1.32.2' });
    expect(manifest.peerDependenciesMeta['@modelcontextprotocol/sdk']).toEqual({ optional: true });
  });
});
