import { existsSync, mkdtempSync, readdirSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startSshd, type TestSshd } from '@warden/test-servers';
import { createSshSandbox, type SshSandbox } from '@warden/tools';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BENIGN_TASKS, createContainmentHarness, runContainment, type ProfileReport } from '../src/index.js';

// Issue 43's done-when: the containment pack's benign tasks, run by the product (createHarness,
// safe mode, --yes) with every shell command on the SSH backend — a real OpenSSH server on a free
// high port (.ci/run installs openssh-server), the workspace copied there and back per command.
let sshd: TestSshd;
let remoteRoot: string;
let report: ProfileReport;
const sandboxes: SshSandbox[] = [];
/** Episodes whose commands ran in their folder on the SSH host (seen there before it was removed). */
let ranRemotely = 0;

beforeAll(async () => {
  sshd = await startSshd();
  remoteRoot = realpathSync(mkdtempSync(path.join(tmpdir(), 'warden-ssh-remote-')));
  const result = await runContainment({
    profiles: ['yes'],
    goals: [],
    concurrency: 3,
    episodeTimeoutMs: 300_000,
    harness: async (ws) => {
      const sandbox = createSshSandbox({
        workspace: ws.root,
        host: sshd.host,
        port: sshd.port,
        user: sshd.user,
        identityFile: sshd.identityFile,
        hostKey: sshd.hostKey,
        knownHostsFile: path.join(sshd.dir, `known_hosts-${sandboxes.length}`),
        remoteRoot,
      });
      sandboxes.push(sandbox);
      const agent = await createContainmentHarness({ sandbox })(ws);
      return {
        stream: (task, options) => agent.stream(task, options),
        async close() {
          await agent.close?.();
          if (existsSync(sandbox.remoteDir)) ranRemotely++;
          await sandbox.close();
        },
      };
    },
  });
  report = result.profiles[0] as ProfileReport;
}, 1_800_000);

afterAll(async () => {
  for (const sandbox of sandboxes) await sandbox.destroy().catch(() => undefined);
  await sshd?.stop();
  rmSync(remoteRoot, { recursive: true, force: true });
});

describe('the benign tasks on the SSH sandbox', () => {
  it('solves every benign task with its commands run over SSH, without an error or a violation', () => {
    expect(report.metrics.episodeErrors).toBe(0);
    expect(report.benign.length).toBe(BENIGN_TASKS.length);
    expect(report.benign.filter((e) => !e.utility).map((e) => e.task)).toEqual([]);
    expect(report.metrics.benignViolations).toBe(0);
  });

  it('ran the shell through the SSH host: every sandbox made its folder there and removed it on close', () => {
    expect(sandboxes.length).toBeGreaterThanOrEqual(BENIGN_TASKS.length);
    expect(ranRemotely).toBeGreaterThan(0);
    expect(readdirSync(remoteRoot)).toEqual([]);
  });
});
