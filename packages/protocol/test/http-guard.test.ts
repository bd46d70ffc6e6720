import { describe, expect, it } from 'vitest';
import { defaultAllowedHosts, hostOriginCheck, HTTP_SERVER_TIMEOUTS, isLoopbackName } from '../src/net.js';

describe('the shared Host/Origin check (DNS rebinding)', () => {
  const check = hostOriginCheck({ hosts: defaultAllowedHosts('127.0.0.1', 8080) });

  it.each([
    [{ host: '127.0.0.1:8080' }],
    [{ host: 'localhost:8080' }],
    [{ host: '[::1]:8080' }],
    [{ host: 'LOCALHOST:8080', origin: 'http://localhost:8080' }],
    [{ host: '127.0.0.1:8080', origin: 'https://127.0.0.1:8080' }],
  ])('answers %j', (headers) => {
    expect(check(headers)).toBeUndefined();
  });

  it.each([
    [{ host: 'evil.example:8080' }, 'host'],
    [{ host: '127.0.0.1:8081' }, 'host'],
    [{ host: 'attacker.127.0.0.1.nip.io:8080' }, 'host'],
    [{}, 'host'],
    [{ host: '127.0.0.1:8080', origin: 'http://evil.example' }, 'origin'],
    [{ host: '127.0.0.1:8080', origin: 'null' }, 'origin'],
    [{ host: 'localhost:8080', origin: 'http://localhost:9999' }, 'origin'],
  ])('refuses %j (%s)', (headers, why) => {
    expect(check(headers)).toBe(why);
  });

  it('takes explicit hosts and origins', () => {
    const behindProxy = hostOriginCheck({ hosts: ['dash.example.com'], origins: ['https://dash.example.com'] });
    expect(behindProxy({ host: 'dash.example.com', origin: 'https://dash.example.com/' })).toBe('origin');
    expect(behindProxy({ host: 'dash.example.com', origin: 'https://dash.example.com' })).toBeUndefined();
    expect(behindProxy({ host: 'dash.example.com', origin: 'http://dash.example.com' })).toBe('origin');
    expect(defaultAllowedHosts('10.0.0.5', 9000)).toEqual(['10.0.0.5:9000']);
    expect(defaultAllowedHosts('fd00::5', 9000)).toEqual(['[fd00::5]:9000']);
    expect(isLoopbackName('::1')).toBe(true);
    expect(isLoopbackName('0.0.0.0')).toBe(false);
  });

  it('closes a slow header block well before Node\'s defaults would', () => {
    expect(HTTP_SERVER_TIMEOUTS.headersTimeout).toBeLessThan(HTTP_SERVER_TIMEOUTS.requestTimeout);
    expect(HTTP_SERVER_TIMEOUTS.connectionsCheckingInterval).toBeLessThan(HTTP_SERVER_TIMEOUTS.headersTimeout);
  });
});
