import type { HandoffReceipt, JsonObject, StopReason, Usage } from '@warden/protocol';

/** A call that started in an earlier attempt and has no recorded result. */
export interface InterruptedCall {
  callId: string;
  tool: string;
  args: JsonObject;
  /** Read-only tools may run again; others follow the worker's `onInterrupted` policy. */
  readOnly: boolean;
}

export interface ParkedApproval {
  /** The durable approval id (`warden approvals approve ID`). */
  id: string;
  tool: string;
  args: JsonObject;
}

/**
 * What a finished job returns (BullMQ's `returnvalue`, redacted with the worker's environment).
 * `done`: the run ended (see `stopReason`). `parked`: it waits for a person (an approval, or an
 * interrupted call under the `park` policy); resume it with `resume(jobId)` once answered.
 * `claimed`: another resumer had already taken the approval, so this job did nothing.
 * `rejected`: the job's handoff was refused (see `handoffReceipt`); no run started.
 */
export interface FleetResult {
  jobId: string;
  status: 'done' | 'parked' | 'claimed' | 'rejected';
  stopReason?: StopReason;
  output: string;
  usage?: Usage;
  costUsd: number;
  /** Model calls this attempt made (0 for a resume that found the run already finished). */
  steps: number;
  sessionId: string;
  /** True when the attempt continued a session that held earlier progress of this job. */
  resumed: boolean;
  pendingApprovals: ParkedApproval[];
  interrupted: InterruptedCall[];
  /** The worker that finished the job. */
  worker: string;
  /**
   * The answer to the job's handoff, on the attempt that received it: `accepted` (the run started
   * from it), or `rejected` with the reason (the job's `status` is `rejected`: no run started).
   */
  handoffReceipt?: HandoffReceipt;
}

/** What a job reports while it runs (BullMQ job progress; `QueueEvents` 'progress'). */
export interface FleetProgress {
  event: 'started' | 'step' | 'tool' | 'approval';
  worker: string;
  step?: number;
  tool?: string;
  status?: string;
  resumed?: boolean;
}
