import { connect } from 'node:net';

/** Loopback names: an endpoint there is a server on this machine that someone has to start. */
export function isLoopback(url: URL): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127\./.test(host) || host === '0.0.0.0';
}

/**
 * Whether something accepts a TCP connection at the URL's host and port (no request is sent,
 * so no key and no prompt leave). Resolves with the failure's code (`ECONNREFUSED`, `timeout`…).
 */
export function reachable(url: URL, signal: AbortSignal, timeoutMs = 3000): Promise<{ ok: true } | { ok: false; why: string }> {
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  return new Promise((resolve) => {
    const socket = connect({ host: url.hostname.replace(/^\[|\]$/g, ''), port });
    const finish = (result: { ok: true } | { ok: false; why: string }): void => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      socket.destroy();
      resolve(result);
    };
    const onAbort = (): void => finish({ ok: false, why: 'aborted' });
    const timer = setTimeout(() => finish({ ok: false, why: 'timeout' }), timeoutMs);
    signal.addEventListener('abort', onAbort, { once: true });
    socket.once('connect', () => finish({ ok: true }));
    socket.once('error', (error: NodeJS.ErrnoException) => finish({ ok: false, why: error.code ?? error.message }));
  });
}
