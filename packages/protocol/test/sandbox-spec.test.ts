import { describe, expect, it } from 'vitest';
import { formatSandboxSpec, parseSandboxSpec } from '../src/net.js';

describe('parseSandboxSpec', () => {
  it('reads every backend form and writes it back the same', () => {
    const cases: Array<[string, unknown]> = [
      ['bwrap', { kind: 'bwrap' }],
      ['ssh://dev@build.example.com:2222', { kind: 'ssh', user: 'dev', host: 'build.example.com', port: 2222 }],
      ['ssh://127.0.0.1', { kind: 'ssh', host: '127.0.0.1', port: 22 }],
      ['ssh://me@[::1]:2200/srv/work', { kind: 'ssh', user: 'me', host: '::1', port: 2200, dir: '/srv/work' }],
      ['docker://node:20-bookworm', { kind: 'docker', image: 'node:20-bookworm' }],
      ['e2b://base', { kind: 'remote', provider: 'e2b', target: 'base' }],
      ['daytona://', { kind: 'remote', provider: 'daytona', target: 'default' }],
    ];
    for (const [text, spec] of cases) {
      expect(parseSandboxSpec(text)).toEqual(spec);
      if (text !== 'daytona://') expect(formatSandboxSpec(parseSandboxSpec(text))).toBe(text);
    }
  });

  it('refuses what is not a sandbox, saying which forms are', () => {
    expect(() => parseSandboxSpec('bubblewrap')).toThrow(/bwrap, ssh:\/\/user@host/);
    expect(() => parseSandboxSpec('ssh://host:99999')).toThrow(/ssh:\/\/user@host\[:port\]/);
    expect(() => parseSandboxSpec('docker://')).toThrow(/name an image/);
  });
});
