import { existsSync } from 'node:fs';
import { startFakeShop, type FakeShop } from '@warden/test-servers';
import type { ToolContext, ToolOutput, ToolV1 } from '@warden/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrowser, WebError, type WebBrowser } from '../src/index.js';

// One real Chromium (Debian's, never downloaded) for the whole file: the tests run in order on one tab.
const CHROMIUM = '/usr/bin/chromium';
let shop: FakeShop;
let browser: WebBrowser;
const ctx: ToolContext = { signal: new AbortController().signal, callId: 'c', runId: 'r', emit: () => undefined };

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium`);
  shop = await startFakeShop();
  browser = createBrowser({ executablePath: CHROMIUM, allowHosts: [`127.0.0.1:${new URL(shop.url).port}`], blockedDomains: ['blocked.example'], timeoutMs: 5000 });
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

function tool(name: string): ToolV1 {
  const found = browser.tools.find((t) => t.name === name);
  if (!found) throw new Error(`no tool ${name}`);
  return found;
}

async function act(name: string, args: Record<string, unknown> = {}): Promise<string> {
  const out: ToolOutput = await tool(name).execute(args as never, ctx);
  return typeof out === 'string' ? out : JSON.stringify(out);
}

/** The number the latest read gave the element whose line matches. */
function numberOf(page: string, line: RegExp): number {
  const found = page.split('\n').find((l) => line.test(l));
  if (!found) throw new Error(`no element ${String(line)} in:\n${page}`);
  return Number(/^\[(\d+)\]/.exec(found)![1]);
}

async function failure(promise: Promise<unknown>): Promise<WebError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(WebError.isInstance(error)).toBe(true);
  return error as WebError;
}

describe('a real browser on a local shop', { timeout: 90_000 }, () => {
  it('declares its tools as open-world egress; clicks and typing are not read-only', () => {
    expect(browser.tools.map((t) => t.name)).toEqual(['browser_goto', 'browser_read', 'browser_click', 'browser_type', 'browser_select', 'browser_scroll', 'browser_back', 'browser_screenshot', 'computer']);
    for (const t of browser.tools.slice(0, -1)) expect(t.annotations).toMatchObject({ openWorld: true, tags: ['effect:egress', 'web', 'browser'] });
    expect(tool('computer').annotations).toEqual({ readOnly: false, mutating: true, openWorld: true, tags: ['effect:egress', 'web', 'browser', 'computer'] });
    expect(tool('browser_click').annotations?.readOnly).toBe(false);
    expect(tool('browser_read').annotations?.readOnly).toBe(true);
  });

  it('reads numbered elements (shadow roots included), signs in without echoing the password, selects an option', async () => {
    const home = await act('browser_goto', { url: shop.url });
    expect(home).toMatch(/^Untrusted web content follows/);
    expect(home).toContain('Page: Cactus Shop');
    expect(home).toMatch(/\[\d+\] link "Our partner" → https:\/\/blocked\.example\/partner/);
    expect(home).toMatch(/\[\d+\] button "Shadow button"/);
    const shadow = numberOf(home, /"Shadow button"/);
    expect(await act('browser_click', { element: shadow })).toContain('Page: shadow clicked');

    const signin = await act('browser_click', { element: numberOf(await act('browser_read'), /link "Sign in"/) });
    expect(signin).toContain('Page: Sign in');
    expect(signin).toMatch(/select "Pot size.*" value="s" options=\[s=Small, m=Medium, l=Large\]/);
    await act('browser_type', { element: numberOf(signin, /textbox "User"/), text: 'ana' });
    const typed = await act('browser_type', { element: numberOf(signin, /"Password"/), text: 'hunter2-secret' });
    expect(typed).toContain('value="(filled, not shown)"');
    expect(typed).not.toContain('hunter2-secret');
    const selected = await act('browser_select', { element: numberOf(typed, /select "Pot size/), value: 'Large' });
    expect(selected).toMatch(/value="l"/);
    const done = await act('browser_click', { element: numberOf(selected, /button "Sign in"/) });
    expect(done).toContain('Welcome back, ana');
    expect(done).toContain('Pot size: l');
    expect(shop.signIns).toEqual([{ user: 'ana', passwordLength: 14 }]);
    // Numbers from before the page changed are refused.
    expect((await failure(act('browser_click', { element: numberOf(selected, /button "Sign in"/) }))).message).toMatch(/read the page again/);
    expect(await act('browser_back')).toContain('Page: Sign in');
  });

  it('refuses blocked domains, redirects to private and metadata addresses, and other schemes', async () => {
    const home = await act('browser_goto', { url: shop.url });
    expect((await failure(act('browser_goto', { url: 'https://blocked.example/partner' }))).code).toBe('web.address_refused');
    expect((await failure(act('browser_goto', { url: 'file:///etc/passwd' }))).message).toMatch(/only http and https/);
    const partner = await act('browser_click', { element: numberOf(home, /"Our partner"/) }).catch((e: unknown) => String(e));
    expect(partner).toMatch(/refused https:\/\/blocked\.example\/partner/);
    const home2 = await act('browser_goto', { url: shop.url });
    const staff = await act('browser_click', { element: numberOf(home2, /"Staff area"/) }).catch((e: unknown) => String(e));
    expect(staff).toMatch(/refused http:\/\/10\.0\.0\.1\/admin/);
    const home3 = await act('browser_goto', { url: shop.url });
    const cloud = await act('browser_click', { element: numberOf(home3, /"Cloud status"/) }).catch((e: unknown) => String(e));
    expect(cloud).toMatch(/refused http:\/\/169\.254\.169\.254/);
    expect(shop.visits).toContain('/to-private');
  });

  it('refuses downloads, dismisses and reports dialogs, follows new tabs, takes screenshots', async () => {
    const home = await act('browser_goto', { url: shop.url });
    const offer = await act('browser_click', { element: numberOf(home, /button "Show offer"/) });
    expect(offer).toMatch(/a alert dialog said "Sale ends today!" and was dismissed/);
    const download = await act('browser_click', { element: numberOf(offer, /"Price list/) }).catch((e: unknown) => String(e));
    expect(download).toMatch(/download of prices\.csv was refused/);
    const home2 = await act('browser_goto', { url: shop.url });
    const tab = await act('browser_click', { element: numberOf(home2, /"Care guide in a new tab"/) });
    expect(tab).toContain('a new tab opened');
    expect(tab).toContain('Page: Caring for your cactus');
    const shot = await tool('browser_screenshot').execute({}, ctx);
    expect(Array.isArray(shot)).toBe(true);
    const image = (shot as Array<{ type: string; data?: string; mediaType?: string }>)[1]!;
    expect(image.mediaType).toBe('image/png');
    expect(Buffer.from(image.data!, 'base64').subarray(1, 4).toString()).toBe('PNG');
  });

  it('computer: keys and coordinates on the same page, checked against the screen', async () => {
    await act('browser_goto', { url: shop.url });
    const computer = tool('computer');
    await computer.execute({ action: 'key', key: 'Tab' }, ctx);
    const pressed = (await computer.execute({ action: 'key', key: 'Enter' }, ctx)) as Array<{ type: string; text?: string; data?: string }>;
    expect(pressed[0]!.text).toMatch(/pressed Enter on http:\/\/127\.0\.0\.1:\d+\/article \(screen 1280×720\)/);
    expect(Buffer.from(pressed[1]!.data!, 'base64').subarray(1, 4).toString()).toBe('PNG');
    expect((await failure(Promise.resolve(computer.execute({ action: 'click', x: 5000, y: 10 }, ctx)))).message).toBe('(5000, 10) is outside the 1280×720 screen');
    expect((await failure(Promise.resolve(computer.execute({ action: 'key', key: 'rm -rf /' }, ctx)))).message).toMatch(/not a key this tool presses/);
    const typed = (await computer.execute({ action: 'type', text: 'secret-words' }, ctx)) as Array<{ text?: string }>;
    expect(typed[0]!.text).toContain('typed the text');
    expect(JSON.stringify(typed[0])).not.toContain('secret-words');
    // Numbers from a read before the computer acted are refused.
    expect((await failure(act('browser_click', { element: 1 }))).message).toMatch(/read the page again/);
  });
});
