import { randomUUID } from 'node:crypto';
import type { AgentExecutor, ExecutionEventBus, RequestContext } from '@a2a-js/sdk/server';
import { failedCall, runAgentCall, type AgentCallOutcome } from '../mcp-server/agent-call.js';
import type { ApprovalInstructions, McpAgent } from '../mcp-server/mcp-agent.js';
import type { TraceContextCarrier } from '@warden/harness';
import type { A2aServerSdk } from './a2a-server-sdk.js';
import type { AdmissionTicket } from './a2a-admission.js';
import { HANDOFF_MEDIA_TYPE, HANDOFF_RECEIPT_MEDIA_TYPE } from '@warden/protocol/handoff';
import { receiveHandoff } from '@warden/harness';

type A2aMessage = import('@a2a-js/sdk').Message;
type A2aPart = A2aMessage['parts'][number];

/** What the executor needs from the server around it. */
export interface ExecutorHost {
  sdk: A2aServerSdk;
  agent: McpAgent;
  approvalInstructions: ApprovalInstructions;
  maxTaskChars: number;
  /** The capacity ticket the HTTP layer took for this send (a new one if it took none; `undefined` when full). */
  ticketFor(requestContext: RequestContext): AdmissionTicket | undefined;
  track(work: Promise<unknown>): void;
  shutdown: AbortSignal;
}

const SESSION_PART = /[^A-Za-z0-9._:-]/g;

/** The Warden session a context continues: owned by this agent, named after the context. */
export function sessionIdFor(agent: string, contextId: string): string {
  return `a2a-${agent}-${contextId.replace(SESSION_PART, '_')}`.slice(0, 200);
}

function textPart(text: string): A2aPart {
  return { content: { $case: 'text', value: text }, mediaType: 'text/plain', filename: '', metadata: undefined };
}

function dataPart(value: unknown, mediaType: string): A2aPart {
  return { content: { $case: 'data', value }, mediaType, filename: '', metadata: undefined };
}

/** The message's words: its text and data parts, without a handoff part (that is read on its own). */
function textOf(parts: readonly A2aPart[]): string {
  return parts
    .filter((part) => part.mediaType !== HANDOFF_MEDIA_TYPE)
    .map((part) => (part.content?.$case === 'text' ? part.content.value : part.content?.$case === 'data' ? JSON.stringify(part.content.value) : ''))
    .filter(Boolean)
    .join('\n');
}

/** The caller's W3C trace context, from the request headers the transport put in the call context. */
export function traceContextOf(requestContext: RequestContext, stateKey: string): TraceContextCarrier | undefined {
  const headers = requestContext.context.state.get(stateKey) as Record<string, string | string[] | undefined> | undefined;
  const traceparent = headers?.traceparent;
  if (typeof traceparent !== 'string') return undefined;
  const tracestate = headers?.tracestate;
  return { traceparent, ...(typeof tracestate === 'string' ? { tracestate } : {}) };
}

/**
 * The SDK's `AgentExecutor` for one governed agent. Each A2A task is one harness call: the
 * context maps to a Warden session (`a2a-<agent>-<contextId>`, created on the first message and
 * continued after), status updates follow the run's steps and tool decisions, the answer is an
 * artifact, and the end state says what happened — `completed`, `input-required` (a question
 * parked as a durable approval; the status message names `warden approvals`), `canceled` or
 * `failed`. `cancelTask` aborts the running harness run.
 */
