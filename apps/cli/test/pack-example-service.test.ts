import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from './helpers/run-cli.js';
import { tempWorkspace } from './helpers/workspace.js';

const EXAMPLE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../examples/pack-example');

let service: ChildProcess | undefined;
afterEach(() => {
  service?.kill();
  service = undefined;
});

async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** A project whose `local` environment points the webdemo checks at `baseUrl`. */
function project(baseUrl: string): string {
  const dir = tempWorkspace();
  writeFileSync(path.join(dir, 'warden.config.json'), JSON.stringify({ environments: { local: { baseUrl } } }));
  return dir;
}

describe('the pack example\'s webdemo checks', () => {
  it('with nothing listening, a check names the URL, the cause and how to start the service (not a bare "fetch failed")', async () => {
    const port = await closedPort();
    const dir = project(`http://127.0.0.1:${port}`);
    const result = await runCli(['check', 'webdemo:health', '--env', 'local', '--pack', EXAMPLE, '--out', path.join(dir, 'out')], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(`GET http://127.0.0.1:${port}/health failed: connect ECONNREFUSED 127.0.0.1:${port}`);
    expect(result.stdout).toContain('npm run demo-service');
    expect(result.stdout).not.toMatch(/Error: fetch failed/);
  });

  it('the shipped demo service makes both checks pass', async () => {
    service = spawn(process.execPath, [path.join(EXAMPLE, 'demo-service.mjs')], { env: { ...process.env, PORT: '0' }, stdio: ['ignore', 'pipe', 'inherit'] });
    const url = await new Promise<string>((resolve, reject) => {
      service!.stdout!.setEncoding('utf8').on('data', (text: string) => {
        const match = /listening on (http:\/\/\S+)/.exec(text);
        if (match) resolve(match[1]!);
      });
      service!.once('exit', (code) => reject(new Error(`demo service exited with ${String(code)}`)));
    });
    const dir = project(url);
    const result = await runCli(['check', 'webdemo:health', 'webdemo:echo', '--env', 'local', '--pack', EXAMPLE, '--out', path.join(dir, 'out')], { cwd: dir });
    expect(result.stdout).toContain('2 cases: 2 passed');
    expect(result.code).toBe(0);
  });
});
