import { describe, expect, it } from 'vitest';
import { egressKey, toolEffectClass } from './call-effect.js';

describe('egress is keyed by scheme, host and port', () => {
  it.each([
    ['https://api.example.com/x', { scheme: 'https', host: 'api.example.com', port: 443 }],
    ['http://API.example.com:8080/', { scheme: 'http', host: 'api.example.com', port: 8080 }],
    ['http://127.0.0.1:6379', { scheme: 'http', host: '127.0.0.1', port: 6379 }],
    ['https://[::1]:8443/', { scheme: 'https', host: '::1', port: 8443 }],
    ['postgres://db.internal/app', { scheme: 'postgres', host: 'db.internal', port: 5432 }],
  ])('%s', (url, key) => {
    expect(egressKey(url)).toEqual(key);
  });

  it('has no key without a host or a known port', () => {
    expect(egressKey('not a url')).toBeUndefined();
    expect(egressKey('file:///etc/passwd')).toBeUndefined();
    expect(egressKey('weird://host/x')).toBeUndefined();
  });
});

describe('tool calls by annotation and name', () => {
  it.each([
    ['db__drop_table', undefined, 'destructive'],
    ['db__query', { destructive: true }, 'destructive'],
    ['files__delete_file', { openWorld: true }, 'destructive'],
    ['chat__send_message', { openWorld: true }, 'egress'],
    ['web__fetch', { openWorld: true }, 'egress'],
    ['remember', undefined, 'instructs-agents'],
    ['ci__schedule_job', undefined, 'runs-later'],
  ] as const)('%s is %s', (name, annotations, cls) => {
    expect(toolEffectClass(name, annotations)).toBe(cls);
  });

  // Must-allow neighbours: reading and ordinary tools have no class of their own.
  it.each([['docs__search', { readOnly: true, openWorld: true }], ['read_file', { readOnly: true }], ['write_file', { mutating: true }], ['db__query', { readOnly: true }]] as const)('%s has none', (name, annotations) => {
    expect(toolEffectClass(name, annotations)).toBeUndefined();
  });
});
