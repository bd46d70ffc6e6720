import { readdirSync } from 'node:fs';
import path from 'node:path';
import { RunEvent } from '@warden/protocol/schemas';
import { afterEach, describe, expect, it } from 'vitest';
import { lastToolResult, startFakeOpenAI, type FakeOpenAI } from './helpers/fake-openai.js';
import { runCli } from './helpers/run-cli.js';
import { fakeProvider, tempWorkspace } from './helpers/workspace.js';

let server: FakeOpenAI | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Sends `signal` once the child prints a tool_decision event for the shell call (so the tool is running). */
function signalDuringTool(signal: NodeJS.Signals): NonNullable<Parameters<typeof runCli>[1]>['onSpawn'] {
  return (child) => {
    let seen = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      if (seen.includes('"type":"tool_decision"')) {
        seen = '';
        setTimeout(() => child.kill(signal), 500);
      }
    });
  };
}

describe('interrupting a run', () => {
  it('Ctrl-C during a tool stops the run with 130, and the session records the call as interrupted', async () => {
    server = await startFakeOpenAI([{ toolCalls: [{ name: 'shell', args: { command: 'sleep 30' } }] }, { text: 'never reached' }]);
    const dir = tempWorkspace();
    const { args, env } = fakeProvider(server.url);
    const result = await runCli(['run', 'wait a while', '--workdir', dir, '--mode', 'yolo', '--json', ...args], { env, onSpawn: signalDuringTool('SIGINT') });
    expect(result.code).toBe(130);
    const events = result.stdout.trimEnd().split('\n').map((line) => RunEvent.parse(JSON.parse(line)));
    expect(events.at(-1)).toMatchObject({ type: 'run_end', stopReason: 'aborted' });
    expect(events.find((e) => e.type === 'tool_result')).toMatchObject({ name: 'shell', status: 'interrupted' });
    const shown = await runCli(['sessions', 'show', events[0]!.type === 'run_start' ? events[0].sessionId! : '', '--workdir', dir, '--json']);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain('"type":"tool_result"');
  });

  it('--resume after the process was killed repairs the interrupted call and continues', async () => {
    server = await startFakeOpenAI([
      { toolCalls: [{ name: 'shell', args: { command: 'sleep 30' } }] },
      (messages) => ({ text: `Resumed after: ${lastToolResult(messages).slice(0, 60)}` }),
    ]);
    const dir = tempWorkspace();
    const { args, env } = fakeProvider(server.url);
    const killed = await runCli(['run', 'wait a while', '--workdir', dir, '--mode', 'yolo', '--json', ...args], { env, onSpawn: signalDuringTool('SIGKILL') });
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
