import { createHmac, randomUUID } from 'node:crypto';
import type { A2aServerSdk } from './a2a-server-sdk.js';

type PushNotificationStore = import('@a2a-js/sdk/server').PushNotificationStore;
type PushNotificationSender = import('@a2a-js/sdk/server').PushNotificationSender;
type TaskPushNotificationConfig = import('@a2a-js/sdk').TaskPushNotificationConfig;

/** Push notifications to a caller's webhook: signed, retried, only to allowed URLs. */
export interface A2aPushOptions {
  /**
   * The HMAC-SHA256 key that signs every notification: `X-Warden-Signature: t=<unix seconds>,v1=<hex>`
   * over `<t>.<body>`. At least 32 characters. Never sent, stored or logged.
   */
  signingKey: string;
  /** The webhook URLs a caller may register, as prefixes (`https://hooks.example.com/a2a/`); any other is refused. */
  allowedUrlPrefixes: readonly string[];
  /** Attempts per notification (default 5): a network error or a 5xx is retried, a 4xx never. */
  maxAttempts?: number;
  /** The first wait before a retry (default 500 ms), doubled after each. */
  backoffMs?: number;
  /** Each attempt's time limit (default 5000 ms). */
  timeoutMs?: number;
}

export const PUSH_SIGNATURE_HEADER = 'x-warden-signature';
export const PUSH_DELIVERY_HEADER = 'x-warden-delivery';
export const MIN_PUSH_KEY_LENGTH = 32;

/** The signature header value for a body sent at `unixSeconds` (what a receiver recomputes). */
export function signPush(key: string, unixSeconds: number, body: string): string {
  return `t=${unixSeconds},v1=${createHmac('sha256', key).update(`${unixSeconds}.${body}`).digest('hex')}`;
}

/** Whether a caller may register `url` as a webhook: http(s), no credentials in it, under an allowed prefix. */
export function pushUrlAllowed(options: A2aPushOptions, url: string): boolean {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return false;
    if (parsed.username || parsed.password) return false;
    // The parsed form: `..` segments are resolved before the prefix is compared.
    return options.allowedUrlPrefixes.some((prefix) => parsed.href.startsWith(prefix));
  } catch {
    return false;
  }
}

export const PUSH_URL_REFUSED = 'the push notification URL is not one this server may call (its allowed webhook prefixes)';

/** The SDK's in-memory push config store, refusing a webhook outside the allowed prefixes. */
export function allowedPushStore(sdk: A2aServerSdk, options: A2aPushOptions): PushNotificationStore {
  const inner = new sdk.server.InMemoryPushNotificationStore();
  return {
    async save(taskId, context, config) {
      if (!pushUrlAllowed(options, config.url)) throw new sdk.errors.RequestMalformedError(PUSH_URL_REFUSED);
      await inner.save(taskId, context, config);
    },
    load: (taskId, context) => inner.load(taskId, context),
    loadWithMetadata: (taskId, context) => inner.loadWithMetadata(taskId, context),
    delete: (taskId, context, configId) => inner.delete(taskId, context, configId),
  };
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });
}

/**
 * The SDK's `PushNotificationSender`, posting the SDK's own v1 serialization of each task event
 * to every webhook registered for the task, in order per task. Each POST carries an HMAC
 * signature and a delivery id (the same on every retry, so a receiver can drop repeats) and the
 * caller's own `authentication`/`token` as the SDK sends them. Failures end quietly after the
 * last attempt: a webhook never holds up or fails a task.
 */
export function signedPushSender(sdk: A2aServerSdk, store: PushNotificationStore, options: A2aPushOptions, shutdown: AbortSignal): PushNotificationSender {
  const serializer = new sdk.server.V1PushNotificationSerializer();
  const maxAttempts = options.maxAttempts ?? 5;
  const backoff = options.backoffMs ?? 500;
  const timeout = options.timeoutMs ?? 5000;
  const chains = new Map<string, Promise<void>>();

  async function deliver(config: TaskPushNotificationConfig, body: string, contentType: string): Promise<void> {
    const delivery = randomUUID();
    for (let attempt = 1; attempt <= maxAttempts && !shutdown.aborted; attempt++) {
      const now = Math.floor(Date.now() / 1000);
      const headers: Record<string, string> = { 'content-type': contentType, [PUSH_SIGNATURE_HEADER]: signPush(options.signingKey, now, body), [PUSH_DELIVERY_HEADER]: delivery };
      if (config.authentication?.scheme && config.authentication.credentials) headers.authorization = `${config.authentication.scheme} ${config.authentication.credentials}`;
      else if (config.token) headers['x-a2a-notification-token'] = config.token;
      let retry: boolean;
      try {
        // No redirects: a webhook may not send the notification somewhere the prefixes do not allow.
        const res = await fetch(config.url, { method: 'POST', headers, body, redirect: 'manual', signal: AbortSignal.any([AbortSignal.timeout(timeout), shutdown]) });
        await res.body?.cancel().catch(() => undefined);
        if (res.ok) return;
        retry = res.status >= 500;
      } catch {
        retry = true; // network error or timeout
      }
      if (!retry) return;
      if (attempt < maxAttempts) await wait(backoff * 2 ** (attempt - 1), shutdown);
    }
  }

  return {
    send(streamResponse, context, task) {
      const payload = streamResponse.payload;
      const taskId = payload?.$case === 'task' ? payload.value.id : (payload?.value.taskId ?? '');
      if (!taskId) return Promise.resolve();
      const previous = chains.get(taskId) ?? Promise.resolve();
      const next = previous.then(async () => {
        const configs = await store.load(taskId, context).catch(() => []);
        if (configs.length === 0) return;
        const { body, contentType } = serializer.serialize(streamResponse, task);
        await Promise.all(configs.map((config) => deliver(config, body, contentType).catch(() => undefined)));
      });
      chains.set(taskId, next);
      void next.finally(() => {
        if (chains.get(taskId) === next) chains.delete(taskId);
      });
      return next;
    },
  };
}
