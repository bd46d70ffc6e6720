import { INTERFACE_VERSIONS, type JsonObject, type ToolOutput, type ToolV1 } from '@warden/protocol';
import { BrowserSession, type BrowserOptions } from './browser-session.js';
import { computerTool } from './computer-tool.js';
import { captureScreen } from './capture-screen.js';
import { webError } from './coded-errors.js';
import { renderSnapshot } from './page-snapshot.js';
import { UNTRUSTED_NOTE, webAnnotations } from './tool-effects.js';

export interface WebBrowser {
  /** `browser_goto`, `browser_read`, `browser_click`, `browser_type`, `browser_select`, `browser_scroll`, `browser_back`, `browser_screenshot`, and `computer` (by screen coordinates) on the same page. */
  readonly tools: ToolV1[];
  /** Ends the browser (call it when the owner is done; it also ends with the process). */
  close(): Promise<void>;
}

const element = { type: 'integer', minimum: 1, description: 'The element number from the latest browser_read.' } as const;

/**
 * A real browser (an installed Chromium over the DevTools protocol, driven by `playwright-core`)
 * as tools: the model reads the page as numbered elements plus visible text and acts by number.
 */
export function createBrowser(options: BrowserOptions = {}): WebBrowser {
  const session = new BrowserSession(options);

  async function afterAction(what: string): Promise<ToolOutput> {
    const page = await session.tab();
    await page.waitForLoadState('domcontentloaded', { timeout: session.timeoutMs }).catch(() => undefined);
    const snapshot = await session.snapshot();
    return `${UNTRUSTED_NOTE}\n${what}\n\n${renderSnapshot(snapshot, session.maxTextChars, session.takeNotes())}`;
  }

  const tool = (name: string, description: string, properties: Record<string, unknown>, required: string[], run: (args: JsonObject) => Promise<ToolOutput>, readOnly = true): ToolV1 => ({
    specificationVersion: INTERFACE_VERSIONS.tool,
    name,
    description,
    inputSchema: { type: 'object', properties, ...(required.length > 0 ? { required } : {}), additionalProperties: false },
    annotations: webAnnotations('egress', { readOnly, tags: ['web', 'browser'] }),
    timeoutMs: (options.timeoutMs ?? 10_000) * 3,
    execute: (args) => run(args),
  });

  const tools: ToolV1[] = [
    tool('browser_goto', 'Open a URL (http/https) in the browser and read the page.', { url: { type: 'string', minLength: 1, maxLength: 2048 } }, ['url'], async (args) => {
      const url = String(args.url);
      await session.check(url);
      const page = await session.tab();
      try {
        await page.goto(url, { waitUntil: 'domcontentloaded', timeout: session.timeoutMs });
      } catch (error) {
        const notes = session.takeNotes();
        throw webError('web.browser_action_failed', `could not open ${url.slice(0, 200)}: ${[...notes, (error as Error).message.split('\n')[0]].join('; ')}`);
      }
      return afterAction(`Opened ${url}.`);
    }),
    tool('browser_read', 'Read the current page: numbered actionable elements and the visible text.', {}, [], () => afterAction('Read the page.')),
    tool('browser_click', 'Click an element by number.', { element }, ['element'], async (args) => {
      const target = await session.element(Number(args.element));
      const page = await session.tab();
      // A click on a link or form that targets another tab: follow the tab it opens (the popup event
      // may come just after the click). A tab opened by script is picked up by the context's listener.
      const opensTab = await target.evaluate((el) => {
        const holder = el.closest("[target]") ?? (el as unknown as { form?: { getAttribute(name: string): string | null } | null }).form;
        const where = holder?.getAttribute('target');
        return where !== null && where !== undefined && where !== '' && where !== '_self' && where !== '_top' && where !== '_parent';
      });
      const popup = opensTab ? page.waitForEvent('popup', { timeout: session.timeoutMs }).catch(() => undefined) : undefined;
      await target.click({ timeout: session.timeoutMs });
      await popup;
      return afterAction(`Clicked element ${String(args.element)}.`);
    }, false),
    tool('browser_type', 'Type text into an element by number (replacing its value); submit presses Enter.', { element, text: { type: 'string', maxLength: 10_000 }, submit: { type: 'boolean', default: false } }, ['element', 'text'], async (args) => {
      const target = await session.element(Number(args.element));
      await target.fill(String(args.text), { timeout: session.timeoutMs });
      if (args.submit === true) await target.press('Enter', { timeout: session.timeoutMs });
      // The typed text is not echoed: it may be a password.
      return afterAction(`Typed into element ${String(args.element)}${args.submit === true ? ' and submitted' : ''}.`);
    }, false),
    tool('browser_select', 'Choose an option of a select element by number (by value or label).', { element, value: { type: 'string' } }, ['element', 'value'], async (args) => {
      const target = await session.element(Number(args.element));
      const value = String(args.value);
      // A string matches an option's value or its label.
      await target.selectOption(value, { timeout: session.timeoutMs });
      return afterAction(`Selected "${value}" in element ${String(args.element)}.`);
    }, false),
    tool('browser_scroll', 'Scroll the page up or down by one screen.', { direction: { type: 'string', enum: ['up', 'down'] } }, ['direction'], async (args) => {
      const page = await session.tab();
      await page.mouse.wheel(0, args.direction === 'up' ? -800 : 800);
      return afterAction(`Scrolled ${String(args.direction)}.`);
    }),
    tool('browser_back', 'Go back to the previous page.', {}, [], async () => {
      const page = await session.tab();
      await page.goBack({ waitUntil: 'domcontentloaded', timeout: session.timeoutMs });
      return afterAction('Went back.');
    }),
    tool('browser_screenshot', 'Take a screenshot of the visible part of the page.', {}, [], async () => {
      const page = await session.tab();
      const png = await captureScreen(page, session.timeoutMs);
      const notes = session.takeNotes();
      return [{ type: 'text', text: `${UNTRUSTED_NOTE}\nScreenshot of ${page.url()}${notes.length > 0 ? `\nNotes: ${notes.join('; ')}` : ''}` }, { type: 'image', mediaType: 'image/png', data: png.toString('base64') }];
    }),
    computerTool(session),
  ];
  return { tools, close: () => session.close() };
}
