import { startFakeShop, type FakeShop } from '@warden/test-servers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressPolicy, isPrivateAddress, webFetch, webFetchTool, WebError } from '../src/index.js';

let shop: FakeShop;
let port: string;
beforeAll(async () => {
  shop = await startFakeShop();
  port = new URL(shop.url).port;
});
afterAll(() => shop.close());

async function refusal(promise: Promise<unknown>): Promise<WebError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(WebError.isInstance(error)).toBe(true);
  return error as WebError;
}

describe('address policy', () => {
  it('refuses loopback, private, link-local, metadata and their IPv6 spellings', () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1', '::ffff:a9fe:a9fe', '64:ff9b::a9fe:a9fe', '2002:7f00:1::']) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946', '8.8.8.8']) expect(isPrivateAddress(address), address).toBe(false);
  });

  it('refuses a name after DNS resolution, other schemes, credentials in URLs and blocked domains', async () => {
    const policy = addressPolicy({ blockedDomains: ['example.com'] });
    expect((await refusal(policy.check('http://localhost:8080/'))).message).toMatch(/localhost resolves to (127\.0\.0\.1|::1), a loopback/);
    expect((await refusal(policy.check(`${shop.url}/`))).code).toBe('web.address_refused');
    expect((await refusal(policy.check('http://metadata.google.internal/'))).message).toMatch(/metadata/);
    expect((await refusal(policy.check('file:///etc/passwd'))).message).toMatch(/only http and https/);
    expect((await refusal(policy.check('http://user:pw@93.184.216.34/'))).message).toMatch(/credentials/);
    expect((await refusal(policy.check('https://www.example.com/'))).message).toMatch(/not an allowed domain/);
    // An allowHosts entry is keyed by host and port: another port of the same host stays refused.
    const allowed = addressPolicy({ allowHosts: [`127.0.0.1:${port}`] });
    await expect(allowed.check(`${shop.url}/x`)).resolves.toMatchObject({ address: '127.0.0.1' });
    expect((await refusal(allowed.check('http://127.0.0.1:1/'))).code).toBe('web.address_refused');
  });
});

describe('webFetch', () => {
  const fetcher = (): ReturnType<typeof webFetch> => webFetch({ allowHosts: [`127.0.0.1:${port}`], maxBytes: 1024 * 1024 });

  it('reads an article as Markdown with Readability, without scripts or navigation', async () => {
    const page = await fetcher().fetch(`${shop.url}/to-article`);
    expect(page).toMatchObject({ status: 200, contentType: 'text/html', title: 'Caring for your cactus', truncated: false, redirects: [`${shop.url}/article`] });
    expect(page.text).toContain('Cacti store water in their stems');
    expect(page.text).toContain('Repot in spring');
    expect(page.text).not.toContain('do-not-read');
    expect(page.text).not.toContain('© Shop');
  });

  it('re-checks every redirect against the policy', async () => {
    expect((await refusal(fetcher().fetch(`${shop.url}/to-private`))).message).toMatch(/10\.0\.0\.1 resolves to 10\.0\.0\.1, a loopback, private/);
    expect((await refusal(fetcher().fetch(`${shop.url}/to-metadata`))).message).toMatch(/169\.254\.169\.254/);
  });

  it('keeps to size limits and text content types', async () => {
    expect((await refusal(fetcher().fetch(`${shop.url}/huge`))).code).toBe('web.too_large');
    expect((await refusal(fetcher().fetch(`${shop.url}/image.png`))).message).toMatch(/image\/png, which is not text/);
    expect((await fetcher().fetch(`${shop.url}/data.json`)).text).toContain('"plants"');
    expect((await refusal(fetcher().fetch(`${shop.url}/nope`))).message).toMatch(/HTTP 404/);
  });

  it('as a tool: open-world, read-only, egress, and the text marked untrusted', async () => {
    const tool = webFetchTool(fetcher());
    expect(tool.annotations).toMatchObject({ readOnly: true, openWorld: true, tags: ['effect:egress', 'web'] });
    const out = await tool.execute({ url: `${shop.url}/article` }, { signal: new AbortController().signal, callId: 'c', runId: 'r', emit: () => undefined });
    expect(String(out)).toMatch(/^Untrusted web content follows/);
    expect(String(out)).toContain('Title: Caring for your cactus');
  });
});
