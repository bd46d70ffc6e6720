import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { scopeMatcher } from './scope-matcher.js';
import { taskScope } from './task-scope.js';

// Issue 34: "a service on another port of a host the task names" — the scope keeps the port.
const workspace = mkdtempSync(path.join(tmpdir(), 'warden-hostport-'));
writeFileSync(path.join(workspace, 'notes.md'), 'x\n');

describe('taskScope keeps the port and scheme of the hosts a task names', () => {
  it.each([
    ['check http://localhost:3000/health', { host: 'localhost', port: 3000, scheme: 'http' }],
    ['query https://api.example.com:8443/v1', { host: 'api.example.com', port: 8443, scheme: 'https' }],
    ['read from api.example.com', { host: 'api.example.com' }],
    ['talk to localhost:8080', { host: 'localhost', port: 8080 }],
    ['ping 127.0.0.1:9000 please', { host: '127.0.0.1', port: 9000 }],
  ])('%s', (task, expected) => {
    const hosts = taskScope(task, { workspace }).hosts;
    expect(hosts).toEqual([{ ...expected, origin: 'task', text: expect.any(String) }]);
  });

  it('a named host:port authorizes that port, not another service of the host', () => {
    const m = scopeMatcher(taskScope('fix the client against http://localhost:3000', { workspace }));
    expect(m.hostEntry('localhost', 3000, 'http')).toBe('task:localhost:3000');
    expect(m.hostEntry('localhost', 3000)).toBe('task:localhost:3000');
    expect(m.hostEntry('localhost', 5432)).toBeUndefined();
    expect(m.hostEntry('localhost', 6379)).toBeUndefined();
    expect(m.hostEntry('localhost', 3000, 'https')).toBeUndefined();
    expect(m.hostEntry('localhost')).toBeUndefined();
    expect(m.hosts).toEqual(['http://localhost:3000']);
  });

  it('a bare host authorizes its default ports (80, 443) only', () => {
    const m = scopeMatcher(taskScope('summarise api.example.com docs into notes.md', { workspace }));
    expect(m.hostEntry('api.example.com', 443)).toBe('task:api.example.com');
    expect(m.hostEntry('api.example.com', 80)).toBe('task:api.example.com');
    expect(m.hostEntry('api.example.com')).toBe('task:api.example.com');
    expect(m.hostEntry('api.example.com', 8443)).toBeUndefined();
    expect(m.hostEntry('api.example.com', 22)).toBeUndefined();
  });

  it('configured hosts accept host, host:port, host:* and scheme://host:port', () => {
    const scope = taskScope('summarise', { workspace, hosts: ['api.example.com', 'db.internal:5432', 'cache.internal:*', 'http://localhost:3000', '*.corp.test'] });
    expect(scope.hosts.map(({ host, port, scheme }) => ({ host, port, scheme }))).toEqual([
      { host: 'api.example.com', port: undefined, scheme: undefined },
      { host: 'db.internal', port: 5432, scheme: undefined },
      { host: 'cache.internal', port: '*', scheme: undefined },
      { host: 'localhost', port: 3000, scheme: 'http' },
      { host: '*.corp.test', port: undefined, scheme: undefined },
    ]);
    const m = scopeMatcher(scope);
    expect(m.hostEntry('db.internal', 5432)).toBe('config:db.internal:5432');
    expect(m.hostEntry('db.internal', 5433)).toBeUndefined();
    expect(m.hostEntry('cache.internal', 6379)).toBe('config:cache.internal:*');
    expect(m.hostEntry('api.example.com', 8443)).toBeUndefined();
    expect(m.hostEntry('git.corp.test', 443)).toBe('config:*.corp.test');
    expect(m.hostEntry('git.corp.test', 22)).toBeUndefined();
    expect(m.hostEntry('localhost', 5432)).toBeUndefined();
  });

  it('scopes recorded before ports were kept read as default ports', () => {
    const m = scopeMatcher({ version: 1, paths: [], hosts: [{ host: 'api.example.com', origin: 'task' }] });
    expect(m.hostEntry('api.example.com', 443)).toBe('task:api.example.com');
    expect(m.hostEntry('api.example.com', 8443)).toBeUndefined();
  });
});
