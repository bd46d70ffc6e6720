import type { Hono } from 'hono';
import type { DashProject } from '../store/projects.js';
import { slugify } from '../store/projects.js';
import type { WebSession } from '../store/accounts.js';
import { pushUrl, type DashContext, type DashEnv, type DashServices } from './context.js';
import { csrfOk, csrfRejected, readForm, signInRedirect } from './guards.js';
import { html, type SafeHtml } from './html.js';
import { csrfField, page } from './layout.js';

/**
 * The one gate of every project page: signed in, and allowed to read this project.
 * A project the person may not read answers exactly like one that does not exist.
 */
export async function projectFor(c: DashContext, services: DashServices): Promise<{ session: WebSession; project: DashProject } | Response> {
  const session = c.var.session;
  if (!session) return signInRedirect(c);
  const project = await services.projects.forUser(c.req.param('slug') ?? '', session.user);
  if (!project) return c.html(page({ title: 'Not found', session, body: html`<h1>Not found</h1><p>No such project, or you are not a member of it.</p>` }), 404);
  return { session, project };
}

function message(text: string | undefined, kind = 'error'): SafeHtml | string {
  return text === undefined ? '' : html`<div class="flash ${kind}" role="alert">${text}</div>`;
}

export function projectRoutes(app: Hono<DashEnv>, services: DashServices): void {
  const projectsPage = async (c: DashContext, note?: string, status: 200 | 400 = 200) => {
    const session = c.var.session!;
    const list = await services.projects.visibleTo(session.user);
    return c.html(
      page({
        title: 'Projects',
        session,
        body: html`<h1>Projects</h1>${message(note)}${
          list.length === 0
            ? html`<p class="muted">No project yet.${session.user.isAdmin ? ' Create one below, then connect the CLI from its page.' : ' Ask an administrator to add you to one.'}</p>`
            : html`<table id="projects"><thead><tr><th>Project</th><th>Slug</th></tr></thead><tbody>${list.map((p) => html`<tr><td><a href="/p/${p.slug}">${p.name}</a></td><td><code>${p.slug}</code></td></tr>`)}</tbody></table>`
        }${
          session.user.isAdmin
            ? html`<h2>New project</h2><form method="post" action="/projects" class="inline">${csrfField(session)}<label>Name<input name="name" required maxlength="80"></label><button type="submit">Create project</button></form>`
            : ''
        }`,
      }),
      status,
    );
  };

  app.get('/projects', async (c) => (c.var.session ? projectsPage(c) : signInRedirect(c)));

  app.post('/projects', async (c) => {
    const form = await readForm(c);
    const session = c.var.session;
    if (!session) return signInRedirect(c);
    if (!csrfOk(c, services, form, session)) return csrfRejected(c);
    if (!session.user.isAdmin) return c.text('Only an administrator creates projects.', 403);
    const name = (form.name ?? '').trim().slice(0, 80);
    const slug = slugify(name);
    if (!slug) return projectsPage(c, 'Give the project a name with letters or digits.', 400);
    const project = await services.projects.create(name, slug, session.user);
    if (!project) return projectsPage(c, `A project with the slug “${slug}” exists already.`, 400);
    return c.redirect(`/p/${project.slug}/cli`, 303);
  });

  const settingsPage = async (c: DashContext, session: WebSession, project: DashProject, extra: SafeHtml | string = '', status: 200 | 400 = 200) => {
    const tokens = await services.projects.tokens(project.id);
    const members = await services.projects.members(project.id);
    return c.html(
      page({
        title: 'Tokens & members',
        session,
        project,
        tab: 'tokens',
        body: html`<h1>Push tokens</h1>${extra}
<p class="muted">A token can push to this project only. It is shown once when created and stored as a hash.</p>
<table id="tokens"><thead><tr><th>Name</th><th>Token</th><th>Created</th><th>Last used</th><th>State</th><th></th></tr></thead><tbody>${tokens.map(
          (t) =>
            html`<tr><td>${t.name}</td><td><code>${t.hint}</code></td><td>${t.createdAt.slice(0, 16).replace('T', ' ')}</td><td>${t.lastUsedAt ? t.lastUsedAt.slice(0, 16).replace('T', ' ') : '—'}</td><td>${t.revokedAt ? html`<span class="badge failed">revoked</span>` : html`<span class="badge ok">active</span>`}</td><td>${
              t.revokedAt ? '' : html`<form method="post" action="/p/${project.slug}/tokens/${t.id}/revoke">${csrfField(session)}<button class="danger" type="submit">Revoke</button></form>`
            }</td></tr>`,
        )}</tbody></table>
<h2>New token</h2><form method="post" action="/p/${project.slug}/tokens" class="inline">${csrfField(session)}<label>Name<input name="name" required maxlength="80" placeholder="ci on main"></label><button type="submit" id="create-token">Create token</button></form>
<h2>Members</h2><p>${members.join(', ') || '—'}</p>${
          session.user.isAdmin
            ? html`<form method="post" action="/p/${project.slug}/members" class="inline">${csrfField(session)}<label>Email of an existing account<input name="email" type="email" required></label><button type="submit">Add member</button></form>`
            : ''
        }`,
      }),
      status,
    );
  };

  app.get('/p/:slug/settings', async (c) => {
    const access = await projectFor(c, services);
    if (access instanceof Response) return access;
    return settingsPage(c, access.session, access.project);
  });

  app.post('/p/:slug/tokens', async (c) => {
    const form = await readForm(c);
    const access = await projectFor(c, services);
    if (access instanceof Response) return access;
    if (!csrfOk(c, services, form, access.session)) return csrfRejected(c);
    const name = (form.name ?? '').trim().slice(0, 80);
    if (!name) return settingsPage(c, access.session, access.project, message('Name the token (where it will be used).'), 400);
    const { token } = await services.projects.createToken(access.project.id, name, access.session.user);
    const shown = html`<div class="flash ok" role="status"><p>Token <b>${name}</b> created. Copy it now: it is not shown again.</p><code class="secret" id="new-token">${token}</code></div>`;
    return settingsPage(c, access.session, access.project, shown);
  });

  app.post('/p/:slug/tokens/:tokenId/revoke', async (c) => {
    const form = await readForm(c);
    const access = await projectFor(c, services);
    if (access instanceof Response) return access;
    if (!csrfOk(c, services, form, access.session)) return csrfRejected(c);
    await services.projects.revokeToken(access.project.id, c.req.param('tokenId'));
    return c.redirect(`/p/${access.project.slug}/settings`, 303);
  });

  app.post('/p/:slug/members', async (c) => {
    const form = await readForm(c);
    const access = await projectFor(c, services);
    if (access instanceof Response) return access;
    if (!csrfOk(c, services, form, access.session)) return csrfRejected(c);
    if (!access.session.user.isAdmin) return c.text('Only an administrator adds members.', 403);
    const user = await services.accounts.findByEmail(form.email ?? '');
    if (!user) return settingsPage(c, access.session, access.project, message('No account has that email; add the person on the Users page first.'), 400);
    await services.projects.addMember(access.project.id, user.id);
    return c.redirect(`/p/${access.project.slug}/settings`, 303);
  });

  app.get('/p/:slug/cli', async (c) => {
    const access = await projectFor(c, services);
    if (access instanceof Response) return access;
    const { session, project } = access;
    const url = pushUrl(services, project.slug);
    const envExample = JSON.stringify({ url, token_env: 'WARDEN_DASH_TOKEN' }, null, 2);
    return c.html(
      page({
        title: 'Connect the CLI',
        session,
        project,
        tab: 'cli',
        body: html`<h1>Connect the CLI</h1><div class="card"><p>Download a connection file: it holds this project's push URL and a new token for it. Keep it outside Git (it is a secret), then push a run directory:</p>
<pre><code>warden evidence push out/RUN_DIRECTORY --dash /path/to/warden-dash.json</code></pre>
<form method="post" action="/p/${project.slug}/cli" class="inline">${csrfField(session)}<label>Token name<input name="name" required maxlength="80" value="cli"></label><button type="submit" id="download-connection">Download connection file</button></form>
<p class="muted">The dashboard receives evidence; it never runs your cases. Review reports before pushing: test output may hold application data.</p></div>
<div class="card"><h2>Token from the environment instead</h2><p>Create a token on the <a href="/p/${project.slug}/settings">Tokens</a> page, put it in <code>WARDEN_DASH_TOKEN</code>, and write this file:</p><pre><code>${envExample}</code></pre></div>`,
      }),
    );
  });

  app.post('/p/:slug/cli', async (c) => {
    const form = await readForm(c);
    const access = await projectFor(c, services);
    if (access instanceof Response) return access;
    if (!csrfOk(c, services, form, access.session)) return csrfRejected(c);
    const name = (form.name ?? '').trim().slice(0, 80) || 'cli';
    const { token } = await services.projects.createToken(access.project.id, name, access.session.user);
    // Exactly the dash file @warden/evidence reads (DashFile: url + token, strict keys).
    const file = `${JSON.stringify({ url: pushUrl(services, access.project.slug), token }, null, 2)}\n`;
    c.header('content-disposition', `attachment; filename="warden-dash-${access.project.slug}.json"`);
    c.header('cache-control', 'no-store');
    return c.body(file, 200, { 'content-type': 'application/json; charset=utf-8' });
  });
}
