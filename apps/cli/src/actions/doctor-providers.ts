import { errorCodeOf, userMessage, WardenError } from '@warden/protocol';
import { describeProviders, resolveProvider } from '@warden/providers/selection';
import { OPENAI_PRESETS } from '@warden/providers';
import { isLoopback, reachable } from './endpoint-reachable.js';
import type { Translator } from '../i18n/translator.js';
import { describeError } from '../render/describe-error.js';

/** One line of `warden doctor`. */
export interface Check {
  label: string;
  ok: boolean;
  detail?: string;
  fix?: string;
  /** Optional pieces that are missing are noted, not counted as problems. */
  optional?: boolean;
}

export interface ProviderChoice {
  provider?: string;
  model?: string;
  baseUrl?: string;
  ping?: boolean;
  signal: AbortSignal;
}

function messageOf(error: unknown, t: Translator): string {
  if (WardenError.isInstance(error)) {
    const described = describeError(error, t);
    return `${described.message}${described.hint ? ` — ${described.hint}` : ''}`;
  }
  const hint = error instanceof Error && 'hint' in error && typeof error.hint === 'string' ? ` — ${error.hint}` : '';
  return `${error instanceof Error ? error.message : String(error)}${hint}`;
}

/**
 * The provider checks. A chosen provider (flag, config or WARDEN_PROVIDER / WARDEN_BASE_URL) is
 * built exactly as a run builds it — local and OpenAI-compatible endpoints included — and, with
 * `--ping`, asked for one token. Only when nothing is chosen does doctor look for cloud keys.
 */
export async function providerChecks(env: NodeJS.ProcessEnv, choice: ProviderChoice, t: Translator): Promise<Check[]> {
  const checks: Check[] = [];
  const chosen = choice.provider ?? env.WARDEN_PROVIDER ?? (choice.baseUrl ?? env.WARDEN_BASE_URL ? 'openai-compatible' : undefined);
  const descriptions = describeProviders(env);
  if (chosen) {
    const label = t('doctor.provider', { name: chosen });
    let provider;
    try {
      provider = resolveProvider({ provider: chosen, env, ...(choice.model ? { model: choice.model } : {}), ...(choice.baseUrl ? { baseURL: choice.baseUrl } : {}) });
    } catch (error) {
      checks.push({ label, ok: false, detail: errorCodeOf(error), fix: messageOf(error, t) });
      return checks;
    }
    const described = descriptions.find((d) => d.id === provider.id);
    const endpoint = choice.baseUrl ?? env.WARDEN_BASE_URL;
    const parts = [t('doctor.providerModel', { model: provider.model }), ...(endpoint ? [endpoint] : []), described?.keyFrom ?? t('doctor.noKey')];
    checks.push({ label, ok: true, detail: parts.join(', ') });
    const local = await localServerCheck(provider.id, described?.local === true, endpoint ?? presetUrl(provider.id, env), choice.signal, t);
    if (local) checks.push(local);
    if (choice.ping) checks.push(await ping(provider, described?.keyFrom, choice.signal, t));
    return checks;
  }
  const configured = descriptions.filter((p) => p.configured && !p.local);
  for (const p of configured) checks.push({ label: t('doctor.provider', { name: p.id }), ok: true, ...(p.keyFrom ? { detail: p.keyFrom } : {}) });
  // A credential is set but the rest is not (a cloud platform's region, endpoint or model): say what is missing.
  for (const p of descriptions.filter((d) => !d.configured && !d.local && d.keyFrom)) {
    checks.push({ label: t('doctor.provider', { name: p.id }), ok: false, optional: true, detail: t('common.missing', { names: p.missing.join(', ') }), fix: t('doctor.providerFix', { names: p.missing.join(', '), name: p.id }) });
  }
  if (configured.length === 0) {
    checks.push({ label: t('doctor.provider', { name: '-' }), ok: false, detail: t('doctor.noProvider'), fix: t('doctor.noProviderFix') });
  } else if (choice.ping) {
    const first = configured[0]!;
    try {
      checks.push(await ping(resolveProvider({ provider: first.id, env }), first.keyFrom, choice.signal, t));
    } catch (error) {
      checks.push({ label: t('doctor.ping', { name: first.id }), ok: false, detail: errorCodeOf(error), fix: messageOf(error, t) });
    }
  }
  return checks;
}

/** The URL a local preset talks to when no flag names one: `<ID>_BASE_URL`, else the preset's own. */
function presetUrl(id: string, env: NodeJS.ProcessEnv): string | undefined {
  return env[`${id.toUpperCase().replaceAll('-', '_')}_BASE_URL`] ?? OPENAI_PRESETS[id]?.baseURL;
}

/**
 * A server on this machine (a local preset such as ollama, or any endpoint on loopback) must be
 * listening: a provider that builds but has nothing to talk to is not ready. Remote endpoints are
 * left to `--ping` (no connection is made to them without it).
 */
async function localServerCheck(id: string, local: boolean, endpoint: string | undefined, signal: AbortSignal, t: Translator): Promise<Check | undefined> {
  let url: URL;
  try {
    url = new URL(endpoint ?? '');
  } catch {
    return undefined;
  }
  if (!local && !isLoopback(url)) return undefined;
  const label = t('doctor.listening', { url: url.origin });
  const result = await reachable(url, signal);
  if (result.ok) return { label, ok: true };
  const fix = id === 'ollama' ? t('doctor.fix.ollama', { url: url.origin }) : t('doctor.fix.localServer', { url: url.origin });
  return { label, ok: false, detail: t('doctor.notListening', { why: result.why }), fix };
}

/** One token of output for a one-word prompt: the cheapest call every vendor offers. */
async function ping(provider: ReturnType<typeof resolveProvider>, keyFrom: string | undefined, signal: AbortSignal, t: Translator): Promise<Check> {
  const label = t('doctor.ping', { name: provider.id });
  try {
    const response = await provider.complete({ messages: [userMessage('ping')], maxOutputTokens: 1 }, { signal });
    return { label, ok: true, detail: keyFrom ? t('doctor.pingKey', { model: response.model, key: keyFrom }) : t('doctor.pingNoKey', { model: response.model }) };
  } catch (error) {
    return { label, ok: false, detail: errorCodeOf(error), fix: messageOf(error, t) };
  }
}
