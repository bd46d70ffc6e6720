import type { Context, Span, Tracer } from '@opentelemetry/api';
import { errorCodeOf, type RunEvent, type RunEventOf } from '@warden/protocol';
import { ATTR, OPERATION, providerName, usageAttributes } from './gen-ai-attributes.js';
import type { OtelApi } from './load-otel-api.js';
import type { ContentRecorder } from './span-content.js';

/** Core's sub-agent tool. */
const DELEGATE_TOOL = 'delegate';

export interface RunTracerInit {
  api: OtelApi;
  tracer: Tracer;
  /** The context the run span starts in (the caller's active span, or a remote parent). */
  parent: Context;
  /** Set when content is captured. */
  content?: ContentRecorder;
  agentName: string;
}

/**
 * The spans of one harness call (`run`, `stream`, `resume`), built from its events as they are
 * emitted: the run (`invoke_agent`), each step, each tool call (`execute_tool`), compactions and
 * sub-agents (`invoke_agent <name>`). The model call, gate decision and approval wait spans are
 * opened by the traced provider, gate and approver, which ask this object for their parent.
 * An event type it does not know is ignored.
 */
export class RunTracer {
  private readonly api: OtelApi;
  private readonly tracer: Tracer;
  private readonly content: ContentRecorder | undefined;
  private rootRunId: string | undefined;
  private runSpan: Span | undefined;
  private stepSpan: Span | undefined;
  private readonly tools = new Map<string, { span: Span; name: string }>();
  /** Sub-agent spans by child run id, newest last. */
  private readonly subagents = new Map<string, Span>();
  private lastEventAt = Date.now();

  constructor(private readonly init: RunTracerInit) {
    this.api = init.api;
    this.tracer = init.tracer;
    this.content = init.content;
  }

  get captureContent(): ContentRecorder | undefined {
    return this.content;
  }

  /** Called synchronously with every (redacted) event of the call, children's forwarded ones included. */
  onEvent(event: RunEvent): void {
    try {
      this.handle(event);
    } finally {
      this.lastEventAt = Date.now();
    }
  }

  /** Where a model call starts: the open sub-agent, else the current step, else the run. */
  modelParent(): Context {
    const sub = [...this.subagents.values()].at(-1);
    return this.contextOf(sub ?? this.stepSpan ?? this.runSpan);
  }

  /** Where a gate decision or an approval wait for `callId` starts: that call's span. */
  toolParent(callId: string): Context {
    const open = this.tools.get(callId);
    return open ? this.contextOf(open.span) : this.modelParent();
  }

  /** Ends whatever is still open (a run that threw, a stream closed early). */
  close(error?: unknown): void {
    for (const { span } of this.tools.values()) span.end();
    this.tools.clear();
    for (const span of this.subagents.values()) span.end();
    this.subagents.clear();
    this.stepSpan?.end();
    this.stepSpan = undefined;
    if (this.runSpan) {
      // The code only: a thrown error's message has not been through the redactor.
      if (error !== undefined) this.fail(this.runSpan, errorCodeOf(error), undefined);
      this.runSpan.end();
      this.runSpan = undefined;
    }
  }

  private contextOf(span: Span | undefined): Context {
    return span ? this.api.trace.setSpan(this.init.parent, span) : this.init.parent;
  }

  private handle(event: RunEvent): void {
    switch (event.type) {
      case 'run_start':
        return this.runStart(event);
      case 'step_start':
        if (event.runId !== this.rootRunId || !this.runSpan) return;
        this.stepSpan?.end();
        this.stepSpan = this.tracer.startSpan(`step ${event.step}`, { attributes: { [ATTR.step]: event.step, [ATTR.runId]: event.runId } }, this.contextOf(this.runSpan));
        return;
      case 'tool_call':
        return this.toolCall(event);
      case 'tool_result':
        return this.toolResult(event);
      case 'compaction':
        return this.compaction(event);
      case 'subagent':
        return this.subagent(event);
      case 'run_end':
        return this.runEnd(event);
      default:
        return;
    }
  }

  private runStart(event: RunEventOf<'run_start'>): void {
    if (this.rootRunId !== undefined) return;
    this.rootRunId = event.runId;
    const attributes: Record<string, string> = {
      [ATTR.operation]: OPERATION.agent,
      [ATTR.agentName]: this.init.agentName,
      [ATTR.agentId]: event.runId,
      [ATTR.runId]: event.runId,
      [ATTR.providerName]: providerName(event.provider),
      [ATTR.system]: providerName(event.provider),
      [ATTR.requestModel]: event.model,
    };
    if (event.sessionId) attributes[ATTR.conversationId] = event.sessionId;
    if (this.content && event.task) attributes[ATTR.inputMessages] = this.content([{ role: 'user', parts: [{ type: 'text', content: event.task }] }]);
    this.runSpan = this.tracer.startSpan(`${OPERATION.agent} ${this.init.agentName}`, { kind: this.api.SpanKind.INTERNAL, attributes }, this.init.parent);
  }

