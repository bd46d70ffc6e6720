import { afterEach, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '@warden/test-servers';
import { runCli } from './helpers/run-cli.js';
import { fakeProvider, tempWorkspace } from './helpers/workspace.js';

let server: FakeOpenAI | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('warden report', () => {
  it('reports spend from stored sessions by agent and model; an unpriced model is unknown, not $0; a price in the config prices it', async () => {
    server = await startFakeOpenAI([{ text: 'one' }, { text: 'two' }]);
    const dir = tempWorkspace();
    const { args, env } = fakeProvider(server.url);
    for (const task of ['first task', 'second task']) {
      const run = await runCli(['run', task, '--workdir', dir, ...args], { env });
      expect(run.code).toBe(0);
    }
    // The fake model has no price: 2 runs, 2 calls, 100 in / 20 out each.
    const json = await runCli(['report', '--workdir', dir, '--since', '1d', '--by', 'model', '--json'], { env });
    expect(json.stderr).toBe('');
    expect(json.code).toBe(0);
    const report = JSON.parse(json.stdout) as { type: string; totals: { runs: number; calls: number; unknownCostCalls: number; usage: { inputTokens: number } }; by: { model: Array<{ key: string }> }; unknownModels: string[] };
    expect(report.type).toBe('spend_report');
    expect(report.totals).toMatchObject({ runs: 2, calls: 2, unknownCostCalls: 2, usage: { inputTokens: 200 } });
    expect(report.by.model.map((r) => r.key)).toEqual(['openai/fake-model']);
    expect(report.unknownModels).toEqual(['openai/fake-model']);

    const text = await runCli(['report', '--workdir', dir, '--by', 'model'], { env });
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('openai/fake-model');
    // Every call unpriced: the cost says "unpriced", never $0.
    expect(text.stdout).toMatch(/openai\/fake-model .* unpriced\n/);
    expect(text.stdout).not.toContain('$0');
    expect(text.stdout).toContain('No price known for: openai/fake-model');

    // By task: each run under its own task (the first line of what was asked), not "(none)".
    const byTask = await runCli(['report', '--workdir', dir, '--by', 'task', '--json'], { env });
    const tasks = (JSON.parse(byTask.stdout) as { by: { task: Array<{ key: string; runs: number }> } }).by.task;
    expect(tasks.map((r) => r.key).sort()).toEqual(['first task', 'second task']);
    const taskTable = await runCli(['report', '--workdir', dir, '--by', 'task'], { env });
    expect(taskTable.stdout).toMatch(/^first task +1 /m);
    expect(taskTable.stdout).not.toContain('(none)');

    // Priced from the config: $1/M input, $2/M output → 200 × 1 + 40 × 2 = 280 µ$.
    const config = `${dir}/warden.config.json`;
    await import('node:fs').then((fs) => fs.writeFileSync(config, JSON.stringify({ prices: [{ provider: 'openai', model: 'fake-model', input: 1, output: 2 }] })));
    const priced = await runCli(['report', '--workdir', dir, '--config', config, '--json'], { env });
    const p = JSON.parse(priced.stdout) as { totals: { costUsd: number; unknownCostCalls: number }; unknownModels: string[] };
    expect((await runCli(['report', '--workdir', dir, '--config', config], { env })).stdout).not.toContain('unpriced');
    expect(p.totals.unknownCostCalls).toBe(0);
    expect(p.totals.costUsd).toBeCloseTo(0.00028, 9);
    expect(p.unknownModels).toEqual([]);

    const none = await runCli(['report', '--workdir', tempWorkspace()], { env });
    expect(none.stdout).toContain('No runs with recorded spend');
  });
});

describe('toolControls from warden.config.json', () => {
  it('cacheable reads are answered from the run\'s cache (cached in --json events) and warden report shows the hit rate', async () => {
    server = await startFakeOpenAI([
      { toolCalls: [{ name: 'read_file', args: { path: 'notes.txt' } }] },
      { toolCalls: [{ name: 'read_file', args: { path: 'notes.txt' } }] },
      { text: 'read it twice' },
    ]);
    const dir = tempWorkspace();
    const fs = await import('node:fs');
    fs.writeFileSync(`${dir}/notes.txt`, 'hello\n');
    fs.writeFileSync(`${dir}/warden.config.json`, JSON.stringify({ toolControls: { read_file: { cacheable: { ttlMs: 60000 } } } }));
    const { args, env } = fakeProvider(server.url);
    const run = await runCli(['run', 'read notes.txt twice', '--workdir', dir, '--config', `${dir}/warden.config.json`, '--json', ...args], { env });
    expect(run.code).toBe(0);
    const results = run.stdout.trim().split('\n').map((line) => JSON.parse(line) as { type: string; name?: string; cached?: boolean }).filter((e) => e.type === 'tool_result');
    expect(results.map((e) => [e.name, e.cached === true])).toEqual([['read_file', false], ['read_file', true]]);
    const text = await runCli(['report', '--workdir', dir, '--config', `${dir}/warden.config.json`], { env });
    expect(text.code).toBe(0);
    expect(text.stdout).toContain("Cacheable tool calls: 1 of 2 answered from the run's cache (50%).");
    const json = await runCli(['report', '--workdir', dir, '--json'], { env });
    expect(JSON.parse(json.stdout)).toMatchObject({ toolCache: { hits: 1, misses: 1, hitRate: 0.5 } });
  });

  it('a permission in the config tightens a tool: deny refuses read_file, and a cacheable write_file is refused before the run', async () => {
    server = await startFakeOpenAI([{ toolCalls: [{ name: 'read_file', args: { path: 'notes.txt' } }] }, { text: 'could not read it' }]);
    const dir = tempWorkspace();
    const fs = await import('node:fs');
    fs.writeFileSync(`${dir}/notes.txt`, 'hello\n');
    fs.writeFileSync(`${dir}/warden.config.json`, JSON.stringify({ toolControls: { read_file: { permission: 'deny' } } }));
    const { args, env } = fakeProvider(server.url);
    const run = await runCli(['run', 'read notes.txt', '--workdir', dir, '--config', `${dir}/warden.config.json`, '--json', ...args], { env });
    const decision = run.stdout.trim().split('\n').map((line) => JSON.parse(line) as { type: string; decision?: { effect: string; rule: string } }).find((e) => e.type === 'tool_decision');
    expect(decision?.decision).toMatchObject({ effect: 'deny', rule: 'tool.permission' });
    fs.writeFileSync(`${dir}/bad.json`, JSON.stringify({ toolControls: { write_file: { cacheable: true } } }));
    const bad = await runCli(['run', 'x', '--workdir', dir, '--config', `${dir}/bad.json`, ...args], { env });
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('write_file');
    fs.writeFileSync(`${dir}/typo.json`, JSON.stringify({ toolControls: { read_file: { permision: 'ask' } } }));
    const typo = await runCli(['run', 'x', '--workdir', dir, '--config', `${dir}/typo.json`, ...args], { env });
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('permission');
  });
});
