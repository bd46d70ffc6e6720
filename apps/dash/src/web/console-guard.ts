import type { DashRole, WebSession } from '../store/accounts.js';
import { mayAct } from '../store/accounts.js';
import type { DashContext, DashServices } from './context.js';
import { signInRedirect } from './guards.js';
import { html } from './html.js';
import { page } from './layout.js';

/** A console page needs a signed-in person with at least `role`; answers the session, or the response to send instead. */
export function consoleAccess(c: DashContext, role: DashRole = 'viewer'): WebSession | Response {
  const session = c.var.session;
  if (!session) return signInRedirect(c);
  if (!mayAct(session.user, role)) return c.text(`This needs the ${role} role; ask an administrator.`, 403);
  return session;
}

/** The page shown when the server was started without the store the page reads. */
export function notConfigured(c: DashContext, session: WebSession, title: string, what: string): Response | Promise<Response> {
  return c.html(page({ title, session, body: html`<h1>${title}</h1><p class="muted" id="not-configured">This dashboard was started without ${what}. Start it with <code>--sessions LOCATION</code>${title === 'Fleet' ? html` and <code>--fleet-queue redis://…</code>` : ''} (see the README).</p>` }));
}

export function money(value: number): string {
  return `$${value.toFixed(value !== 0 && value < 0.01 ? 6 : 4)}`;
}

export type { DashServices };
