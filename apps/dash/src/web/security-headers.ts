/**
 * Every dashboard page: no script at all, styles only from our own stylesheet,
 * forms only to ourselves, frames only our own sandboxed report route, and no
 * framing of the dashboard by anyone.
 */
export const PAGE_CSP = [
  "default-src 'none'",
  "style-src 'self'",
  "img-src 'self' data:",
  "form-action 'self'",
  "frame-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

export const COMMON_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  // same-origin, not no-referrer: with no-referrer Chromium sends `Origin: null` on our own form posts, and the CSRF origin check needs the real one.
  'referrer-policy': 'same-origin',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
};

/**
 * A pushed run's report page: the evidence renderer's own inline script and
 * stylesheet are allowed by hash (nothing else can run, even if some text
 * escaped the renderer's escaping), and the `sandbox` directive gives the page
 * an opaque origin: no cookies, no same-origin requests, no forms, no top navigation.
 */
export function reportCsp(scriptSource: string, styleSource: string): string {
  return [
    'sandbox allow-scripts',
    "default-src 'none'",
    `script-src ${scriptSource}`,
    `style-src ${styleSource}`,
    'img-src data:',
    "form-action 'none'",
    "base-uri 'none'",
    "frame-ancestors 'self'",
  ].join('; ');
}
