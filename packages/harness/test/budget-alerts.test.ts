import { createHmac, timingSafeEqual } from 'node:crypto';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RunEvent } from '@warden/protocol';
import { scriptedProvider } from '@warden/protocol/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { BUDGET_ALERT_ERROR_CODES, BUDGET_ALERT_WARNING, BudgetAlertError, budgetAlerts, createHarness } from '../src/index.js';
import { tempWorkspace } from './helpers/workspace.js';

const SECRET = 'whsec-test-9f3c1e7a-not-in-events';

interface Received {
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A real webhook receiver: answers with the queued statuses in order (then 200) and records every request. */
async function receiver(statuses: number[] = []): Promise<{ url: string; got: Received[]; close(): Promise<void> }> {
  const got: Received[] = [];
  const queue = [...statuses];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      got.push({ url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.statusCode = queue.shift() ?? 200;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hook`, got, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** What a receiver does: recompute the HMAC of the raw body and compare in constant time. */
function verified(r: Received, secret: string): boolean {
  const header = String(r.headers['x-warden-signature'] ?? '');
  const expected = `sha256=${createHmac('sha256', secret).update(r.body).digest('hex')}`;
  return header.length === expected.length && timingSafeEqual(Buffer.from(header), Buffer.from(expected));
}

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (closers.length > 0) await closers.pop()!();
});

async function open(statuses: number[] = []) {
  const r = await receiver(statuses);
  closers.push(r.close);
  return r;
}

describe('budget alerts', () => {
  it('delivers a signed JSON alert the receiver can verify', async () => {
    const hook = await open();
    const alerts = budgetAlerts({ budgets: [{ scope: 'run', usd: 1 }], webhooks: [{ url: hook.url, secret: SECRET }] });
    expect(alerts.record({ runId: 'r1', costUsd: 0.3 })).toEqual([]);
    const raised = alerts.record({ runId: 'r1', costUsd: 0.3, at: '2026-01-02T03:04:05.000Z' });
    expect(raised.map((a) => a.threshold)).toEqual([0.5]);
    const [delivery] = await alerts.settled();
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 1, httpStatus: 200, url: hook.url });
    expect(hook.got).toHaveLength(1);
    const [req] = hook.got;
    expect(req!.headers['content-type']).toBe('application/json');
    expect(verified(req!, SECRET)).toBe(true);
    expect(verified(req!, 'another-secret')).toBe(false);
    expect(verified({ ...req!, body: req!.body.replace('"r1"', '"r2"') }, SECRET)).toBe(false);
    const body = JSON.parse(req!.body);
    expect(body).toEqual({ budget: 'run', threshold: 0.5, spentUsd: 0.6, limitUsd: 1, scope: 'run', key: 'r1', at: '2026-01-02T03:04:05.000Z' });
    expect(req!.body).not.toContain(SECRET);
  });

  it('retries after a 500 with backoff, then succeeds; the same signed body each time', async () => {
    const hook = await open([500]);
    const alerts = budgetAlerts({ budgets: [{ scope: 'day', usd: 1, thresholds: [1] }], webhooks: [{ url: hook.url, secret: SECRET, retries: 3, backoffMs: 20 }] });
    alerts.record({ runId: 'r1', costUsd: 1 });
    const [delivery] = await alerts.settled();
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 2, httpStatus: 200 });
    expect(delivery!.error).toBeUndefined();
    expect(hook.got).toHaveLength(2);
    expect(hook.got[1]!.body).toBe(hook.got[0]!.body);
    expect(hook.got.every((r) => verified(r, SECRET))).toBe(true);
  });

  it('does not retry a 400; the delivery is recorded as failed', async () => {
    const hook = await open([400, 200]);
    const alerts = budgetAlerts({ budgets: [{ scope: 'run', usd: 1, thresholds: [1] }], webhooks: [{ url: hook.url, secret: SECRET, retries: 3, backoffMs: 1 }] });
    alerts.record({ runId: 'r1', costUsd: 2 });
    const [delivery] = await alerts.settled();
    expect(delivery).toMatchObject({ status: 'failed', attempts: 1, httpStatus: 400, error: 'http_400' });
    expect(hook.got).toHaveLength(1);
  });

  it('retries network errors up to `retries` and records why', async () => {
    const hook = await receiver();
    await hook.close(); // nothing listens on this port any more
    const alerts = budgetAlerts({ budgets: [{ scope: 'run', usd: 1, thresholds: [1] }], webhooks: [{ url: hook.url, secret: SECRET, retries: 2, backoffMs: 1, timeoutMs: 2000 }] });
    alerts.record({ runId: 'r1', costUsd: 1 });
    const [delivery] = await alerts.settled();
    expect(delivery).toMatchObject({ status: 'failed', attempts: 3 });
    expect(delivery!.error).toMatch(/^network/);
  });

  it('raises each of several thresholds crossed at once exactly once, and never again', async () => {
    const hook = await open();
    const seen: number[] = [];
    const alerts = budgetAlerts({ budgets: [{ scope: 'agent', usd: 1, agent: 'helper' }], webhooks: [{ url: hook.url, secret: SECRET }], onAlert: (a) => seen.push(a.threshold) });
    expect(alerts.record({ runId: 'r1', agent: 'main', costUsd: 5 })).toEqual([]); // another agent's spend
    expect(alerts.record({ runId: 'r1', agent: 'helper', costUsd: 1.2 }).map((a) => a.threshold)).toEqual([0.5, 0.8, 1]);
    expect(alerts.record({ runId: 'r2', agent: 'helper', costUsd: 3 })).toEqual([]);
    await alerts.settled();
    expect(seen).toEqual([0.5, 0.8, 1]);
    expect(hook.got.map((r) => JSON.parse(r.body).threshold).sort()).toEqual([0.5, 0.8, 1]);
    expect(hook.got.every((r) => verified(r, SECRET) && JSON.parse(r.body).budget === 'agent:helper' && JSON.parse(r.body).key === 'helper')).toBe(true);
  });

  it('in a harness: one alert for one crossing across several runs, a warning event in run() and stream(), and no secret anywhere', async () => {
    const hook = await open();
    // Credentials in the URL itself (userinfo, a query token) are sent but never shown.
    const hookUrl = hook.url.replace('http://', 'http://hookuser:hookpass-77@') + '?token=query-token-55';
    const provider = scriptedProvider(
      [
        { text: 'one', costUsd: 5 },
        { text: 'two', costUsd: 2.5 },
        { text: 'three', costUsd: 0.25 },
      ],
      { id: 'acme', model: 'house-model' },
    );
    const harness = await createHarness({
      workdir: tempWorkspace(),
      provider,
      env: {},
      audit: false,
      owner: { tenantId: 'acme', userId: 'ana' },
      budgetAlerts: { budgets: [{ scope: 'owner', usd: 10, thresholds: [0.5, 0.8] }, { scope: 'run', usd: 4, thresholds: [1] }], webhooks: [{ url: hookUrl, secret: SECRET, backoffMs: 1 }] },
    });
    const events: RunEvent[] = [];
    const results: Array<Awaited<ReturnType<typeof harness.run>>> = [];
    try {
      results.push(await harness.run('first', { onEvent: (e) => events.push(e) }));
      for await (const e of harness.stream('second')) events.push(e);
      results.push(await harness.run('third', { onEvent: (e) => events.push(e) }));
    } finally {
      await harness.close();
    }
    const deliveries = await harness.budgetAlerts!.settled();
    const warnings = events.filter((e): e is Extract<RunEvent, { type: 'warning' }> => e.type === 'warning' && e.code === BUDGET_ALERT_WARNING);
    // $5 crosses the owner's 50% and the first run's $4; $7.50 and $7.75 cross nothing new.
    expect(harness.budgetAlerts!.alerts().map((a) => `${a.budget}:${a.key}:${a.threshold}`)).toEqual(['owner:acme/ana:0.5', `run:${results[0]!.runId}:1`]);
    expect(harness.budgetAlerts!.spent('owner', 'acme/ana')).toBeCloseTo(7.75, 9);
    expect(warnings).toHaveLength(2);
    expect(warnings.every((w) => w.runId === results[0]!.runId)).toBe(true);
    expect(results[0]!.warnings.filter((w) => w.startsWith('budget "'))).toHaveLength(2);
    expect(hook.got).toHaveLength(2);
    expect(hook.got.every((r) => verified(r, SECRET))).toBe(true);
    expect(hook.got[0]!.url).toBe('/hook?token=query-token-55');
    expect(hook.got[0]!.headers.authorization).toBe(`Basic ${Buffer.from('hookuser:hookpass-77').toString('base64')}`);
    expect(deliveries.every((d) => d.status === 'delivered' && d.url === hook.url)).toBe(true);
    const shown = JSON.stringify({ events, results, deliveries, alerts: harness.budgetAlerts!.alerts() });
    for (const secret of [SECRET, 'hookpass-77', 'query-token-55', 'hookuser']) expect(shown).not.toContain(secret);
  });

  it('a stream run that crosses a threshold shows the warning before run_end', async () => {
    const harness = await createHarness({ workdir: tempWorkspace(), provider: scriptedProvider([{ text: 'x', costUsd: 2 }], { id: 'acme', model: 'm' }), env: {}, audit: false, budgetAlerts: { budgets: [{ scope: 'run', usd: 1, thresholds: [1] }] } });
    const types: string[] = [];
    try {
      for await (const e of harness.stream('go')) types.push(e.type === 'warning' ? `warning:${e.code}` : e.type);
    } finally {
      await harness.close();
    }
    expect(types.indexOf(`warning:${BUDGET_ALERT_WARNING}`)).toBeGreaterThan(types.indexOf('usage'));
    expect(types.at(-1)).toBe('run_end');
  });

  it('with a state file, a restarted process continues the day\'s spend and never raises a crossing twice', async () => {
    const hook = await open();
    const file = path.join(tempWorkspace(), 'state', 'alerts.json');
    const options = { budgets: [{ scope: 'day' as const, usd: 10 }], webhooks: [{ url: hook.url, secret: SECRET }], stateFile: file };
    const at = '2026-03-04T10:00:00.000Z';
    const first = budgetAlerts(options);
    expect(first.record({ runId: 'r1', costUsd: 4, at })).toEqual([]);
    expect(first.record({ runId: 'r2', costUsd: 2, at }).map((a) => a.threshold)).toEqual([0.5]);
    await first.settled();
    // A new process: the day's 6 USD and the 0.5 crossing are remembered.
    const second = budgetAlerts(options);
    expect(second.spent('day', '2026-03-04')).toBe(6);
    expect(second.record({ runId: 'r3', costUsd: 0.5, at })).toEqual([]);
    expect(second.record({ runId: 'r4', costUsd: 2, at }).map((a) => a.threshold)).toEqual([0.8]);
    await second.settled();
    expect(hook.got.map((r) => JSON.parse(r.body).threshold)).toEqual([0.5, 0.8]);
    // Without the file the same restart would count from zero.
    expect(budgetAlerts({ budgets: options.budgets }).spent('day', '2026-03-04')).toBe(0);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).not.toContain(SECRET);
  });

  it('refuses a state file that is not one, without touching it', () => {
    const dir = tempWorkspace();
    for (const [name, text] of [['garbage.json', 'not json'], ['other.json', '{"v":2,"spent":{},"fired":[]}'], ['negative.json', '{"v":1,"spent":{"day\u00002026-01-01":-1},"fired":[]}']] as const) {
      const file = path.join(dir, name);
      writeFileSync(file, text);
      let caught: unknown;
      try {
        budgetAlerts({ budgets: [{ scope: 'day', usd: 1 }], stateFile: file });
      } catch (error) {
        caught = error;
      }
      expect(BudgetAlertError.isInstance(caught) && caught.code).toBe('budget_alerts.invalid_state');
      expect(readFileSync(file, 'utf8')).toBe(text);
    }
  });

  it('rejects bad budgets and webhooks with typed errors that never show the secret or URL credentials', () => {
    const bad = (f: () => unknown) => {
      try {
        f();
      } catch (error) {
        return error;
      }
      throw new Error('no error');
    };
    const e1 = bad(() => budgetAlerts({ budgets: [{ scope: 'run', usd: 0 }] }));
    expect(BudgetAlertError.isInstance(e1) && e1.code).toBe('budget_alerts.invalid_budget');
    const e2 = bad(() => budgetAlerts({ budgets: [{ scope: 'run', usd: 1 }], webhooks: [{ url: 'ftp://u:pw-secret@example.invalid/x?token=qq-secret', secret: SECRET }] }));
    expect(BudgetAlertError.isInstance(e2) && e2.code).toBe('budget_alerts.invalid_webhook');
    const text = `${String((e2 as Error).message)} ${JSON.stringify(e2)}`;
    for (const s of ['pw-secret', 'qq-secret', SECRET]) expect(text).not.toContain(s);
    expect(Object.keys(BUDGET_ALERT_ERROR_CODES)).toEqual(['budget_alerts.invalid_budget', 'budget_alerts.invalid_webhook', 'budget_alerts.invalid_state']);
  });
});