  private toolCall(event: RunEventOf<'tool_call'>): void {
    const parent = this.subagents.get(event.runId) ?? this.stepSpan ?? this.runSpan;
    if (!parent) return;
    const attributes: Record<string, string | number> = {
      [ATTR.operation]: OPERATION.tool,
      [ATTR.toolName]: event.name,
      [ATTR.toolCallId]: event.callId,
      [ATTR.toolType]: 'function',
      [ATTR.runId]: event.runId,
      [ATTR.step]: event.step,
    };
    if (this.content) attributes[ATTR.toolArguments] = this.content(event.args);
    const span = this.tracer.startSpan(`${OPERATION.tool} ${event.name}`, { kind: this.api.SpanKind.INTERNAL, attributes }, this.contextOf(parent));
    this.tools.set(event.callId, { span, name: event.name });
  }

  private toolResult(event: RunEventOf<'tool_result'>): void {
    const span = this.tools.get(event.callId)?.span;
    if (!span) return;
    this.tools.delete(event.callId);
    // Attributes (the tool's output above all) are computed only for a span that records them.
    if (!span.isRecording()) {
      span.end();
      return;
    }
    span.setAttribute(ATTR.toolStatus, event.status);
    if (this.content) span.setAttribute(ATTR.toolResult, this.content(event.content));
    if (event.status !== 'ok') this.fail(span, event.status, undefined);
    span.end();
  }

  private compaction(event: RunEventOf<'compaction'>): void {
    if (event.runId !== this.rootRunId || !this.runSpan) return;
    // Core announces a compaction once it is done; it began after the last event before it.
    const span = this.tracer.startSpan(
      'compaction',
      {
        startTime: this.lastEventAt,
        attributes: { [ATTR.runId]: event.runId, [ATTR.compactionBefore]: event.tokensBefore, [ATTR.compactionAfter]: event.tokensAfter, [ATTR.compactionMessages]: event.summarizedMessages },
      },
      this.contextOf(this.runSpan),
    );
    span.end();
  }

  private subagent(event: RunEventOf<'subagent'>): void {
    if (event.phase === 'start') {
      // The child runs inside the parent's `delegate` call: the newest open delegate span.
      const delegate = [...this.tools.values()].reverse().find((open) => open.name === DELEGATE_TOOL)?.span;
      const parent = delegate ?? this.stepSpan ?? this.runSpan;
      const span = this.tracer.startSpan(
        `${OPERATION.agent} ${event.agent}`,
        {
          kind: this.api.SpanKind.INTERNAL,
          attributes: { [ATTR.operation]: OPERATION.agent, [ATTR.agentName]: event.agent, [ATTR.agentId]: event.childRunId, [ATTR.subagentChildRunId]: event.childRunId, [ATTR.runId]: event.runId },
        },
        this.contextOf(parent),
      );
      this.subagents.set(event.childRunId, span);
      return;
    }
    const span = this.subagents.get(event.childRunId);
    if (!span) return;
    this.subagents.delete(event.childRunId);
    if (event.stopReason) span.setAttribute(ATTR.stopReason, event.stopReason);
    if (event.stopReason === 'error') this.fail(span, 'error', undefined);
    span.end();
  }

  private runEnd(event: RunEventOf<'run_end'>): void {
    if (event.runId !== this.rootRunId || !this.runSpan) return;
    const span = this.runSpan;
    if (!span.isRecording()) {
      this.close();
      return;
    }
    span.setAttributes({ ...usageAttributes(event.usage), [ATTR.costUsd]: event.costUsd, [ATTR.stopReason]: event.stopReason, [ATTR.steps]: event.steps });
    if (this.content && event.output) span.setAttribute(ATTR.outputMessages, this.content([{ role: 'assistant', parts: [{ type: 'text', content: event.output }] }]));
    if (event.error) this.fail(span, event.error.code, event.error.message);
    this.close();
  }

  private fail(span: Span, type: string, message: string | undefined): void {
    span.setAttribute(ATTR.errorType, type);
    span.setStatus({ code: this.api.SpanStatusCode.ERROR, ...(message ? { message } : {}) });
  }
}
