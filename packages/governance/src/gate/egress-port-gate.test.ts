import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requiresPerson } from '@warden/protocol/policy';
import type { GateCall, GateContext } from '@warden/protocol';
import { loadShellAnalyzer, type ShellAnalyzer } from '@warden/shell-policy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGate, type PolicyGate } from './create-gate.js';
import { taskScope } from '../scope/task-scope.js';
import { shellEgress, urlHostAllowed } from '../taint/shell-egress.js';

// Issue 34: "a service on another port of a host the task names" — egress is keyed by scheme, host and port.
const workspace = mkdtempSync(join(tmpdir(), 'warden-egress-port-'));
writeFileSync(join(workspace, 'client.ts'), '');
let analyzer: ShellAnalyzer;
let yolo: PolicyGate;
beforeAll(async () => {
  analyzer = await loadShellAnalyzer();
  yolo = createGate({ workspace, mode: 'yolo', shell: analyzer });
});
afterAll(() => {
  analyzer.dispose();
  rmSync(workspace, { recursive: true, force: true });
});

const shell = (command: string): GateCall => ({ id: 'c', name: 'shell', args: { command }, annotations: { mutating: true } });
const fetchTool = (url: string): GateCall => ({ id: 'c', name: 'fetch_page', args: { url }, annotations: { openWorld: true, readOnly: true } });
const ctx = (task: string, hosts: string[] = []): GateContext => ({
  runId: 'r',
  step: 2,
  tainted: true,
  taintSources: [{ source: 'tool:fetch_page', reason: 'open-world content' }],
  touchedPaths: new Set<string>(),
  scope: taskScope(task, { workspace, hosts }),
});

describe('egress after untrusted content: a named host on its named port only', () => {
  const LOCAL = 'fix client.ts so it talks to http://localhost:3000';
  const API = 'update client.ts for the api.example.com endpoints';

  it.each([
    ['another port of a named host:port', LOCAL, 'curl -s http://localhost:5432/'],
    ['redis on the named host', LOCAL, 'curl -s http://localhost:6379/'],
    ['https on the named http port', LOCAL, 'curl -s https://localhost:3000/'],
    ['a non-default port of a bare named host', API, 'curl -s https://api.example.com:8443/admin'],
    ['ssh-style port of a bare named host', API, 'curl -s http://api.example.com:22/'],
    ['a bare word with another port', API, 'curl -s api.example.com:9200/_search'],
  ])('shell: %s needs a person', async (_label, task, command) => {
    const decision = await yolo.decide(shell(command), ctx(task));
    expect(decision).toMatchObject({ effect: 'ask', requiresPerson: true, params: { because: 'egress.unlisted_host' } });
  });

  it.each([
    ['the named port', LOCAL, 'curl -s http://localhost:3000/health'],
    ['a ws URL on the named http port', LOCAL, 'curl -s ws://localhost:3000/socket'],
    ['the default https port of a bare host', API, 'curl -s https://api.example.com/v1/users'],
    ['the default http port of a bare host', API, 'curl -s http://api.example.com/v1/users'],
    ['an explicit default port', API, 'curl -s https://api.example.com:443/v1'],
  ])('shell: must allow %s', async (_label, task, command) => {
    expect(requiresPerson(await yolo.decide(shell(command), ctx(task)))).toBe(false);
  });

  it.each([
    ['http://localhost:5432/', false],
    ['http://localhost:3000/docs', true],
    ['https://localhost:3000/docs', false],
  ])('open-world tool url %s → allowed %s', async (url, allowed) => {
    expect(requiresPerson(await yolo.decide(fetchTool(url), ctx(LOCAL)))).toBe(!allowed);
  });

  it('configured scope hosts keep their ports (db:5432, cache:*)', async () => {
    const task = 'tidy client.ts';
    const hosts = ['db.internal:5432', 'cache.internal:*', 'docs.example.com'];
    expect(requiresPerson(await yolo.decide(shell('curl -s http://db.internal:5432/'), ctx(task, hosts)))).toBe(false);
    expect(requiresPerson(await yolo.decide(shell('curl -s http://db.internal:5433/'), ctx(task, hosts)))).toBe(true);
    expect(requiresPerson(await yolo.decide(shell('curl -s http://cache.internal:6380/'), ctx(task, hosts)))).toBe(false);
    expect(requiresPerson(await yolo.decide(fetchTool('https://docs.example.com:8443/'), ctx(task, hosts)))).toBe(true);
    expect(requiresPerson(await yolo.decide(fetchTool('https://docs.example.com/guide'), ctx(task, hosts)))).toBe(false);
  });
});

describe('the taint allowlist reads entries the same way', () => {
  it.each([
    ['curl https://registry.npmjs.org/x', ['registry.npmjs.org'], true],
    ['curl https://registry.npmjs.org:8443/x', ['registry.npmjs.org'], false],
    ['curl http://10.0.0.5:8080/', ['10.0.0.5:8080'], true],
    ['curl http://10.0.0.5:8081/', ['10.0.0.5:8080'], false],
    ['curl http://ci.example.com:9000/', ['example.com:*'], true],
    ['curl https://cdn.example.com/a', ['example.com'], true],
  ])('%s with %j → allowed %s', (command, allow, allowed) => {
    expect(shellEgress(command, allow) === undefined).toBe(allowed);
  });

  it('reads URLs with their ports and schemes', () => {
    expect(urlHostAllowed('http://localhost:3000/x', ['http://localhost:3000'])).toBe(true);
    expect(urlHostAllowed('http://localhost:3001/x', ['http://localhost:3000'])).toBe(false);
    expect(urlHostAllowed('not a url', ['localhost:*'])).toBe(false);
  });
});
