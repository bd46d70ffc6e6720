import type { ApprovalRequest, ApproverV1, JsonObject } from '@warden/protocol';
import { createHmac } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

/** Sends one POST through the caller's governed egress (an address policy, no redirects); resolves with the status. */
export type NotifySend = (request: { url: string; headers: Record<string, string>; body: string; timeoutMs: number }) => Promise<{ status: number }>;

export interface ApprovalNotifyOptions {
  url: string;
  send: NotifySend;
  /** Signs the body (`x-warden-signature: sha256=<hmac>`); never sent, never in the body. */
  secret?: string;
  /** Attempts after the first on a 5xx, a timeout or a network error (default 3; a 4xx is final). */
  retries?: number;
  backoffMs?: number;
  timeoutMs?: number;
  policyVersion?: string;
  /** Told of each delivery's outcome (the URL shown without userinfo, query or fragment). */
  onDelivery?: (delivery: NotifyDelivery) => void;
}

export interface NotifyDelivery {
  approvalId: string;
  url: string;
  status: 'delivered' | 'failed';
  attempts: number;
  httpStatus?: number;
  error?: string;
}

/**
 * What the webhook is told about a parked approval: where to find it and what it waits for —
 * never the call's arguments, the reason text or anyone's secrets (they stay in the store).
 */
export function approvalNotice(request: ApprovalRequest, policyVersion?: string): JsonObject {
  const approvers = request.decision.params?.approvers;
  return {
    type: 'approval_pending',
    approvalId: request.id,
    runId: request.runId,
    ...(request.sessionId !== undefined ? { sessionId: request.sessionId } : {}),
    tool: request.call.name,
    rule: request.decision.rule,
    approvers: typeof approvers === 'number' ? approvers : 1,
    createdAt: request.createdAt,
    ...(request.expiresAt !== undefined ? { expiresAt: request.expiresAt } : {}),
    ...(policyVersion !== undefined ? { policyVersion } : {}),
  };
}

const shown = (url: string): string => {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
};

/** A failure in words that cannot carry the URL or a secret. */
function failureOf(error: unknown): string {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && /^[A-Za-z0-9_.]+$/.test(code) ? code : 'network';
}

/**
 * Announces parked approvals (the pending queue's notify webhook): each is POSTed once, signed,
 * retried with exponential backoff on a 5xx, a timeout or a network error, never on a 4xx. A
 * failed delivery is reported (`onDelivery`), never thrown: the approval is parked either way.
 */
export function approvalNotifier(options: ApprovalNotifyOptions): { notify(request: ApprovalRequest): Promise<NotifyDelivery>; settled(): Promise<void> } {
  const inFlight = new Set<Promise<unknown>>();
  const retries = Math.max(0, Math.floor(options.retries ?? 3));
  const backoffMs = options.backoffMs ?? 250;
  async function deliver(request: ApprovalRequest): Promise<NotifyDelivery> {
    const body = JSON.stringify(approvalNotice(request, options.policyVersion));
    const headers: Record<string, string> = { 'content-type': 'application/json', 'user-agent': 'warden-approvals', 'x-warden-event': 'approval_pending' };
    if (options.secret) headers['x-warden-signature'] = `sha256=${createHmac('sha256', options.secret).update(body).digest('hex')}`;
    const delivery: NotifyDelivery = { approvalId: request.id, url: shown(options.url), status: 'failed', attempts: 0 };
    for (let attempt = 0; attempt <= retries; attempt++) {
      if (attempt > 0) await sleep(backoffMs * 2 ** (attempt - 1));
      delivery.attempts = attempt + 1;
      try {
        const { status } = await options.send({ url: options.url, headers, body, timeoutMs: options.timeoutMs ?? 5000 });
        delivery.httpStatus = status;
        if (status >= 200 && status < 300) {
          delivery.status = 'delivered';
          delete delivery.error;
          break;
        }
        delivery.error = `http_${status}`;
        if (status < 500) break;
      } catch (error) {
        delete delivery.httpStatus;
        delivery.error = failureOf(error);
      }
    }
    options.onDelivery?.(delivery);
    return delivery;
  }
  return {
    notify(request) {
      const done = deliver(request);
      inFlight.add(done);
      void done.finally(() => inFlight.delete(done));
      return done;
    },
    async settled() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}

/** The approver, with every request it parks (answer `pending`) announced to the notifier. */
export function notifyingApprover(inner: ApproverV1, notifier: { notify(request: ApprovalRequest): Promise<unknown> }): ApproverV1 {
  return {
    specificationVersion: inner.specificationVersion,
    kind: inner.kind,
    async approve(request, options) {
      const answer = await inner.approve(request, options);
      if (answer.outcome === 'pending') void notifier.notify(request);
      return answer;
    },
  };
}
