import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../workspace-packages.mjs';

// The test task runs after every package's build, so a second build with no change must do no work.
describe('turbo cache', () => {
  const env = { ...process.env, TURBO_TELEMETRY_DISABLED: '1' };

  it('a second `pnpm build` with no change is a full cache hit', () => {
    const first = spawnSync('npx', ['turbo', 'run', 'build', '--output-logs=none'], { cwd: repoRoot, encoding: 'utf8', env });
    expect(first.status, first.stderr).toBe(0);
    const dryRun = spawnSync('npx', ['turbo', 'run', 'build', '--dry=json'], { cwd: repoRoot, encoding: 'utf8', env });
    expect(dryRun.status, dryRun.stderr).toBe(0);
    const dry = JSON.parse(dryRun.stdout) as { tasks: Array<{ taskId: string; command: string; cache: { status: string } }> };
    const builds = dry.tasks.filter((t) => t.command !== '<NONEXISTENT>');
    expect(builds.length).toBeGreaterThanOrEqual(9);
    expect(builds.filter((t) => t.cache.status !== 'HIT').map((t) => t.taskId)).toEqual([]);
  }, 300_000);
});
