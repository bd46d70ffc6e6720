import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as api from '../src/index.js';

describe('public surface', () => {
  it('package name, exports keys and dependencies', () => {
    const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'package.json'), 'utf8'));
    expect(pkg.name).toBe('@warden/orchestrator');
    expect(Object.keys(pkg.exports)).toEqual(['.', './package.json']);
    expect(Object.keys(pkg.dependencies).sort()).toEqual(['@warden/governance', '@warden/harness', '@warden/protocol', 'zod']);
  });

  it('runtime exports', () => {
    expect(Object.keys(api).sort()).toEqual([
      'ORCHESTRATOR_ERROR_CODES',
      'ORCHESTRATOR_KEYS',
      'ORCHESTRATOR_PLAN_RULE',
      'ORCHESTRATOR_PLAN_TOOL',
      'OrchestratorError',
      'PlannedTask',
      'PlannerAnswer',
      'ROLE_INSTRUCTIONS',
      'SpecialistSpec',
      'approvePlan',
      'asProtocolPlan',
      'createOrchestrator',
      'fleetAgents',
      'graphWidth',
      'harnessAgents',
      'lintTasks',
      'narrowSpec',
    ]);
  });
});
