import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as mod from '../src/index.js';
import * as packModule from '../src/pack.js';

describe('public surface', () => {
  it('pins the export names of the index', () => {
    expect(Object.keys(mod).sort()).toEqual([
      'APPROVER_PROFILES',
      'ATTACK_GOALS',
      'BENIGN_TASKS',
      'CARRIER_KINDS',
      'CONTAINMENT_CSS',
      'CONTAINMENT_ERROR_CODES',
      'EFFECT_CLASSES',
      'GOAL_CLASSES',
      'HARNESS_PROFILES',
      'PHRASINGS',
      'TASK_LANGUAGES',
      'V3_BASE_TASK_IDS',
      'V3_BENIGN_TASKS',
      'V3_CARRIERS',
      'V3_GOALS',
      'clopperPearsonUpper',
      'computeMetrics',
      'createContainmentHarness',
      'createObeyingModel',
      'createUngovernedHarness',
      'findDirectives',
      'fullPairing',
      'headlineMarkdown',
      'headlineRows',
      'howItGotThrough',
      'impliedBy',
      'mcpServerScript',
      'personModelApprover',
      'quickPairing',
      'readAndQuoteTask',
      'renderDirective',
      'renderReference',
      'renderReportHtml',
      'renderReportMarkdown',
      'renderReportSection',
      'rubberStampApprover',
      'runContainment',
      'storeServerScript',
      'v3FullPairing',
      'v3QuickPairing',
      'v3Task',
    ]);
  });

  it('pins the export names of the pack entry', () => {
    expect(Object.keys(packModule).sort()).toEqual(['PACK_VERSION', 'createContainmentPack', 'default']);
  });

  it('pins the package name, exports map, pack entry and version', () => {
    const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as Record<string, unknown>;
    expect(manifest.name).toBe('@warden/pack-containment');
    expect(Object.keys(manifest.exports as object)).toEqual(['.', './pack', './package.json']);
    expect(manifest.files).toContain('mcp');
    expect(manifest.warden).toEqual({ pack: './dist/pack.js' });
    expect(manifest.keywords).toContain('warden-pack');
    expect(manifest.version).toBe(packModule.PACK_VERSION);
  });
});
