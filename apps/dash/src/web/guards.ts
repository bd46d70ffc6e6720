import type { MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { randomSecret, sameSecret } from '../auth/secrets.js';
import { SESSION_TTL_MS, type WebSession } from '../store/accounts.js';
import { anonCsrfCookieName, sessionCookieName, type DashContext, type DashEnv, type DashServices } from './context.js';

/** Reads the session cookie (if any) into `c.var.session`. */
export function loadSession(services: DashServices): MiddlewareHandler<DashEnv> {
  return async (c, next) => {
    const cookie = getCookie(c, sessionCookieName(services));
    c.set('session', cookie ? await services.accounts.session(cookie) : undefined);
    await next();
  };
}

export function setSessionCookie(c: DashContext, services: DashServices, value: string): void {
  setCookie(c, sessionCookieName(services), value, { httpOnly: true, secure: services.secureCookies, sameSite: 'Strict', path: '/', maxAge: Math.floor(SESSION_TTL_MS / 1000) });
}

export function clearSessionCookie(c: DashContext, services: DashServices): void {
  deleteCookie(c, sessionCookieName(services), { path: '/', secure: services.secureCookies, httpOnly: true, sameSite: 'Strict' });
}

/** The CSRF value for forms shown before sign-in (setup, sign-in): a double-submit cookie. */
export function anonCsrf(c: DashContext, services: DashServices): string {
  const existing = getCookie(c, anonCsrfCookieName(services));
  if (existing && /^[A-Za-z0-9_-]{43}$/.test(existing)) return existing;
  const value = randomSecret();
  setCookie(c, anonCsrfCookieName(services), value, { httpOnly: true, secure: services.secureCookies, sameSite: 'Strict', path: '/', maxAge: 60 * 60 });
  return value;
}

/** A form's string fields (files and repeated keys are ignored). */
export async function readForm(c: DashContext): Promise<Record<string, string>> {
  const type = c.req.header('content-type') ?? '';
  if (!type.startsWith('application/x-www-form-urlencoded') && !type.startsWith('multipart/form-data')) return {};
  const body = await c.req.parseBody();
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(body)) if (typeof value === 'string') out[key] = value;
  return out;
}

/** A browser that says the request came from another site, or from another origin than ours, is refused. */
function fromOurOrigin(c: DashContext, services: DashServices): boolean {
  if (c.req.header('sec-fetch-site') === 'cross-site') return false;
  const origin = c.req.header('origin');
  return origin === undefined || origin === services.publicUrl.origin;
}

/**
 * Every state-changing form is checked here: same origin, and the form's `_csrf`
 * equals the session's value (signed in) or the pre-session cookie's (setup, sign-in).
 */
export function csrfOk(c: DashContext, services: DashServices, form: Record<string, string>, session: WebSession | undefined): boolean {
  if (!fromOurOrigin(c, services)) return false;
  const sent = form._csrf ?? '';
  if (session) return sent !== '' && sameSecret(sent, session.csrf);
  const cookie = getCookie(c, anonCsrfCookieName(services)) ?? '';
  return sent !== '' && cookie !== '' && sameSecret(sent, cookie);
}

export function csrfRejected(c: DashContext): Response {
  return c.text('This form has expired or did not come from this dashboard (CSRF check failed). Reload the page and try again.', 403);
}

export function signInRedirect(c: DashContext): Response {
  return c.redirect('/sign-in', 303);
}
