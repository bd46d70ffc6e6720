import { loadOptionalPeer } from '@warden/protocol/vocabulary';
import { createHash } from 'node:crypto';
import type { Owner } from '@warden/protocol';
import type { AgentReply, AgentRequest } from './agent-runner.js';
import { orchestratorError } from './coded-errors.js';
import type { HarnessAgents } from './harness-agents.js';

// 3. The same job with its agents as fleet jobs on BullMQ workers: each agent call is one fleet job
// whose id is derived from the call (job, role, agent, instructions, input, and the how-many-th
// such call in this process), so an orchestrator that resumes after a crash enqueues the same ids
// again — enqueueing is idempotent — and reads the result a worker already produced instead of
// running the task twice. A worker killed mid-task is taken over by another, which resumes the
// task's session (the fleet's semantics). `@warden/fleet` is an optional peer, loaded on first use.

type BuiltinName = 'read_file' | 'list_files' | 'grep' | 'write_file' | 'edit_file' | 'shell' | 'remember' | 'use_skill';
const BUILTINS: readonly BuiltinName[] = ['read_file', 'list_files', 'grep', 'write_file', 'edit_file', 'shell', 'remember', 'use_skill'];

export interface FleetAgentsOptions {
  /** Redis: a URL or ioredis options (the fleet's `connection`). */
  connection: string | Record<string, unknown>;
  queue?: string;
  prefix?: string;
  /** The workers' configuration each job is laid over (default `default`). */
  config?: string;
  owner?: Owner;
  /** How often a job's state is read while waiting (default 200 ms). */
  pollMs?: number;
  /** A job's own timeout on a worker. */
  timeoutMs?: number;
}

type Fleet = typeof import('@warden/fleet');

function loadFleet(): Promise<Fleet> {
  return loadOptionalPeer(['@warden/fleet'], () => import('@warden/fleet'), (install, error) => orchestratorError('orchestrator.fleet_missing', 'fleetAgents needs @warden/fleet, which is not installed', install, error));
}

/** Fleet job ids: letters, digits, `.`, `_`, `-`, at most 128, not all digits. */
function jobIdOf(request: AgentRequest, nth: number): string {
  const digest = createHash('sha256').update(JSON.stringify([request.jobId, request.role, request.agent, request.taskId ?? '', request.instructions, request.input])).digest('hex').slice(0, 24);
  const readable = `${request.jobId}.${request.taskId ? `${request.taskId}.` : ''}${request.role}`.replace(/[^A-Za-z0-9._-]/g, '-').slice(0, 80);
  return `${readable}.${digest}.${nth}`;
}

export function fleetAgents(options: FleetAgentsOptions): HarnessAgents {
  const connection = { connection: options.connection as string, ...(options.queue ? { queue: options.queue } : {}), ...(options.prefix ? { prefix: options.prefix } : {}) };
  const seen = new Map<string, number>();
  let fleet: Promise<Fleet> | undefined;

  const run = async (request: AgentRequest): Promise<AgentReply> => {
    const api = await (fleet ??= loadFleet());
    const base = jobIdOf(request, 0);
    const nth = (seen.get(base) ?? 0) + 1;
    seen.set(base, nth);
    const id = jobIdOf(request, nth);
    const allowed = new Set(request.tools);
    await api.enqueue(
      [
        {
          id,
          task: request.input,
          config: {
            instructions: request.instructions,
            builtinTools: Object.fromEntries(BUILTINS.map((name) => [name, allowed.has(name)])),
            ...(request.maxSteps !== undefined ? { maxTurns: request.maxSteps } : {}),
          },
          ...(options.owner ? { owner: options.owner } : {}),
          ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
        },
      ],
      { ...connection, propagateTrace: false },
    );
    for (;;) {
      if (request.signal?.aborted) {
        await api.cancel(id, connection).catch(() => undefined);
        return { text: '', costUsd: 0, error: { code: 'run.aborted', message: 'the fleet job was cancelled (deadline or abort)' } };
      }
      const [state] = await api.status([id], connection);
      if (state?.state === 'completed' && state.result) {
        const result = state.result;
        const ok = result.status === 'done' && result.stopReason !== 'error' && result.stopReason !== 'aborted';
        return { text: result.output, costUsd: result.costUsd, ...(ok ? {} : { error: { code: `fleet.${result.status}`, message: `the fleet job ended ${result.status}${result.stopReason ? ` (${result.stopReason})` : ''}` } }) };
      }
      if (state?.state === 'parked' && state.result) return { text: state.result.output, costUsd: state.result.costUsd, error: { code: 'fleet.parked', message: 'the fleet job waits for a person (warden approvals)' } };
      if (state?.state === 'failed') return { text: '', costUsd: 0, error: { code: 'fleet.failed', message: state.failedReason ?? 'the fleet job failed' } };
      await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 200));
    }
  };
  return Object.assign(run, { close: async () => undefined });
}
