import { ToolError } from '@warden/protocol';
import { describe, expect, it } from 'vitest';
import { createRedactor } from '../../src/index.js';
import { fake, LOOK_ALIKES, SECRETS } from './secret-fixtures.js';

describe('createRedactor', () => {
  const redactor = createRedactor();

  it('has at least 60 secrets and 30 look-alikes', () => {
    expect(SECRETS.length).toBeGreaterThanOrEqual(60);
    expect(LOOK_ALIKES.length).toBeGreaterThanOrEqual(30);
  });

  it.each(SECRETS)('removes the secret from: %s', (_label, line, secret) => {
    const out = redactor.redact(line);
    expect(out).not.toContain(secret);
    expect(out).toMatch(/\[redacted:[a-z0-9:_-]+\]/i);
  });

  it.each(LOOK_ALIKES)('keeps %j', (line) => {
    expect(redactor.redact(line)).toBe(line);
  });

  it('names the kind in the marker and keeps the context', () => {
    const token = `ghp_${fake(36)}`;
    expect(redactor.redact(`GITHUB_TOKEN=${token} npm run release`)).toBe('GITHUB_TOKEN=[redacted:github-token] npm run release');
    expect(redactor.redact('Authorization: Bearer abcdef0123456789abcdef')).toBe('Authorization: Bearer [redacted:authorization]');
    expect(redactor.redact('postgres://app:s3cretPass@db:5432/x')).toBe('postgres://app:[redacted:url-password]@db:5432/x');
    expect(redactor.redact('{"password": "hunter2!x"}')).toBe('{"password": "[redacted:password]"}');
  });

  it('is idempotent', () => {
    const line = SECRETS.map(([, l]) => l).join('\n');
    const once = redactor.redact(line);
    expect(redactor.redact(once)).toBe(once);
  });

  it('removes literal values of secret-named environment variables', () => {
    const value = 'corp-internal-9f8e7d6c5b';
    const r = createRedactor({ env: { INTERNAL_SERVICE_TOKEN: value, HOME: '/home/ada', SHORT_SECRET: 'abc', EDITOR: 'vim-with-long-name' } });
    expect(r.redact(`calling with ${value} now`)).toBe('calling with [redacted:env:INTERNAL_SERVICE_TOKEN] now');
    expect(r.redact(`url?t=${encodeURIComponent(value)}`)).not.toContain(value);
    expect(r.redact('home is /home/ada, editor vim-with-long-name, abc')).toBe('home is /home/ada, editor vim-with-long-name, abc');
  });

  it('honours minEnvValueLength', () => {
    const r = createRedactor({ env: { API_TOKEN: 'abcd1234' }, minEnvValueLength: 12 });
    expect(r.redact('abcd1234')).toBe('abcd1234');
  });

  it('applies custom patterns', () => {
    const r = createRedactor({ patterns: [{ name: 'acme-key', pattern: /ACME-[0-9]{6}/ }, { name: 'ticket', pattern: 'TKT[0-9]+' }] });
    expect(r.redact('use ACME-123456 and TKT42')).toBe('use [redacted:acme-key] and [redacted:ticket]');
  });

  it('refuses invalid custom patterns with a config error', () => {
    expect(() => createRedactor({ patterns: [{ name: 'Bad Name', pattern: /x/ }] })).toThrowError(expect.objectContaining({ code: 'config.invalid' }));
    expect(() => createRedactor({ patterns: [{ name: 'bad', pattern: '(' }] })).toThrowError(expect.objectContaining({ code: 'config.invalid' }));
  });

  it('redacts tool result content and leaves images alone', () => {
    const token = `xoxb-123456789012-${fake(24)}`;
    const content = [
      { type: 'text' as const, text: `token ${token}` },
      { type: 'image' as const, data: 'iVBORw0KGgo=', mediaType: 'image/png' },
    ];
    const out = redactor.redactContent(content);
    expect(JSON.stringify(out)).not.toContain(token);
    expect(out[1]).toEqual(content[1]);
    expect(redactor.afterTool({ content: content }).content).toEqual(out);
  });

  it('redacts errors the way they are serialised', () => {
    const token = `glpat-${fake(20)}`;
    const warden = new ToolError({ code: 'tool.execution_failed', message: `push failed for ${token}`, hint: 'check the token' });
    expect(redactor.redactJson(warden)).toEqual({ name: 'ToolError', code: 'tool.execution_failed', message: 'push failed for [redacted:gitlab-token]', hint: 'check the token' });
    expect(redactor.redactJson(new Error(`bad ${token}`))).toEqual({ name: 'Error', message: 'bad [redacted:gitlab-token]' });
  });

  it('redacts JSON deeply, including values under secret-named keys', () => {
    const value = {
      tool: 'http',
      args: { headers: { Authorization: 'Bearer abcdef0123456789abcdef' }, password: 'pw', tokenCount: 5, list: [`sk-ant-api03-${fake(40)}`] },
      note: null,
    };
    const out = redactor.redactJson(value);
    expect(out.args.headers.Authorization).not.toContain('abcdef0123456789abcdef');
    expect(out.args.password).toBe('[redacted:password]');
    expect(out.args.tokenCount).toBe(5);
    expect(out.args.list[0]).toBe('[redacted:anthropic-key]');
    expect(out.note).toBeNull();
    expect(value.args.password).toBe('pw');
  });
});
