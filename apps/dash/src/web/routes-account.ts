import type { Hono } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { getCookie } from 'hono/cookie';
import { hashPassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, verifyPassword } from '../auth/password.js';
import { normalizeEmail } from '../store/accounts.js';
import { sessionCookieName, type DashContext, type DashEnv, type DashServices } from './context.js';
import { anonCsrf, clearSessionCookie, csrfOk, csrfRejected, readForm, setSessionCookie, signInRedirect } from './guards.js';
import { html, type SafeHtml } from './html.js';
import { csrfField, page } from './layout.js';

const EMAIL = /^[^\s@]{1,128}@[^\s@]{1,128}$/;

function passwordProblem(password: string, confirm: string | undefined): string | undefined {
  if (password.length < PASSWORD_MIN_LENGTH) return `Use at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (password.length > PASSWORD_MAX_LENGTH) return 'That password is too long.';
  if (confirm !== undefined && password !== confirm) return 'The two passwords differ.';
  return undefined;
}

function flash(message: string | undefined, kind = 'error'): SafeHtml | string {
  return message === undefined ? '' : html`<div class="flash ${kind}" role="alert">${message}</div>`;
}

function clientAddress(c: DashContext): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

export function accountRoutes(app: Hono<DashEnv>, services: DashServices): void {
  const { accounts } = services;

  const setupPage = (c: DashContext, error?: string, status: 200 | 400 = 200) =>
    c.html(
      page({
        title: 'Set up',
        body: html`<div class="card narrow"><h1>Create the administrator</h1><p class="muted">This dashboard has no account yet. The first account administers it; sign-in uses this email and password.</p>${flash(error)}
<form method="post" action="/setup" class="stack"><input type="hidden" name="_csrf" value="${anonCsrf(c, services)}">
<label>Email<input name="email" type="email" autocomplete="username" required></label>
<label>Password (at least ${PASSWORD_MIN_LENGTH} characters)<input name="password" type="password" autocomplete="new-password" required minlength="${PASSWORD_MIN_LENGTH}"></label>
<label>Password again<input name="confirm" type="password" autocomplete="new-password" required></label>
<button type="submit">Create administrator</button></form></div>`,
      }),
      status,
    );

  const signInPage = (c: DashContext, error?: string, status: 200 | 401 | 429 = 200) =>
    c.html(
      page({
        title: 'Sign in',
        body: html`<div class="card narrow"><h1>Sign in</h1>${flash(error)}
<form method="post" action="/sign-in" class="stack"><input type="hidden" name="_csrf" value="${anonCsrf(c, services)}">
<label>Email<input name="email" type="email" autocomplete="username" required></label>
<label>Password<input name="password" type="password" autocomplete="current-password" required></label>
<button type="submit">Sign in</button></form></div>`,
      }),
      status,
    );

  app.get('/', async (c) => {
    if ((await accounts.userCount()) === 0) return c.redirect('/setup', 303);
    return c.redirect(c.var.session ? '/projects' : '/sign-in', 303);
  });

  app.get('/setup', async (c) => ((await accounts.userCount()) === 0 ? setupPage(c) : c.redirect('/sign-in', 303)));

  app.post('/setup', async (c) => {
    const form = await readForm(c);
    if (!csrfOk(c, services, form, undefined)) return csrfRejected(c);
    if ((await accounts.userCount()) > 0) return c.redirect('/sign-in', 303);
    const email = normalizeEmail(form.email ?? '');
    if (!EMAIL.test(email)) return setupPage(c, 'Enter an email address.', 400);
    const problem = passwordProblem(form.password ?? '', form.confirm ?? '');
    if (problem) return setupPage(c, problem, 400);
    const user = await accounts.createFirstAdmin(email, await hashPassword(form.password ?? ''));
    if (!user) return c.redirect('/sign-in', 303);
    setSessionCookie(c, services, await accounts.startSession(user.id));
    return c.redirect('/projects', 303);
  });

  app.get('/sign-in', async (c) => {
    if ((await accounts.userCount()) === 0) return c.redirect('/setup', 303);
    return c.var.session ? c.redirect('/projects', 303) : signInPage(c);
  });

  app.post('/sign-in', async (c) => {
    const form = await readForm(c);
    if (!csrfOk(c, services, form, undefined)) return csrfRejected(c);
    const email = normalizeEmail(form.email ?? '').slice(0, 320);
    const password = (form.password ?? '').slice(0, PASSWORD_MAX_LENGTH);
    const address = clientAddress(c);
    const wait = services.limiter.blockedFor(email, address);
    if (wait > 0) {
      c.header('retry-after', String(wait));
      return signInPage(c, `Too many failed sign-ins. Try again in ${Math.ceil(wait / 60)} minute(s).`, 429);
    }
    const user = await accounts.findByEmail(email);
    const ok = await verifyPassword(password, user?.passwordHash ?? (await services.dummyHash()));
    if (!user || !ok) {
      services.limiter.recordFailure(email, address);
      return signInPage(c, 'Wrong email or password.', 401);
    }
    services.limiter.recordSuccess(email);
    setSessionCookie(c, services, await accounts.startSession(user.id));
    return c.redirect('/projects', 303);
  });

  app.post('/sign-out', async (c) => {
    const form = await readForm(c);
    if (!c.var.session) return signInRedirect(c);
    if (!csrfOk(c, services, form, c.var.session)) return csrfRejected(c);
    const cookie = getCookie(c, sessionCookieName(services));
    if (cookie) await accounts.endSession(cookie);
    clearSessionCookie(c, services);
    return c.redirect('/sign-in', 303);
  });

  const usersPage = async (c: DashContext, message?: string, kind = 'error', status: 200 | 400 = 200) => {
    const session = c.var.session!;
    const users = await accounts.listUsers();
    return c.html(
      page({
        title: 'Users',
        session,
        body: html`<h1>Users</h1>${flash(message, kind)}<table><thead><tr><th>Email</th><th>Role</th></tr></thead><tbody>${users.map((u) => html`<tr><td>${u.email}</td><td>${u.role === 'admin' ? 'administrator' : u.role}</td></tr>`)}</tbody></table>
<h2>Add a person</h2><p class="muted">Give them the password by another channel; add them to projects from each project's “Tokens &amp; members” page.</p>
<form method="post" action="/users" class="inline">${csrfField(session)}<label>Email<input name="email" type="email" required></label><label>Password<input name="password" type="password" required minlength="${PASSWORD_MIN_LENGTH}"></label><label>Role<select name="role"><option value="viewer">viewer</option><option value="approver">approver (answers approvals)</option><option value="admin">administrator</option></select></label><button type="submit">Add</button></form>`,
      }),
      status,
    );
  };

  app.get('/users', async (c) => {
    if (!c.var.session) return signInRedirect(c);
    if (!c.var.session.user.isAdmin) return c.text('Only an administrator manages users.', 403);
    return usersPage(c);
  });

  app.post('/users', async (c) => {
    const form = await readForm(c);
    const session = c.var.session;
    if (!session) return signInRedirect(c);
    if (!csrfOk(c, services, form, session)) return csrfRejected(c);
    if (!session.user.isAdmin) return c.text('Only an administrator manages users.', 403);
    const email = normalizeEmail(form.email ?? '');
    if (!EMAIL.test(email)) return usersPage(c, 'Enter an email address.', 'error', 400);
    const problem = passwordProblem(form.password ?? '', undefined);
    if (problem) return usersPage(c, problem, 'error', 400);
    const created = await accounts.createUser(email, await hashPassword(form.password ?? ''), form.role === 'admin' ? 'admin' : form.role === 'approver' ? 'approver' : 'viewer');
    return created ? usersPage(c, `Added ${email}.`, 'ok') : usersPage(c, 'That email already has an account.', 'error', 400);
  });
}
