import type { DashProject } from '../store/projects.js';
import type { WebSession } from '../store/accounts.js';
import { html, type SafeHtml } from './html.js';

export type ProjectTab = 'runs' | 'cases' | 'containment' | 'tokens' | 'cli';

export interface PageOptions {
  title: string;
  session?: WebSession | undefined;
  project?: DashProject;
  tab?: ProjectTab;
  body: SafeHtml;
  /** Loads the live script (the page has a `#live` element with `data-live`). */
  live?: boolean;
}

const TABS: Array<[ProjectTab, string, string]> = [
  ['runs', 'Runs', ''],
  ['cases', 'Cases', '/cases'],
  ['containment', 'Containment', '/containment'],
  ['tokens', 'Tokens & members', '/settings'],
  ['cli', 'Connect the CLI', '/cli'],
];

export function csrfField(session: WebSession): SafeHtml {
  return html`<input type="hidden" name="_csrf" value="${session.csrf}">`;
}

export function badge(status: string): SafeHtml {
  return html`<span class="badge ${status}">${status}</span>`;
}

/** The page frame: every dashboard page goes through it, so every page loads one stylesheet and no script. */
export function page(options: PageOptions): string {
  const { session, project } = options;
  const top = session
    ? html`<header class="top"><a class="brand" href="/projects">Warden Dash</a><a href="/projects">Evidence</a><a href="/runs">Runs</a><a href="/approvals">Approvals</a><a href="/spend">Spend</a><a href="/fleet">Fleet</a>${session.user.isAdmin ? html`<a href="/users">Users</a>` : ''}<span class="spacer"></span><span>${session.user.email}</span><form method="post" action="/sign-out">${csrfField(session)}<button type="submit" id="sign-out">Sign out</button></form></header>`
    : html`<header class="top"><span class="brand">Warden Dash</span></header>`;
  const tabs = project
    ? html`<nav class="tabs">${TABS.map(([key, label, suffix]) => html`<a class="${options.tab === key ? 'on' : ''}" href="/p/${project.slug}${suffix}">${label}</a>`)}</nav>`
    : '';
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${options.title}${project ? html` · ${project.name}` : ''} · Warden Dash</title><link rel="stylesheet" href="/assets/dash.css">${options.live ? html`<script src="/assets/live.js" defer></script>` : ''}</head>
<body>${top}${tabs}<main>${options.body}</main></body></html>`.value;
}
