import { describe, expect, it } from 'vitest';
import { formatHostSpec, hostSpecAllows, parseHostSpec, scopeHostText, urlTarget } from '../src/net.js';

const allows = (entry: string, host: string, port: number, scheme?: string, subdomains = false): boolean => {
  const spec = parseHostSpec(entry);
  if (spec === undefined) throw new Error(`unparsed ${entry}`);
  return hostSpecAllows(spec, { host, port, ...(scheme ? { scheme } : {}) }, { subdomains });
};

describe('host specs: scheme, host and port', () => {
  it.each([
    ['api.example.com', 'api.example.com', 443, undefined],
    ['api.example.com', 'api.example.com', 80, undefined],
    ['http://localhost:3000', 'localhost', 3000, 'http'],
    ['http://localhost:3000', 'localhost', 3000, 'ws'],
    ['http://localhost:3000', 'localhost', 3000, undefined],
    ['https://api.example.com', 'api.example.com', 443, 'https'],
    ['localhost:5432', 'localhost', 5432, undefined],
    ['db.internal:*', 'db.internal', 6543, undefined],
    ['[::1]:8080', '::1', 8080, 'http'],
    ['*.corp.test', 'git.corp.test', 443, undefined],
    ['127.0.0.1:8080', '127.0.0.1', 8080, undefined],
  ])('%s allows %s:%i (%s)', (entry, host, port, scheme) => {
    expect(allows(entry, host, port, scheme)).toBe(true);
  });

  it.each<[string, string, number, string | undefined, string]>([
    ['http://localhost:3000', 'localhost', 5432, undefined, 'another port of the named host'],
    ['http://localhost:3000', 'localhost', 3000, 'https', 'another scheme on the same port'],
    ['api.example.com', 'api.example.com', 8443, 'https', 'a non-default port of a bare host'],
    ['api.example.com', 'api.example.com', 22, undefined, 'ssh on a bare web host'],
    ['https://api.example.com', 'api.example.com', 80, 'http', 'the http port of an https entry'],
    ['localhost:5432', 'localhost', 3000, undefined, 'another port of a host:port entry'],
    ['*.corp.test', 'corp.test', 443, undefined, 'the wildcard base itself'],
    ['api.example.com', 'evil.example.com', 443, undefined, 'another host'],
    ['127.0.0.1:8080', '2130706433', 8080, undefined, 'another spelling of the IP'],
  ])('%s refuses %s:%i (%s: %s)', (entry, host, port, scheme) => {
    expect(allows(entry, host, port, scheme)).toBe(false);
  });

  it('subdomains: the taint allowlist’s reading covers names below a bare entry, on its ports only', () => {
    expect(allows('example.com', 'api.example.com', 443, undefined, true)).toBe(true);
    expect(allows('example.com', 'api.example.com', 8443, undefined, true)).toBe(false);
  });

  it.each(['example.com:http', 'example.com:0', 'example.com:99999', '*.127.0.0.1', 'exa mple.com', '', 'http://'])('does not parse %j', (entry) => {
    expect(parseHostSpec(entry)).toBeUndefined();
  });

  it('formats canonically and reads URLs with their default ports', () => {
    expect(formatHostSpec(parseHostSpec('HTTP://LocalHost:3000/path')!)).toBe('http://localhost:3000');
    expect(formatHostSpec(parseHostSpec('api.example.com')!)).toBe('api.example.com');
    expect(formatHostSpec(parseHostSpec('https://api.example.com')!)).toBe('https://api.example.com');
    expect(formatHostSpec(parseHostSpec('db:*')!)).toBe('db:*');
    expect(urlTarget('https://h.example/x')).toEqual({ host: 'h.example', port: 443, scheme: 'https' });
    expect(urlTarget('http://[::1]:81/')).toEqual({ host: '::1', port: 81, scheme: 'http' });
    expect(urlTarget('not a url')).toBeUndefined();
    expect(scopeHostText({ host: 'localhost', port: 3000, scheme: 'http' })).toBe('http://localhost:3000');
    expect(scopeHostText({ host: '::1', port: 80 })).toBe('[::1]:80');
    expect(scopeHostText({ host: 'api.example.com' })).toBe('api.example.com');
  });
});
