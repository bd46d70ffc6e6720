import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { RunEvent } from '@warden/protocol/schemas';
import { afterEach, describe, expect, it } from 'vitest';
import { lastToolResult, startFakeOpenAI, type FakeOpenAI } from '@warden/test-servers';
import { runCli } from './helpers/run-cli.js';
import { fakeProvider, tempWorkspace } from './helpers/workspace.js';

let server: FakeOpenAI | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** The command the model runs: it marks that it started, then waits. */
const WAIT = 'touch .tool-started; sleep 30';

/**
 * Sends `signal` once the tool is really running: its command has created its marker file. Waiting
 * for the decision event alone is not enough: on a loaded machine the OS sandbox's first health probe
 * can take longer than any fixed delay, and the signal would then arrive before the call started.
 */
function signalDuringTool(dir: string, signal: NodeJS.Signals, times = 1): NonNullable<Parameters<typeof runCli>[1]>['onSpawn'] {
  return (child) => {
    const timer = setInterval(() => {
      if (!existsSync(path.join(dir, '.tool-started'))) return;
      clearInterval(timer);
      for (let i = 0; i < times; i += 1) setTimeout(() => child.kill(signal), 100 + 300 * i);
    }, 25);
    child.once('exit', () => clearInterval(timer));
  };
}

describe('interrupting a run', () => {
  it('Ctrl-C twice during a tool aborts the run with 130, and the session records the call as interrupted', async () => {
    server = await startFakeOpenAI([{ toolCalls: [{ name: 'shell', args: { command: WAIT } }] }, { text: 'never reached' }]);
    const dir = tempWorkspace();
    const { args, env } = fakeProvider(server.url);
    const result = await runCli(['run', 'wait a while', '--workdir', dir, '--mode', 'yolo', '--json', ...args], { env, onSpawn: signalDuringTool(dir, 'SIGINT', 2) });
    expect(result.code).toBe(130);
    const events = result.stdout.trimEnd().split('\n').map((line) => RunEvent.parse(JSON.parse(line)));
    expect(events.at(-1)).toMatchObject({ type: 'run_end', stopReason: 'aborted' });
    expect(events.find((e) => e.type === 'tool_result')).toMatchObject({ name: 'shell', status: 'interrupted' });
    const shown = await runCli(['sessions', 'show', events[0]!.type === 'run_start' ? events[0].sessionId! : '', '--workdir', dir, '--json']);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain('"type":"tool_result"');
  });

  it('one Ctrl-C during a tool drains: the tool finishes and is recorded, no new step starts, stopReason stopped, exit 130; the session continues', async () => {
    server = await startFakeOpenAI([
      { toolCalls: [{ name: 'shell', args: { command: 'touch .tool-started; sleep 2; echo finished > done.txt' } }] },
      { text: 'continued after the stop' },
    ]);
    const dir = tempWorkspace();
    const { args, env } = fakeProvider(server.url);
    const result = await runCli(['run', 'wait a while', '--workdir', dir, '--mode', 'yolo', '--json', ...args], { env, onSpawn: signalDuringTool(dir, 'SIGINT') });
    expect(result.code).toBe(130);
    expect(result.stderr).toContain('Stopping after the step in flight');
    const events = result.stdout.trimEnd().split('\n').map((line) => RunEvent.parse(JSON.parse(line)));
    expect(events.at(-1)).toMatchObject({ type: 'run_end', stopReason: 'stopped', steps: 1 });
    expect(events.find((e) => e.type === 'tool_result')).toMatchObject({ name: 'shell', status: 'ok' });
    expect(existsSync(path.join(dir, 'done.txt'))).toBe(true);
    expect(server.requests).toHaveLength(1);
    const resumed = await runCli(['run', '--resume', '--workdir', dir, '--mode', 'yolo', ...args], { env });
    expect(resumed.code).toBe(0);
    expect(resumed.stdout).toContain('continued after the stop');
  });

  it('--resume after the process was killed repairs the interrupted call and continues', async () => {
    server = await startFakeOpenAI([
      { toolCalls: [{ name: 'shell', args: { command: WAIT } }] },
      (messages) => ({ text: `Resumed after: ${lastToolResult(messages).slice(0, 60)}` }),
    ]);
    const dir = tempWorkspace();
    const { args, env } = fakeProvider(server.url);
    const killed = await runCli(['run', 'wait a while', '--workdir', dir, '--mode', 'yolo', '--json', ...args], { env, onSpawn: signalDuringTool(dir, 'SIGKILL') });
    expect(killed.signal).toBe('SIGKILL');
    expect(readdirSync(path.join(dir, '.warden', 'sessions')).filter((f) => f.endsWith('.jsonl'))).toHaveLength(1);
    const resumed = await runCli(['run', '--resume', '--workdir', dir, '--mode', 'yolo', ...args], { env });
    expect(resumed.stderr).toBe('');
    expect(resumed.code).toBe(0);
    expect(resumed.stdout).toContain('Resumed after:');
    const lastRequest = JSON.stringify(server.requests.at(-1));
    expect(lastRequest).toContain('interrupted');
  });
});
