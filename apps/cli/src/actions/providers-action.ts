import path from 'node:path';
import { userMessage } from '@warden/protocol';
import { describeProviderPlugin, describeProviders, PROVIDER_CATALOG, resolveProvider } from '@warden/providers/selection';
import { CliError } from '../cli/cli-error.js';
import type { CommandContext } from '../cli/command.js';
import { EXIT } from '../cli/exit-codes.js';
import { renderTable } from '../render/table.js';

interface ProvidersOptions {
  ping?: boolean;
  model?: string;
  baseUrl?: string;
}

/** `warden providers`: who is configured and which variables each reads — never their values. */
export async function providersAction(ctx: CommandContext<ProvidersOptions>): Promise<number> {
  const { io, t, style, options, positionals } = ctx;
  const file = ctx.config.config;
  // `--ping` alone checks the configured provider.
  const name = positionals[0] ?? (options.ping ? file.provider : undefined);
  // warden.config.json's model and base URL belong to its provider (or to any, when it names none); flags win.
  const configFor = (id: string | undefined): { model?: string; baseUrl?: string } =>
    !file.provider || file.provider === id ? { ...(file.model ? { model: file.model } : {}), ...(file.baseUrl ? { baseUrl: file.baseUrl } : {}) } : {};
  const chosen = { ...configFor(name), ...(options.model ? { model: options.model } : {}), ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}) };
  if (positionals.length > 1) {
    throw new CliError({ code: 'cli.unexpected_argument', message: `unexpected argument "${positionals[1]}"`, key: 'error.unexpectedArgument', params: { argument: positionals[1]! } });
  }
  if (options.ping) {
    if (!name) throw new CliError({ code: 'cli.missing_argument', message: 'warden providers --ping needs a provider name', key: 'error.missingArgument', params: { command: 'warden providers --ping', what: 'NAME' } });
    const provider = resolveProvider({ provider: name, env: io.env, ...(chosen.model ? { model: chosen.model } : {}), ...(chosen.baseUrl ? { baseURL: chosen.baseUrl } : {}) });
    // The cheapest call every vendor offers: one token of output for a one-word prompt.
    const response = await provider.complete({ messages: [userMessage('ping')], maxOutputTokens: 1 }, { signal: ctx.signal });
    // "The key works" only when a key was sent: a local or compatible endpoint may take none.
    const keyFrom = describeProviders(io.env).find((d) => d.id === provider.id)?.keyFrom;
    const said = keyFrom ? t('providers.pingOk', { provider: name, model: response.model, key: keyFrom }) : t('providers.pingNoKey', { provider: name, model: response.model });
    io.stdout.write(options.json ? `${JSON.stringify({ provider: name, model: response.model, ok: true, requestId: response.requestId, ...(keyFrom ? { keyFrom } : {}) })}\n` : `${style.green('✔')} ${said}\n`);
    return EXIT.done;
  }
  const entry = name ? ctx.config.config.providerPlugins?.find((p) => p.name === name) : undefined;
  if (entry && name) return describePlugin(ctx, name);
  const descriptions = describeProviders(io.env).filter((d) => !name || d.id === name);
  if (name && descriptions.length === 0) {
    throw new CliError({
      code: 'cli.invalid_value',
      message: `unknown provider "${name}"`,
      key: 'error.invalidValue',
      params: { flag: 'NAME', reason: `unknown provider "${name}"` },
      hint: PROVIDER_CATALOG.map((p) => p.id).join(', '),
    });
  }
  const defaults = new Map(PROVIDER_CATALOG.map((info) => [info.id, info.defaultModel ?? '-']));
  // The config's provider shows the model (and endpoint) the config chose.
  if (file.provider && file.model) defaults.set(file.provider, file.model);
  if (options.json) {
    for (const d of descriptions) io.stdout.write(`${JSON.stringify({ ...d, defaultModel: defaults.get(d.id), ...(d.id === file.provider && file.baseUrl ? { baseUrl: file.baseUrl } : {}) })}\n`);
    return EXIT.done;
  }
  const rows = descriptions.map((d) => [
    d.id,
    d.configured ? t('common.yes') : t('common.no'),
    d.configured ? (d.keyFrom ?? '-') : t('common.missing', { names: d.missing.join(', ') }),
    defaults.get(d.id) ?? '-',
  ]);
  io.stdout.write(renderTable([t('column.provider'), t('column.configured'), t('column.needs'), t('column.model')], rows, style));
  // One provider: the whole lists, which the table may have cut to the terminal's width.
  const one = name ? descriptions[0] : undefined;
  if (one) {
    if (one.missing.length > 0) io.stdout.write(`  ${t('common.missing', { names: one.missing.join(', ') })}\n`);
    io.stdout.write(`  ${t('providers.reads', { names: one.reads.join(', ') })}\n`);
    if (one.id === file.provider && (file.model || file.baseUrl)) io.stdout.write(`  ${t('providers.fromConfig', { model: file.model ?? '-', url: file.baseUrl ?? '-' })}\n`);
  }
  return EXIT.done;
}

/** `warden providers NAME` for a plugin of the config: its declared fields, where each value comes from — never a secret's. */
async function describePlugin(ctx: CommandContext<ProvidersOptions>, name: string): Promise<number> {
  const { io, t, style, options, config } = ctx;
  const { loadProviderPlugins } = await import('@warden/harness');
  const baseDir = config.file ? path.dirname(config.file) : io.cwd;
  const catalog = await loadProviderPlugins(config.config.providerPlugins ?? [], baseDir);
  const plugin = catalog.plugins.find((p) => p.name === name)!;
  const described = describeProviderPlugin(plugin, io.env);
  if (options.json) {
    io.stdout.write(`${JSON.stringify({ plugin: true, ...described })}\n`);
    return EXIT.done;
  }
  io.stdout.write(`${described.label} (${t('providers.plugin')})${described.defaultModel ? ` · ${described.defaultModel}` : ''}${described.capabilities.length > 0 ? ` · ${described.capabilities.join(',')}` : ''}\n`);
  const source = (f: (typeof described.fields)[number]): string =>
    f.invalid ? t('providers.fieldInvalid') : f.source === 'env' ? (f.secret ? t('providers.fieldSecretSet') : String(f.value)) : f.source === 'default' ? `${String(f.value)} (${t('providers.fieldDefault')})` : f.required ? t('providers.fieldMissing') : '-';
  const rows = described.fields.map((f) => [f.name, f.type, f.secret ? t('common.yes') : t('common.no'), f.env ?? '-', source(f)]);
  if (rows.length > 0) io.stdout.write(renderTable([t('column.field'), t('column.type'), t('column.secret'), t('column.env'), t('column.value')], rows, style));
  if (described.missing.length > 0) io.stdout.write(`  ${t('common.missing', { names: described.missing.join(', ') })}\n`);
  return described.configured ? EXIT.done : EXIT.error;
}
