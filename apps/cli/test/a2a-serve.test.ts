import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { SendMessageRequest, TaskState, type Task } from '@a2a-js/sdk';
import { ClientFactory } from '@a2a-js/sdk/client';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '@warden/test-servers';
import { BIN, cleanEnv, runCli } from './helpers/run-cli.js';
import { fakeProvider, tempWorkspace } from './helpers/workspace.js';

const cleanup: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function fake(script: Parameters<typeof startFakeOpenAI>[0]): Promise<FakeOpenAI> {
  const server = await startFakeOpenAI(script);
  cleanup.push(() => server.close());
  return server;
}

/** Starts `warden a2a serve --http 0 --json` and returns the agent URLs it prints. */
async function a2aServer(dir: string, openai: FakeOpenAI, key: string): Promise<Record<string, string>> {
  const provider = fakeProvider(openai.url);
  const child = spawn(process.execPath, [BIN, 'a2a', 'serve', '--http', '0', '--json', '--workdir', dir, ...provider.args], { cwd: dir, env: cleanEnv({ ...provider.env, WARDEN_A2A_KEY: key }), stdio: ['ignore', 'pipe', 'pipe'] });
  cleanup.push(
    () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGINT');
      }),
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  for await (const line of createInterface({ input: child.stdout })) {
    const event = JSON.parse(line) as { type: string; agents: Record<string, string> };
    if (event.type === 'a2a_serve_listening') return event.agents;
  }
  throw new Error(`the server did not start: ${stderr}`);
}

const send = (text: string) => SendMessageRequest.fromJSON({ message: { messageId: crypto.randomUUID(), role: 'ROLE_USER', parts: [{ text }] } });

describe('warden a2a serve', () => {
  it('a stock A2A client reads the card and runs a task through the harness; a change that needs a person ends input-required and warden approvals lists it', async () => {
    const dir = tempWorkspace();
    const key = 'a2a-cli-key-0123456789abcdef';
    const openai = await fake([{ text: 'Nothing here yet.' }, { toolCalls: [{ name: 'write_file', args: { path: 'notes.md', content: '# notes' } }] }, { text: 'written' }]);
    const agents = await a2aServer(dir, openai, key);
    const client = await new ClientFactory().createFromUrl(agents.warden!);
    expect((await client.getAgentCard()).name).toBe('warden');
    const auth = { serviceParameters: { authorization: `Bearer ${key}` } };
    const done = (await client.sendMessage(send('what is in this folder?'), auth)) as Task;
    expect(done.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(JSON.stringify(done.artifacts)).toContain('Nothing here yet.');
    const parked = (await client.sendMessage(send('create notes.md'), auth)) as Task;
    expect(parked.status?.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
    const listed = await runCli(['approvals', 'list', '--json', '--workdir', dir], { cwd: dir });
    expect(listed.code).toBe(0);
    const id = /apr_[\w-]+/.exec(listed.stdout)?.[0];
    expect(id).toBeDefined();
    expect(JSON.stringify(parked.status?.message)).toContain(`warden approvals approve ${id}`);
    await expect(client.sendMessage(send('hi'))).rejects.toThrow(/Unauthorized/);
    await expect(client.sendMessage(send('hi'), { serviceParameters: { authorization: 'Bearer another-key-0123456789abcdef' } })).rejects.toThrow(/Unauthorized/);
  });

  it('refuses to start without --http or without a key (exit 2)', async () => {
    const dir = tempWorkspace();
    const noPort = await runCli(['a2a', 'serve', '--workdir', dir], { cwd: dir });
    expect(noPort.code).toBe(2);
    const noKey = await runCli(['a2a', 'serve', '--http', '0', '--workdir', dir], { cwd: dir });
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toContain('WARDEN_A2A_KEY');
  });
});
