import type { Browser as PwBrowser, BrowserContext, Page, Route } from 'playwright-core';
import { addressPolicy, type AddressPolicy, type AddressPolicyOptions } from './address-policy.js';
import { webError } from './coded-errors.js';
import { SNAPSHOT_SCRIPT, type PageSnapshot } from './page-snapshot.js';

export interface BrowserOptions extends AddressPolicyOptions {
  /** The installed Chrome/Chromium (default `/usr/bin/chromium`). Browsers are never downloaded. */
  executablePath?: string;
  /** Attach to a running browser over the DevTools protocol instead of launching one. */
  cdpUrl?: string;
  /** Default true. */
  headless?: boolean;
  /** Per action (default 10 s). */
  timeoutMs?: number;
  /** Largest visible text handed back (default 20,000 characters). */
  maxTextChars?: number;
}

/**
 * One browser and its current tab, owned by whoever created it (`close()` ends it; Playwright's
 * pipe also ends it with the process). Every request a tab makes — typed address, click, redirect,
 * frame, sub-resource — passes the address policy first (DNS-resolved; private, loopback,
 * link-local and metadata refused unless allowed); downloads are refused, dialogs dismissed and
 * reported, new tabs followed, and a crashed tab or browser is replaced and reported.
 */
export class BrowserSession {
  private browser: PwBrowser | undefined;
  private context: BrowserContext | undefined;
  private page: Page | undefined;
  private starting: Promise<Page> | undefined;
  private readonly policy: AddressPolicy;
  private readonly notes: string[] = [];
  private reads = 0;
  /** The read whose numbers are valid; a new document makes them stale. */
  current = 0;
  readonly maxTextChars: number;
  readonly timeoutMs: number;

  constructor(private readonly options: BrowserOptions = {}) {
    this.policy = addressPolicy(options);
    this.maxTextChars = options.maxTextChars ?? 20_000;
    this.timeoutMs = options.timeoutMs ?? 10_000;
  }

  /** Notes gathered since the last call (refusals, dialogs, downloads, new tabs, restarts). */
  takeNotes(): string[] {
    return this.notes.splice(0);
  }

  note(text: string): void {
    if (this.notes.length < 50) this.notes.push(text);
  }

  async check(url: string): Promise<void> {
    await this.policy.check(url);
  }

  private async launch(): Promise<void> {
    let chromium: typeof import('playwright-core').chromium;
    try {
      ({ chromium } = await import('playwright-core'));
    } catch (error) {
      throw webError('web.browser_unavailable', 'playwright-core is not installed', 'npm install playwright-core@1.65.1 (browsers are never downloaded: Warden drives an installed Chromium).', error);
    }
    try {
      this.browser = this.options.cdpUrl
        ? await chromium.connectOverCDP(this.options.cdpUrl)
        : await chromium.launch({ executablePath: this.options.executablePath ?? '/usr/bin/chromium', headless: this.options.headless ?? true, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
    } catch (error) {
      throw webError('web.browser_unavailable', `no browser could start at ${this.options.executablePath ?? '/usr/bin/chromium'}: ${(error as Error).message.split('\n')[0]}`, 'Install Chromium (apt-get install -y chromium) or pass executablePath.', error);
    }
    this.browser.on('disconnected', () => {
      this.browser = undefined;
      this.context = undefined;
      this.page = undefined;
    });
    this.context = await this.browser.newContext({ acceptDownloads: false, serviceWorkers: 'block' });
    this.context.setDefaultTimeout(this.timeoutMs);
    await this.context.route('**/*', (route) => this.guard(route));
    this.context.on('page', (page) => {
      if (page === this.page) return;
      this.watch(page);
      this.page = page;
      this.current = -1;
      this.note('a new tab opened and is now the current page');
    });
  }

  private async guard(route: Route): Promise<void> {
    const url = route.request().url();
    if (url.startsWith('data:') || url.startsWith('blob:') || url === 'about:blank') return route.continue();
    const navigation = route.request().isNavigationRequest();
    try {
      await this.policy.check(url);
    } catch (error) {
      if (navigation) this.note(`refused ${url.slice(0, 200)}: ${(error as Error).message}`);
      await route.abort('blockedbyclient');
      return;
    }
    if (!navigation) {
      await route.continue();
      return;
    }
    // A document's redirects never reach the route again: fetch it here without following them,
    // check where it points, and hand the browser the redirect only when the next hop is allowed.
    let response: Awaited<ReturnType<Route['fetch']>>;
    try {
      response = await route.fetch({ maxRedirects: 0, timeout: this.timeoutMs });
    } catch {
      await route.abort('failed');
      return;
    }
    const location = response.headers().location;
    if (response.status() >= 300 && response.status() < 400 && location !== undefined) {
      const next = new URL(location, url).toString();
      try {
        await this.policy.check(next);
      } catch (error) {
        this.note(`refused ${next.slice(0, 200)} (a redirect from ${url.slice(0, 200)}): ${(error as Error).message}`);
        await route.abort('blockedbyclient');
        return;
      }
    }
    await route.fulfill({ response });
  }

  private watch(page: Page): void {
    page.on('dialog', (dialog) => {
      this.note(`a ${dialog.type()} dialog said "${dialog.message().slice(0, 200)}" and was dismissed`);
      void dialog.dismiss().catch(() => undefined);
    });
    page.on('download', (download) => {
      this.note(`a download of ${download.suggestedFilename()} was refused`);
      void download.cancel().catch(() => undefined);
    });
    page.on('crash', () => {
      this.note('the tab crashed; a new one was opened');
      if (this.page === page) this.page = undefined;
    });
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) this.current = -1;
    });
  }

  /** The current tab, starting (or restarting) the browser when needed. */
  async tab(): Promise<Page> {
    if (this.page && !this.page.isClosed()) return this.page;
    this.starting ??= (async () => {
      const restarted = this.context !== undefined || this.reads > 0;
      if (!this.browser?.isConnected()) await this.launch();
      const page = await this.context!.newPage();
      this.watch(page);
      this.page = page;
      this.current = -1;
      if (restarted && this.reads > 0) this.note('the browser or tab was restarted; read the page again');
      return page;
    })().finally(() => {
      this.starting = undefined;
    });
    return this.starting;
  }

  async snapshot(): Promise<PageSnapshot> {
    const page = await this.tab();
    this.reads += 1;
    const read = this.reads;
    const snap = await page.evaluate<PageSnapshot>(`(${SNAPSHOT_SCRIPT})(${read})`);
    this.current = read;
    return snap;
  }

  /** The element numbered `n` in the latest read, or a refusal asking for a new read. */
  async element(n: number): Promise<import('playwright-core').Locator> {
    const page = await this.tab();
    if (this.current <= 0) throw webError('web.browser_action_failed', `element ${n}: the page changed since it was read; read the page again`);
    const locator = page.locator(`[data-warden-n="${this.current}:${n}"]`);
    if ((await locator.count()) === 0) throw webError('web.browser_action_failed', `element ${n} is not on the page any more; read the page again`);
    return locator.first();
  }

  async close(): Promise<void> {
    const browser = this.browser;
    this.browser = undefined;
    this.context = undefined;
    this.page = undefined;
    await browser?.close().catch(() => undefined);
  }
}
