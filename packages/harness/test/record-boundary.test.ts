import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { RunEvent } from '@warden/protocol';
import { scriptedProvider } from '@warden/protocol/testing';
import { describe, expect, it } from 'vitest';
import { createHarness, SealError } from '../src/index.js';
import { tempWorkspace } from './helpers/workspace.js';

async function collect(events: AsyncIterable<RunEvent>): Promise<RunEvent[]> {
  const out: RunEvent[] = [];
  for await (const event of events) out.push(event);
  return out;
}

/** Every byte under a directory, as text. */
function bytesUnder(dir: string): string {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => path.join(dir, name))
    .filter((file) => statSync(file).isFile())
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');
}

// Built at run time: the repository holds no string a scanner would flag.
const SECRET = `ghp_${'Zq8xW2'.repeat(6)}`;
const SEAL_KEY = 'k'.repeat(16) + 'S3aL'.repeat(8);

describe('the record boundary: no store holds a known secret', () => {
  it('redacts the task, the tool-call arguments and the results in the session file; a pending approval is sealed and runs verbatim on resume', async () => {
    const dir = tempWorkspace();
    const sessions = path.join(dir, 'sessions');
    const args = { path: 'deploy.env', content: `GITHUB_TOKEN=${SECRET}\n` };
    const provider = scriptedProvider([{ toolCalls: [{ name: 'write_file', args }] }, 'written']);
    const options = { workdir: dir, provider, env: {}, approver: 'durable' as const, sessions: `jsonl:${sessions}` };
    const harness = await createHarness({ ...options, sealKey: SEAL_KEY });
    let sessionId: string;
    let resolved: Awaited<ReturnType<NonNullable<typeof harness.approvals>['resolve']>>;
    try {
      const first = await collect(harness.agent.stream(`deploy with token ${SECRET}`));
      expect(first.at(-1)).toMatchObject({ type: 'run_end', stopReason: 'approval' });
      const disk = bytesUnder(dir);
      expect(disk).not.toContain(SECRET);
      expect(disk).toContain('$warden.sealed');
      expect(disk).toContain('[redacted:github-token]');
      const pending = await harness.approvals!.pending();
      expect(pending[0]!.request.call.args).toEqual(args);
      await harness.approvals!.approve(pending[0]!.request.id, { by: 'reviewer' });
      resolved = await harness.approvals!.resolve(pending[0]!.request.id, { claimer: 'test' });
      expect(resolved.status).toBe('approved');
      sessionId = resolved.request.sessionId!;
    } finally {
      await harness.close();
    }
    if (resolved.status !== 'approved') return;

    // Without the key the resume stops with a coded error that names the variable.
    const keyless = await createHarness({ ...options, provider: scriptedProvider(['never asked']) });
    try {
      const error = await collect(keyless.agent.resumeStream(sessionId, { approvals: { [resolved.request.call.id]: resolved.answer } })).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(SealError.isInstance(error)).toBe(true);
      expect((error as SealError).code).toBe('seal.key_missing');
      expect((error as SealError).message).toContain('WARDEN_SEAL_KEY');
    } finally {
      await keyless.close();
    }

    // Another key does not open it: a coded error, nothing run, and the value never in the message.
    const wrongKey = await createHarness({ ...options, provider: scriptedProvider(['never asked']), sealKey: 'w'.repeat(16) + 'R0nG'.repeat(8) });
    try {
      const error = await collect(wrongKey.agent.resumeStream(sessionId, { approvals: { [resolved.request.call.id]: resolved.answer } })).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(SealError.isInstance(error)).toBe(true);
      expect((error as SealError).code).toBe('seal.open_failed');
      expect(String((error as SealError).message) + String((error as SealError).hint)).not.toContain(SECRET);
      expect(() => readFileSync(path.join(dir, 'deploy.env'))).toThrow();
    } finally {
      await wrongKey.close();
    }

    // With it (from the environment this time), the exact arguments run: their digest still binds.
    const keyed = await createHarness({ ...options, provider, env: { WARDEN_SEAL_KEY: SEAL_KEY } });
    try {
      const second = await collect(keyed.agent.resumeStream(sessionId, { approvals: { [resolved.request.call.id]: resolved.answer } }));
      expect(second.at(-1)).toMatchObject({ type: 'run_end', stopReason: 'done' });
      expect(readFileSync(path.join(dir, 'deploy.env'), 'utf8')).toBe(args.content);
    } finally {
      await keyed.close();
    }
    const after = bytesUnder(sessions);
    expect(after).not.toContain(SECRET);
  });

  it('without a seal key, secret arguments are withheld (never stored) and a resume says which variable was missing', async () => {
    const dir = tempWorkspace();
    const provider = scriptedProvider([{ toolCalls: [{ name: 'write_file', args: { path: 'a.env', content: `TOKEN=${SECRET}` } }] }, 'ok']);
    const harness = await createHarness({ workdir: dir, provider, env: {}, approver: 'durable', sessions: `jsonl:${path.join(dir, 's')}`, audit: false });
    try {
      const first = await collect(harness.agent.stream('write a.env'));
      expect(first.at(-1)).toMatchObject({ type: 'run_end', stopReason: 'approval' });
      expect(bytesUnder(dir)).not.toContain(SECRET);
      const error = await harness.approvals!.pending().then(
        () => undefined,
        (e: unknown) => e,
      );
      // A listing shows what it can; reading the one request for a resume fails with the code.
      expect(error).toBeUndefined();
      const id = (await harness.approvals!.pending())[0]!.request.id;
      const refused = await harness.approvals!.resolve(id, { claimer: 't' }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect((refused as SealError).code).toBe('seal.key_missing');
    } finally {
      await harness.close();
    }
  });

  it('keeps arguments without a secret as they are (no key needed), and refuses a short key', async () => {
    const dir = tempWorkspace();
    const provider = scriptedProvider([{ toolCalls: [{ name: 'write_file', args: { path: 'b.txt', content: 'plain' } }] }, 'ok']);
    const harness = await createHarness({ workdir: dir, provider, env: {}, approver: 'durable', sessions: `jsonl:${path.join(dir, 's')}`, audit: false });
    try {
      await collect(harness.agent.stream('write b.txt'));
      const disk = bytesUnder(dir);
      expect(disk).not.toContain('$warden.sealed');
      expect(disk).toContain('"content":"plain"');
    } finally {
      await harness.close();
    }
    await expect(createHarness({ workdir: dir, provider, env: { WARDEN_SEAL_KEY: 'short' }, audit: false })).rejects.toMatchObject({ code: 'seal.key_invalid' });
  });
});
