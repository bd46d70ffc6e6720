import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ApprovalRequest } from '@warden/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { approvalNotifier, notifyingApprover, type NotifySend } from './approval-notify.js';

// The pending queue's notify webhook, against a real local HTTP server.

interface Received {
  headers: IncomingMessage['headers'];
  body: string;
}

let server: Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** A receiver answering with `statuses` in turn (the last one from then on). */
async function receiver(statuses: number[]): Promise<{ url: string; received: Received[] }> {
  const received: Received[] = [];
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.statusCode = statuses[Math.min(received.length - 1, statuses.length - 1)]!;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/approvals?token=abc`, received };
}

/** Plain fetch with no redirects, as the egress a test needs (the harness uses @warden/web's guarded request). */
const send: NotifySend = async ({ url, headers, body, timeoutMs }) => {
  const response = await fetch(url, { method: 'POST', headers, body, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
  await response.arrayBuffer();
  return { status: response.status };
};

const request: ApprovalRequest = {
  id: 'apr_1',
  runId: 'run_1',
  sessionId: 'ses_1',
  step: 2,
  call: { id: 'c1', name: 'refund', args: { amount: 900, iban: 'DE89 3704 0044 0532 0130 00', note: 'customer password hunter2' } },
  decision: { effect: 'ask', reason: 'refund 900 to DE89 3704 0044 0532 0130 00', rule: 'governance.refunds-need-two', requiresPerson: true, params: { approvers: 2 } },
  requestedFor: { userId: 'anna' },
  createdAt: '2026-12-03T19:00:00.000Z',
  expiresAt: '2026-12-03T23:00:00.000Z',
};

describe('approvalNotifier', () => {
  it('POSTs a signed notice that names the approval and never carries its arguments, reason or the secret', async () => {
    const { url, received } = await receiver([204]);
    const deliveries: unknown[] = [];
    const notifier = approvalNotifier({ url, send, secret: 'whsec-test-0123456789', policyVersion: 'sha256:abc', onDelivery: (d) => deliveries.push(d) });
    const delivery = await notifier.notify(request);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 1, httpStatus: 204 });
    expect(received).toHaveLength(1);
    const body = JSON.parse(received[0]!.body) as Record<string, unknown>;
    expect(body).toEqual({ type: 'approval_pending', approvalId: 'apr_1', runId: 'run_1', sessionId: 'ses_1', tool: 'refund', rule: 'governance.refunds-need-two', approvers: 2, createdAt: request.createdAt, expiresAt: request.expiresAt, policyVersion: 'sha256:abc' });
    for (const secret of ['DE89', 'hunter2', 'whsec-test', '900']) expect(received[0]!.body).not.toContain(secret);
    expect(received[0]!.headers['x-warden-signature']).toBe(`sha256=${createHmac('sha256', 'whsec-test-0123456789').update(received[0]!.body).digest('hex')}`);
    // The delivery names the URL without its query (where tokens hide).
    expect(deliveries).toEqual([expect.objectContaining({ url: expect.not.stringContaining('token') })]);
  });

  it('retries a 5xx with backoff until it is delivered; a 4xx is final', async () => {
    const flaky = await receiver([503, 502, 200]);
    const delivered = await approvalNotifier({ url: flaky.url, send, retries: 3, backoffMs: 5 }).notify(request);
    expect(delivered).toMatchObject({ status: 'delivered', attempts: 3, httpStatus: 200 });
    expect(flaky.received).toHaveLength(3);
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    const refusing = await receiver([401]);
    const refused = await approvalNotifier({ url: refusing.url, send, retries: 3, backoffMs: 5 }).notify(request);
    expect(refused).toMatchObject({ status: 'failed', attempts: 1, error: 'http_401' });
  });

  it('a receiver that is down fails after the retries, reported and never thrown', async () => {
    const { url } = await receiver([200]);
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    server = undefined;
    const failed = await approvalNotifier({ url, send, retries: 2, backoffMs: 5 }).notify(request);
    expect(failed).toMatchObject({ status: 'failed', attempts: 3 });
  });

  it('notifyingApprover announces only what it parks', async () => {
    const { url, received } = await receiver([200]);
    const notifier = approvalNotifier({ url, send });
    let outcome: 'pending' | 'approved' = 'pending';
    const approver = notifyingApprover({ specificationVersion: 'v1', kind: 'durable', approve: async () => ({ outcome }) }, notifier);
    await approver.approve(request, { signal: new AbortController().signal });
    outcome = 'approved';
    await approver.approve({ ...request, id: 'apr_2' }, { signal: new AbortController().signal });
    await notifier.settled();
    expect(received.map((r) => (JSON.parse(r.body) as { approvalId: string }).approvalId)).toEqual(['apr_1']);
  });
});
