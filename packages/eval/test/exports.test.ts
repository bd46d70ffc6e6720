import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as entry from '../src/index.js';

describe('public surface', () => {
  it('package name, exports keys, dependencies and runtime exports', () => {
    const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'package.json'), 'utf8'));
    expect(pkg.name).toBe('@warden/eval');
    expect(Object.keys(pkg.exports)).toEqual(['.', './package.json']);
    expect(Object.keys(pkg.dependencies).sort()).toEqual(['@warden/evidence', '@warden/harness', '@warden/protocol', 'yaml', 'zod']);
    expect(Object.keys(entry).sort()).toEqual(
      [
        'EVAL_ERROR_CODES',
        'EvalError',
        'EvalResults',
        'FORK_META_KEY',
        'GoldenSuite',
        'GoldenTask',
        'RESULTS_VERSION',
        'TaskExpectation',
        'TaskResult',
        'ToolExpectation',
        'compareResults',
        'defineSuite',
        'describeTaskComparison',
        'fisherOneSided',
        'forkOf',
        'forkSession',
        'loadResults',
        'loadSuite',
        'observeRun',
        'parseResults',
        'parseSuite',
        'replay',
        'runSuite',
        'saveResults',
        'sessionSteps',
        'sessionTimeline',
        'taskChecks',
      ].sort(),
    );
  });
});
