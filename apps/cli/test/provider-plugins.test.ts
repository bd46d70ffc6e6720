import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from './helpers/run-cli.js';
import { tempWorkspace } from './helpers/workspace.js';

const PLUGIN = path.join(path.dirname(fileURLToPath(import.meta.url)), '__fixtures__', 'provider-plugin');
const KEY = 'acme-test-key-0123456789';

interface Acme {
  url: string;
  received: Array<{ authorization: string | undefined; body: { model: string; prompt: string } }>;
  close(): Promise<void>;
}

/** The plugin's vendor: its own wire format, and a 401 unless the bearer key is right. */
async function startAcme(): Promise<Acme> {
  const received: Acme['received'] = [];
  const server: Server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    req.on('end', () => {
      if (req.url !== '/generate') return void res.writeHead(404).end();
      received.push({ authorization: req.headers.authorization, body: JSON.parse(text) as { model: string; prompt: string } });
      if (req.headers.authorization !== `Bearer ${KEY}`) return void res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"bad key"}');
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ answer: 'Hello from the acme plugin.', tokens: { in: 12, out: 6 } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** A project with the plugin installed as a package in node_modules. */
function projectWithPlugin(config: Record<string, unknown>): string {
  const dir = tempWorkspace('warden-plugin-');
  const pkg = path.join(dir, 'node_modules', 'warden-provider-acme');
  mkdirSync(pkg, { recursive: true });
  cpSync(path.join(PLUGIN, 'index.mjs'), path.join(pkg, 'index.mjs'));
  writeFileSync(path.join(pkg, 'package.json'), JSON.stringify({ name: 'warden-provider-acme', version: '1.0.0', type: 'module', exports: { '.': { import: './index.mjs' } } }));
  writeFileSync(path.join(dir, 'warden.config.json'), JSON.stringify(config));
  return dir;
}

let acme: Acme | undefined;
afterEach(async () => {
  await acme?.close();
  acme = undefined;
});

describe('provider plugins from the config', () => {
  it('`warden run --provider acme` runs on a plugin package named in warden.config.json', async () => {
    acme = await startAcme();
    const dir = projectWithPlugin({ providerPlugins: [{ name: 'acme', module: 'warden-provider-acme' }] });
    const env = { ACME_API_KEY: KEY, ACME_MODEL: 'acme-large', ACME_BASE_URL: acme.url, OPENAI_API_KEY: 'sk-openai-DONOTSEND' };
    const result = await runCli(['run', 'say hello', '--provider', 'acme', '--workdir', dir], { cwd: dir, env });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Hello from the acme plugin.');
    expect(acme.received).toHaveLength(1);
    expect(acme.received[0]).toMatchObject({ authorization: `Bearer ${KEY}`, body: { model: 'acme-large' } });
    expect(acme.received[0]!.body.prompt).toContain('say hello');
  });

  it('a plugin path is relative to the config file, and the provider can be chosen in the config', async () => {
    acme = await startAcme();
    const dir = tempWorkspace('warden-plugin-');
    mkdirSync(path.join(dir, 'plugins'), { recursive: true });
    cpSync(path.join(PLUGIN, 'index.mjs'), path.join(dir, 'plugins', 'acme.mjs'));
    writeFileSync(path.join(dir, 'warden.config.json'), JSON.stringify({ provider: 'acme', model: 'acme-small', providerPlugins: [{ name: 'acme', module: './plugins/acme.mjs' }] }));
    const work = path.join(dir, 'work');
    mkdirSync(work);
    const result = await runCli(['run', 'say hello', '--workdir', work], { cwd: dir, env: { ACME_API_KEY: KEY, ACME_BASE_URL: acme.url } });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(acme.received[0]?.body.model).toBe('acme-small');
  });

  it('a plugin that is not installed, or shadows a built-in provider, is a config error (exit 2)', async () => {
    const missing = projectWithPlugin({ providerPlugins: [{ name: 'acme', module: 'warden-provider-nope' }] });
    const result = await runCli(['run', 'say hello', '--provider', 'acme', '--workdir', missing], { cwd: missing });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('package "warden-provider-nope" is not installed');
    const shadow = projectWithPlugin({ providerPlugins: [{ name: 'openai', module: 'warden-provider-acme' }] });
    const shadowed = await runCli(['run', 'say hello', '--provider', 'openai', '--workdir', shadow], { cwd: shadow, env: { OPENAI_API_KEY: 'sk-x' } });
    expect(shadowed.code).toBe(2);
    expect(shadowed.stderr).toContain('has the name of a built-in provider');
  });

  it('`warden providers NAME` shows a plugin\'s declared fields and where each value comes from, never a secret', async () => {
    const dir = tempWorkspace('warden-plugin-fields-');
    writeFileSync(path.join(dir, 'acme.mjs'), `import create from ${JSON.stringify(path.join(PLUGIN, 'index.mjs'))};
export default {
  label: 'Acme LLM',
  defaultModel: 'acme-1',
  capabilities: ['tools'],
  fields: [
    { name: 'token', type: 'string', secret: true, env: 'ACME_TOKEN', required: true },
    { name: 'endpoint', type: 'url', env: 'ACME_ENDPOINT', default: 'https://acme.example/v1' },
    { name: 'region', type: 'string', env: 'ACME_REGION', required: true },
  ],
  create,
};
`);
    writeFileSync(path.join(dir, 'warden.config.json'), JSON.stringify({ providerPlugins: [{ name: 'acme', module: './acme.mjs' }] }));
    const missing = await runCli(['providers', 'acme'], { cwd: dir, env: { ACME_TOKEN: 'tok-HIDDEN-42', COLUMNS: '160' } });
    expect(missing.stdout).toContain('Acme LLM (plugin) · acme-1 · tools');
    expect(missing.stdout).toMatch(/token\s+string\s+yes\s+ACME_TOKEN\s+set \(secret\)/);
    expect(missing.stdout).toMatch(/endpoint\s+url\s+no\s+ACME_ENDPOINT\s+https:\/\/acme\.example\/v1 \(default\)/);
    expect(missing.stdout).toMatch(/region\s+string\s+no\s+ACME_REGION\s+missing/);
    expect(missing.stdout).not.toContain('HIDDEN');
    expect(missing.code).toBe(1);
    const ready = await runCli(['providers', 'acme', '--json'], { cwd: dir, env: { ACME_TOKEN: 'tok-HIDDEN-42', ACME_REGION: 'eu' } });
    expect(ready.code).toBe(0);
    expect(JSON.parse(ready.stdout)).toMatchObject({ plugin: true, name: 'acme', configured: true, missing: [] });
    expect(ready.stdout).not.toContain('HIDDEN');
    // warden doctor checks the declared fields too: the missing one is named by its variable.
    const doctor = await runCli(['doctor', '--json'], { cwd: dir, env: { ACME_TOKEN: 'tok-HIDDEN-42' } });
    const checks = doctor.stdout.trim().split('\n').map((line) => JSON.parse(line) as { label: string; ok: boolean; fix?: string });
    expect(checks.find((c) => c.label === 'provider acme')).toMatchObject({ ok: false, fix: expect.stringContaining('ACME_REGION') });
    expect(doctor.code).toBe(1);
    expect(doctor.stdout).not.toContain('HIDDEN');
    const healthy = await runCli(['doctor', '--json'], { cwd: dir, env: { ACME_TOKEN: 'tok-HIDDEN-42', ACME_REGION: 'eu' } });
    expect(healthy.stdout.trim().split('\n').map((line) => JSON.parse(line) as { label: string; ok: boolean }).find((c) => c.label === 'provider acme')).toMatchObject({ ok: true });
  });
});