export function a2aExecutor(host: ExecutorHost): AgentExecutor {
  const { sdk, agent } = host;
  const { AgentEvent } = sdk.server;
  const { TaskState, Role } = sdk.main;
  const running = new Map<string, { controller: AbortController; contextId: string; canceled: boolean }>();

  const agentMessage = (taskId: string, contextId: string, text: string, extra: A2aPart[] = []): A2aMessage => ({
    messageId: randomUUID(),
    contextId,
    taskId,
    role: Role.ROLE_AGENT,
    parts: [textPart(text), ...extra],
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
  });

  const status = (bus: ExecutionEventBus, taskId: string, contextId: string, state: number, text?: string, metadata?: Record<string, unknown>, extra?: A2aPart[]): void => {
    bus.publish(
      AgentEvent.statusUpdate({
        taskId,
        contextId,
        status: { state, message: text === undefined ? undefined : agentMessage(taskId, contextId, text, extra), timestamp: new Date().toISOString() },
        metadata,
      }),
    );
  };

  function finish(bus: ExecutionEventBus, taskId: string, contextId: string, outcome: AgentCallOutcome, canceled: boolean): void {
    if (canceled) return; // cancelTask already published the final state
    const { output } = outcome;
    const metadata = { warden: output };
    if (output.stopReason === 'approval') return status(bus, taskId, contextId, TaskState.TASK_STATE_INPUT_REQUIRED, outcome.text, metadata);
    if (output.stopReason === 'aborted') return status(bus, taskId, contextId, TaskState.TASK_STATE_CANCELED, outcome.text, metadata);
    if (output.stopReason === 'rejected') return status(bus, taskId, contextId, TaskState.TASK_STATE_REJECTED, outcome.text, metadata);
    if (outcome.isError) return status(bus, taskId, contextId, TaskState.TASK_STATE_FAILED, outcome.text, metadata);
    bus.publish(
      AgentEvent.artifactUpdate({
        taskId,
        contextId,
        artifact: { artifactId: `answer-${taskId}`, name: 'answer', description: `${agent.name}'s answer`, parts: [textPart(outcome.text)], metadata: undefined, extensions: [] },
        append: false,
        lastChunk: true,
        metadata: undefined,
      }),
    );
    status(bus, taskId, contextId, TaskState.TASK_STATE_COMPLETED, undefined, metadata);
  }

  return {
    async execute(requestContext, bus) {
      // Taken over at once, before any await: the HTTP request may end first (a non-blocking send).
      const ticket = host.ticketFor(requestContext);
      ticket?.claim();
      try {
        await run(requestContext, bus, ticket);
      } finally {
        ticket?.release();
      }
    },
    async cancelTask(taskId, bus) {
      const entry = running.get(taskId);
      if (!entry || entry.canceled) return;
      // Said at once; the run itself stops at its next safe boundary (core's abort) and is stored as aborted.
      entry.canceled = true;
      entry.controller.abort();
      status(bus, taskId, entry.contextId, TaskState.TASK_STATE_CANCELED, `${agent.name}: canceled by the caller; the run was aborted`);
    },
  };

  async function run(requestContext: RequestContext, bus: ExecutionEventBus, ticket: AdmissionTicket | undefined): Promise<void> {
      const { taskId, contextId } = requestContext;
      const userMessage = requestContext.userMessage;
      const first = requestContext.task;
      const earlier = (first?.history ?? []).filter((m) => m.messageId !== userMessage.messageId);
      bus.publish(
        AgentEvent.task({
          id: taskId,
          contextId,
          status: { state: TaskState.TASK_STATE_SUBMITTED, message: undefined, timestamp: new Date().toISOString() },
          artifacts: first?.artifacts ?? [],
          history: [...earlier, userMessage],
          metadata: first?.metadata,
        }),
      );
      const task = textOf(userMessage.parts).trim();
      const refuse = (reason: string, extra?: A2aPart[]): void => status(bus, taskId, contextId, TaskState.TASK_STATE_REJECTED, reason, undefined, extra);
      const handoffPart = userMessage.parts.find((part) => part.mediaType === HANDOFF_MEDIA_TYPE);
      const received = handoffPart ? receiveHandoff(handoffPart.content?.$case === 'data' ? handoffPart.content.value : handoffPart.content?.$case === 'text' ? handoffPart.content.value : undefined, { by: agent.name, expectTo: agent.name }) : undefined;
      if (!task && !received) return refuse('the message has no text: send the task in words (a text part)');
      if (task.length > host.maxTaskChars) return refuse(`the task is longer than ${host.maxTaskChars} characters`);
      const sessionId = sessionIdFor(agent.name, contextId);
      const receiptPart = received ? [dataPart(received.receipt, HANDOFF_RECEIPT_MEDIA_TYPE)] : [];
      if (received?.status === 'rejected') {
        // A refused handoff starts no run; its receipt is stored and is the answer.
        await agent.harness.recordRejectedHandoff(sessionId, received).catch(() => undefined);
        return refuse(`${agent.name} rejected the handoff: ${received.receipt.reason ?? ''}`, receiptPart);
      }
      const controller = new AbortController();
      const entry = { controller, contextId, canceled: false };
      running.set(taskId, entry);
      if (!ticket) {
        running.delete(taskId);
        return refuse('the server is at its limit of runs and queued tasks; try again shortly');
      }
      const busy = await ticket.start(sessionId, (ahead) =>
        status(bus, taskId, contextId, TaskState.TASK_STATE_SUBMITTED, `${agent.name}: queued (${ahead} ahead); it starts when a run slot and the conversation are free`),
        controller.signal,
      );
      if (busy || entry.canceled) {
        running.delete(taskId);
        // A canceled task already said so (cancelTask); a shutdown says why.
        return entry.canceled ? undefined : refuse(busy!);
      }
      status(bus, taskId, contextId, TaskState.TASK_STATE_WORKING, `${agent.name} is working (session ${sessionId})${received ? `; handoff ${received.receipt.handoffId} accepted` : ''}`, undefined, receiptPart);
      const traceContext = traceContextOf(requestContext, sdk.server.STATE_HEADERS_KEY);
      const work = runAgentCall(
        agent,
        { task, sessionId, createSession: true, ...(received ? { received: { handoff: received.handoff, receipt: received.receipt } } : {}) },
        {
          signal: AbortSignal.any([controller.signal, host.shutdown]),
          progress: (line) => status(bus, taskId, contextId, TaskState.TASK_STATE_WORKING, line),
          approvalInstructions: host.approvalInstructions,
          ...(traceContext ? { traceContext } : {}),
        },
      ).catch((error: unknown) => failedCall(agent.name, error, sessionId));
      host.track(work);
      try {
        const outcome = await work;
        finish(bus, taskId, contextId, outcome, entry.canceled);
      } finally {
        running.delete(taskId);
      }
  }
}
