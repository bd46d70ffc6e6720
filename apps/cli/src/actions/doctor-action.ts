import path from 'node:path';
import { createRequire } from 'node:module';
import { errorCodeOf, WardenError } from '@warden/protocol';
import type { RedisPersistence } from '@warden/sessions';
import { probeSandbox } from '@warden/tools';
import type { CommandContext } from '../cli/command.js';
import { EXIT } from '../cli/exit-codes.js';
import { describeStore, openSessionStore, parseStoreLocation } from '@warden/harness';
import { resolveWorkdir } from './cli-harness-options.js';
import { describeError } from '../render/describe-error.js';
import { describeSandboxUnavailable } from '../render/describe-sandbox.js';
import { describeRedisPersistence, describeStoreCheckStep } from '../render/describe-store-check.js';
import { providerChecks, type Check } from './doctor-providers.js';

interface DoctorOptions {
  workdir?: string;
  sessions?: string;
  provider?: string;
  model?: string;
  baseUrl?: string;
  ping?: boolean;
}

/** Optional drivers, the package that loads each, and what it is for. */
const DRIVERS: Array<{ name: string; from: string; for: 'doctor.for.sqlite' | 'doctor.for.postgres' | 'doctor.for.redis' | 'doctor.for.mcp' }> = [
  { name: 'better-sqlite3', from: '@warden/sessions', for: 'doctor.for.sqlite' },
  { name: 'pg', from: '@warden/sessions', for: 'doctor.for.postgres' },
  { name: 'ioredis', from: '@warden/sessions', for: 'doctor.for.redis' },
  { name: '@modelcontextprotocol/sdk', from: '@warden/tools', for: 'doctor.for.mcp' },
];

function installed(name: string, from: string): boolean {
  try {
    const base = import.meta.resolve(from);
    createRequire(base).resolve(`${name}/package.json`);
    return true;
  } catch {
    try {
      createRequire(import.meta.resolve(from)).resolve(name);
      return true;
    } catch {
      return false;
    }
  }
}

/** `warden doctor`: each check with the fix for a problem. Exit 1 when a required check fails. */
export async function doctorAction(ctx: CommandContext<DoctorOptions>): Promise<number> {
  const { io, t, style, options } = ctx;
  const checks: Check[] = [];
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
  const nodeOk = major > 20 || (major === 20 && minor >= 19);
  checks.push({ label: t('doctor.node', { version: process.versions.node }), ok: nodeOk, ...(nodeOk ? {} : { fix: t('doctor.fix.node') }) });
  for (const driver of DRIVERS) {
    const ok = installed(driver.name, driver.from);
    checks.push({ label: t('doctor.driver', { name: driver.name }), ok, optional: true, detail: t(driver.for), ...(ok ? {} : { fix: t('doctor.fix.driver', { name: driver.name }) }) });
  }
  const workdir = resolveWorkdir(io.cwd, options.workdir);
  const location = parseStoreLocation(options.sessions ?? ctx.config.config.sessions, workdir);
  try {
    const store = await openSessionStore(location);
    try {
      // Save, load, list by owner, refuse a stale version, delete — with a throwaway session.
      const { checkSessionStore } = await import('@warden/sessions');
      const report = await checkSessionStore(store);
      const failed = report.steps.find((step) => !step.ok);
      checks.push({
        label: t('doctor.store', { store: describeStore(location) }),
        ok: report.ok,
        ...(failed ? { detail: describeStoreCheckStep(failed, t), fix: t('doctor.fix.store') } : {}),
      });
      // Redis acknowledges from memory: say whether the server keeps what it acknowledged.
      if (report.ok && 'persistence' in store && typeof store.persistence === 'function') {
        const p = await (store.persistence as () => Promise<RedisPersistence>)();
        checks.push({
          label: t('doctor.redis_persistence'),
          ok: p.durable,
          optional: true,
          detail: describeRedisPersistence(p, t),
          ...(p.durable ? {} : { fix: t('doctor.fix.redis') }),
        });
      }
    } finally {
      await store.close?.();
    }
  } catch (error) {
    const described = WardenError.isInstance(error) ? describeError(error, t) : undefined;
    const hint = described ? (described.hint ?? described.message) : t('doctor.fix.storeLocation');
    checks.push({ label: t('doctor.store', { store: describeStore(location) }), ok: false, detail: errorCodeOf(error), fix: hint });
  }
  // Optional: without it commands run unsandboxed (sandbox: 'auto') and nothing is loosened.
  const sandbox = await probeSandbox({ needProxy: true });
  checks.push({
    label: t('doctor.sandbox'),
    ok: sandbox.available,
    optional: true,
    detail: sandbox.available ? [`bubblewrap ${sandbox.version}`, sandbox.network === 'proxy' ? t('doctor.sandboxProxy') : '', ...sandbox.warnings].filter(Boolean).join('; ') : describeSandboxUnavailable(sandbox, t),
    ...(sandbox.available ? {} : { fix: t('doctor.fix.sandbox') }),
  });
  const file = ctx.config.config;
  const model = options.model ?? file.model;
  const provider = options.provider ?? file.provider;
  const baseUrl = options.baseUrl ?? file.baseUrl;
  // Provider plugins of the config: their declared fields checked against the environment (never showing a secret).
  const plugins = file.providerPlugins ?? [];
  if (plugins.length > 0) {
    const [{ loadProviderPlugins }, { describeProviderPlugin }] = await Promise.all([import('@warden/harness'), import('@warden/providers/selection')]);
    try {
      const catalog = await loadProviderPlugins(plugins, ctx.config.file ? path.dirname(ctx.config.file) : io.cwd);
      for (const plugin of catalog.plugins) {
        const described = describeProviderPlugin(plugin, io.env);
        const label = t('doctor.provider', { name: plugin.name });
        checks.push(described.configured ? { label, ok: true, detail: t('providers.plugin') } : { label, ok: false, detail: t('providers.plugin'), fix: t('common.missing', { names: described.missing.map((name) => plugin.fields?.find((f) => f.name === name)?.env ?? name).join(', ') }) });
      }
    } catch (error) {
      checks.push({ label: t('doctor.provider', { name: plugins.map((p) => p.name).join(', ') }), ok: false, detail: errorCodeOf(error), fix: error instanceof Error ? error.message : String(error) });
    }
  }
  if (!plugins.some((p) => p.name === provider)) checks.push(...(await providerChecks(io.env, { ...(provider ? { provider } : {}), ...(model ? { model } : {}), ...(baseUrl ? { baseUrl } : {}), ping: options.ping === true, signal: ctx.signal }, t)));
  const problems = checks.filter((c) => !c.ok && !c.optional).length;
  if (options.json) {
    for (const check of checks) io.stdout.write(`${JSON.stringify(check)}\n`);
  } else {
    for (const check of checks) {
      const mark = check.ok ? style.green('✔') : check.optional ? style.yellow('–') : style.red('✖');
      io.stdout.write(`${mark} ${check.label}${check.detail ? style.dim(` (${check.detail})`) : ''}\n`);
      if (!check.ok && check.fix) io.stdout.write(`    ${style.dim(t('doctor.fix', { fix: check.fix }))}\n`);
    }
    io.stdout.write(`${t('doctor.summary', { count: problems })}\n`);
  }
  return problems === 0 ? EXIT.done : EXIT.error;
}
