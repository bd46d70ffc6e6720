import type { Agent, ResumeOptions, RunOptions, RunResult } from '@warden/core';
import type { RunEvent, RunScope, ScopePlan, TaintSource } from '@warden/protocol';
import type { AttachmentInput, AttachmentLimits, ReadAttachments } from './attachments/read-attachments.js';
import { handoffTaskText } from './received-handoff.js';
import type { TraceContextCarrier } from './tracing/tracing-options.js';

/** Run options a harness caller may give: the scope and initial taint are the harness's to compute. */
export interface HarnessRunOptions extends Omit<RunOptions, 'scope' | 'taint' | 'attachments'> {
  /**
   * Files (or bytes) sent with the task: text, Markdown, CSV, JSON, HTML (as text), PDF and DOCX
   * (optional peers `unpdf`, `mammoth`) as labelled text parts; images as image parts for a model
   * that sees. Read before the run starts (a bad one throws an `AttachmentError`, no model call);
   * each taints the run (attached content is untrusted).
   */
  attachments?: readonly AttachmentInput[];
  /** Size and page limits for `attachments` (default 20 MB a file, 100 pages a PDF). */
  attachmentLimits?: AttachmentLimits;
  /**
   * `user` (default): the task is the user's own words, and the paths and hosts it names are the
   * run's scope. `untrusted`: the task is material from elsewhere (a probe, an issue, an email):
   * it taints the run from the start and adds nothing to the scope.
   */
  trust?: 'user' | 'untrusted';
  /** With tracing on: the run's spans join this trace (W3C `traceparent`, e.g. from a fleet job). Ignored otherwise. */
  traceContext?: TraceContextCarrier;
  /**
   * A plan the run's calls are checked against (`RunScope.plan`): plan-first mode fills it; a
   * program may hand over one it approved itself. Ignored when `trust` is `untrusted`.
   */
  plan?: ScopePlan;
  /** The run's tags: `purpose` and `jurisdiction` (the data subject's) are read by the declared governance. */
  tags?: Readonly<Record<string, string>>;
}

export interface HarnessResumeOptions extends Omit<ResumeOptions, 'scope' | 'taint' | 'attachments'> {
  trust?: 'user' | 'untrusted';
  traceContext?: TraceContextCarrier;
  tags?: Readonly<Record<string, string>>;
}

/** The harness's agent: core's `Agent` with the scope and taint computed for each run. */
export interface GovernedAgent {
  run(task: string, options?: HarnessRunOptions): Promise<RunResult>;
  stream(task: string, options?: HarnessRunOptions): AsyncIterable<RunEvent>;
  resume(sessionId: string, options?: HarnessResumeOptions): Promise<RunResult>;
  resumeStream(sessionId: string, options?: HarnessResumeOptions): AsyncIterable<RunEvent>;
}

export interface Authority {
  /** The scope for a task (the configuration's entries plus what the task names). */
  scopeFor(task: string, trust: 'user' | 'untrusted'): RunScope;
  /** Untrusted content in the context before the first step (memory, skills, untrusted MCP tool descriptions). */
  readonly initialTaint: readonly TaintSource[];
  /** Reads a run's attachments into parts and their taint (workspace, model's image support). */
  attach(inputs: readonly AttachmentInput[], limits: AttachmentLimits | undefined): Promise<ReadAttachments>;
}

const UNTRUSTED_TASK: TaintSource = { source: 'task:untrusted', reason: 'the task text came from outside the user (probe material, an issue, a message)', reasonId: 'untrusted_task' };

/** A run that starts from a received handoff begins with its summary; the scope is still the task's alone. */
function startText(task: string, options: Pick<RunOptions, 'received'> | undefined): string {
  return options?.received ? handoffTaskText(options.received.handoff, task) : task;
}

function taintFor(authority: Authority, trust: 'user' | 'untrusted'): TaintSource[] {
  return trust === 'untrusted' ? [...authority.initialTaint, UNTRUSTED_TASK] : [...authority.initialTaint];
}

/**
 * The innermost step of the harness's pipeline: core's agent under the harness's authority. Every
 * run gets the scope its task authorizes and starts tainted by what is already in its context; a
 * run from a received handoff starts from its summary. The layers around it (`harness-pipeline.ts`)
 * add the rest.
 */
export function authorizedAgent(agent: Agent, authority: Authority): GovernedAgent {
  const runOptions = (task: string, options: HarnessRunOptions = {}, attached?: ReadAttachments): RunOptions => {
    const { trust = 'user', traceContext: _trace, plan, attachments: _files, attachmentLimits: _limits, tags: _tags, ...rest } = options;
    const taint = [...taintFor(authority, trust), ...(attached?.taint ?? [])];
    const scope = authority.scopeFor(task, trust);
    return { ...rest, scope: plan && trust === 'user' ? { ...scope, plan } : scope, ...(taint.length > 0 ? { taint } : {}), ...(attached ? { attachments: attached.parts } : {}) };
  };
  const read = (options: HarnessRunOptions | undefined): (() => Promise<ReadAttachments>) | undefined => {
    const files = options?.attachments;
    return files && files.length > 0 ? () => authority.attach(files, options.attachmentLimits) : undefined;
  };
  const resumeOptions = (options: HarnessResumeOptions = {}): ResumeOptions => {
    const { trust = 'user', traceContext: _trace, tags: _tags, ...rest } = options;
    const taint = taintFor(authority, trust);
    const task = rest.task !== undefined ? { task: startText(rest.task, rest), scope: authority.scopeFor(rest.task, trust) } : {};
    return { ...rest, ...task, ...(taint.length > 0 ? { taint } : {}) };
  };
  return {
    run: async (task, options) => agent.run(startText(task, options), runOptions(task, options, await read(options)?.())),
    resume: (id, options) => agent.resume(id, resumeOptions(options)),
    stream: (task, options) => {
      const reading = read(options);
      return reading ? attachedStream(agent, startText(task, options), reading, (attached) => runOptions(task, options, attached)) : agent.stream(startText(task, options), runOptions(task, options));
    },
    resumeStream: (id, options) => agent.resumeStream(id, resumeOptions(options)),
  };
}

/** A stream whose attachments are read first: a bad attachment is thrown by the first `next()`, before any event. */
async function* attachedStream(agent: Agent, task: string, reading: () => Promise<ReadAttachments>, options: (attached: ReadAttachments) => RunOptions): AsyncIterable<RunEvent> {
  yield* agent.stream(task, options(await reading()));
}
