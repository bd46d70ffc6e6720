import { readdirSync, readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { defineCase, definePack, runChecks } from '@warden/evidence';
import { pushReport } from '@warden/evidence/report';
import { createHarness } from '@warden/harness';
import type { RunEvent } from '@warden/protocol';
import { scriptedProvider } from '@warden/protocol/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, downloadDashFile, identity, PG_URL, setupAdmin, startTestDash, STORE_KINDS, tempDir, type TestDash, type WebClient } from './helpers.js';

// Issue 45: the dashboard is one of the places a secret must not reach. A report may come from a
// producer that did not redact it (an old CLI, a hand-written pusher), so the dashboard redacts
// every string of a pushed report before it stores, indexes, lists or renders anything.
// Built at run time: the repository holds no string a scanner would flag.
const TASK_SECRET = `ghp_${'Tk7mQ2'.repeat(6)}`;
const ARG_SECRET = `sk-ant-api03-${'Ar9Zx1'.repeat(14)}`;
const TITLE_SECRET = `xoxb-${'1234567890'}-${'0987654321'}-${'TiTlE5eCrEt'.repeat(2)}`;
const SECRETS = [TASK_SECRET, ARG_SECRET, TITLE_SECRET];

/** Every byte under a directory (the SQLite file and its journal included), as text. */
function bytesUnder(dir: string): string {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => path.join(dir, name))
    .filter((file) => statSync(file).isFile())
    .map((file) => readFileSync(file, 'latin1'))
    .join('\n');
}

/** Every row of every table of the dashboard's PostgreSQL schema, as JSON text. */
async function rowsOf(schema: string): Promise<string> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    const tables = await client.query<{ table_name: string }>('SELECT table_name FROM information_schema.tables WHERE table_schema = $1', [schema]);
    expect(tables.rows.length).toBeGreaterThan(3);
    const parts: string[] = [];
    for (const { table_name } of tables.rows) {
      const rows = await client.query(`SELECT row_to_json(t)::text AS j FROM "${schema}"."${table_name}" t`);
      parts.push(...rows.rows.map((r: { j: string }) => r.j));
    }
    return parts.join('\n');
  } finally {
    await client.end();
  }
}

/** A real governed run whose task, tool-call arguments, answer and session title carry secrets. */
async function leakyRun(workdir: string): Promise<{ task: string; title: string; args: Record<string, unknown>; events: RunEvent[] }> {
  const args = { path: 'deploy.env', content: `ANTHROPIC_API_KEY=${ARG_SECRET}\n` };
  const provider = scriptedProvider([
    { toolCalls: [{ id: 'w1', name: 'write_file', args }] },
    `Done. The key was ${ARG_SECRET}.`,
  ]);
  const harness = await createHarness({ workdir, provider, env: {}, approver: 'yes' });
  const task = `write deploy.env; the GitHub token is ${TASK_SECRET}`;
  const events: RunEvent[] = [];
  try {
    for await (const event of harness.agent.stream(task)) events.push(event);
  } finally {
    await harness.close();
  }
  return { task, title: `deploy with ${TITLE_SECRET}`, args, events };
}

describe.each(STORE_KINDS)('the dashboard keeps no secret a pushed report carried (%s)', (kind) => {
  let t: TestDash;
  let admin: WebClient;
  let slug: string;
  let dashFile: string;

  beforeAll(async () => {
    t = await startTestDash(kind);
    admin = await setupAdmin(t.dash.url);
    slug = await createProject(admin, 'Secrets');
    dashFile = (await downloadDashFile(admin, slug, t.dir)).file;
  });
  afterAll(async () => t?.stop());

  it('redacts the task, the tool-call arguments, the answer and the title before storing, listing or rendering them', async () => {
    const work = await tempDir('warden-dash-run-');
    const run = await leakyRun(work);
    expect(run.events.at(-1)).toMatchObject({ type: 'run_end', stopReason: 'done' });
    // The harness's own events are already redacted; the producer below records the raw values anyway.
    for (const secret of SECRETS) expect(JSON.stringify(run.events)).not.toContain(secret);
    const pack = definePack({
      name: 'leaky',
      environments: { local: {} },
      cases: [
        defineCase({ id: 'agent:deploy', title: run.title, tags: ['agent'] }, (ctx) => {
          ctx.step(run.task);
          ctx.operation('agent run', { kind: 'agent', operation: run.task, expected: { stopReason: 'done' }, actual: { call: { name: 'write_file', args: run.args }, stopReason: run.events.at(-1)?.type } });
          ctx.check(true, `session "${run.title}" finished`);
        }),
      ],
    });
    // The producer does not redact (identity): what reaches the dashboard carries every secret.
    const produced = await runChecks({ packs: [pack], outDir: path.join(work, 'out'), runId: `leak-${kind}`, env: 'local', schedule: { mode: 'once', repeat: 1 }, redact: identity });
    const sent = await readFile(path.join(produced.dir, 'report.json'), 'utf8');
    for (const secret of SECRETS) expect(sent).toContain(secret);

    const pushed = await pushReport(produced.dir, dashFile);
    expect(pushed.status).toBe(201);

    const base = `/p/${slug}/runs/leak-${kind}`;
    const token = JSON.parse(await readFile(dashFile, 'utf8')).token as string;
    const api = await fetch(new URL(`/api/projects/${slug}/runs/leak-${kind}`, t.dash.url), { headers: { authorization: `Bearer ${token}` } });
    expect(api.status).toBe(200);
    const seen = [await api.text()];
    for (const page of [base, `${base}/report`, `${base}/report.json`, `/p/${slug}`, `/p/${slug}/cases`, `/p/${slug}/case?id=agent%3Adeploy`]) {
      const got = await admin.get(page);
      expect(got.status, page).toBe(200);
      seen.push(got.text);
    }
    const stored = kind === 'sqlite' ? bytesUnder(path.join(t.dir, 'data')) : await rowsOf(t.schema);
    seen.push(stored);
    for (const text of seen) for (const secret of SECRETS) expect(text).not.toContain(secret);
    // The redacted report is still a report: its cases, steps and markers are there.
    const json = (await admin.get(`${base}/report.json`)).text;
    expect(json).toContain('[redacted:github-token]');
    expect(json).toContain('agent:deploy');
    expect(stored).toContain('[redacted:');
  });

  it('a retried push of the same bytes is still the same run (idempotency is by what was sent)', async () => {
    const work = await tempDir('warden-dash-run-');
    const pack = definePack({ name: 'again', environments: { local: {} }, cases: [defineCase({ id: 'a:b', title: `token ${TASK_SECRET}` }, (ctx) => {
      ctx.check(true, 'ok');
    })] });
    const produced = await runChecks({ packs: [pack], outDir: path.join(work, 'out'), runId: `again-${kind}`, env: 'local', schedule: { mode: 'once', repeat: 1 }, redact: identity });
    expect((await pushReport(produced.dir, dashFile)).status).toBe(201);
    const second = await pushReport(produced.dir, dashFile);
    expect(second.status).toBe(200);
    expect(second.response).toMatchObject({ created: false });
  });
});
