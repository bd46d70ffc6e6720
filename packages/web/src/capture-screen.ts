/** What `captureScreen` needs of a Playwright page. */
interface Screenshotter {
  screenshot(options: { type: 'png'; timeout: number }): Promise<Buffer>;
  waitForTimeout(ms: number): Promise<void>;
}

/** Chromium's answer when no frame was ready to capture (seen when several browsers share a busy machine). */
const NO_FRAME = /Unable to capture screenshot/;

/**
 * A PNG of the page. Chromium sometimes has no frame ready the first time it is asked; that is
 * retried twice after a short wait (the page has not changed), any other failure is not.
 */
export async function captureScreen(page: Screenshotter, timeoutMs: number): Promise<Buffer> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await page.screenshot({ type: 'png', timeout: timeoutMs });
    } catch (error) {
      if (attempt >= 2 || !NO_FRAME.test(error instanceof Error ? error.message : String(error))) throw error;
      await page.waitForTimeout(200 * (attempt + 1));
    }
  }
}
