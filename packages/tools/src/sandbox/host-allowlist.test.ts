import { describe, expect, it } from 'vitest';
import { createHostAllowlist, normalizeHost } from './host-allowlist.js';

describe('createHostAllowlist', () => {
  const list = createHostAllowlist(['example.com', 'api.example.org:443', '*.corp.test', '127.0.0.1:8080', '[::1]:80', 'Registry.NPMJS.org.', 'http://localhost:3000', 'db.internal:*', 'https://secure.test']);

  it.each([
    ['example.com', 443],
    ['example.com', 80],
    ['EXAMPLE.com.', 443],
    ['api.example.org', 443],
    ['git.corp.test', 80],
    ['localhost', 3000],
    ['db.internal', 5432],
    ['db.internal', 22],
    ['secure.test', 443],
    ['a.b.corp.test', 443],
    ['127.0.0.1', 8080],
    ['::1', 80],
    ['0:0:0:0:0:0:0:1', 80],
    ['[::1]', 80],
    ['registry.npmjs.org', 443],
  ])('allows %s:%i', (host, port) => {
    expect(list.allows(host, port)).toBe(true);
  });

  it.each([
    ['evil.com', 443, 'another host'],
    ['example.com.evil.com', 443, 'a suffix attack'],
    ['notexample.com', 443, 'a name that ends like it'],
    ['sub.example.com', 443, 'a subdomain of an exact entry'],
    ['api.example.org', 80, 'another port of a host:port entry'],
    ['corp.test', 443, 'the wildcard base itself'],
    ['xcorp.test', 443, 'a name ending like the wildcard base'],
    ['127.0.0.1', 8081, 'another port of an IP entry'],
    ['2130706433', 8080, 'another spelling of the IP'],
    ['0x7f.0.0.1', 8080, 'a hex spelling of the IP'],
    ['localhost', 8080, 'a name resolving to the IP'],
    ['example.com\u0000.evil', 443, 'a NUL byte'],
    ['exa mple.com', 443, 'a space'],
    ['example.com', 22, 'a non-default port of a bare host (ports 80 and 443 only)'],
    ['example.com', 8443, 'another port of a bare host'],
    ['git.corp.test', 22, 'a non-default port under a wildcard'],
    ['localhost', 5432, 'another port of a scheme://host:port entry'],
    ['localhost', 80, 'the default port of a host named with a port'],
    ['secure.test', 80, 'the http port of an https:// entry'],
    ['example.com', 0, 'port 0'],
    ['example.com', 70000, 'a port out of range'],
    ['', 443, 'an empty host'],
  ])('refuses %s:%i (%s)', (host, port) => {
    expect(list.allows(host, port)).toBe(false);
  });

  it('allows nothing when empty', () => {
    const empty = createHostAllowlist([]);
    expect(empty.size).toBe(0);
    expect(empty.allows('localhost', 80)).toBe(false);
  });

  it.each(['http://example.com/x', 'example.com:http', 'example.com:0', 'example.com:99999', '*.127.0.0.1', 'exa mple.com', '*', ''])('refuses the malformed entry %j with a ConfigError', (entry) => {
    expect(() => createHostAllowlist([entry])).toThrow(expect.objectContaining({ code: 'config.invalid' }));
  });

  it('normalizes hosts', () => {
    expect(normalizeHost('[::FFFF:127.0.0.1]')).toBe('::ffff:7f00:1');
    expect(normalizeHost('Example.COM.')).toBe('example.com');
    expect(normalizeHost('a/b')).toBeUndefined();
  });
});
