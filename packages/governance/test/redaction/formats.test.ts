import { describe, expect, it } from 'vitest';
import { createRedactor } from '../../src/index.js';
import { BUILTIN_PATTERNS } from '../../src/redaction/secret-patterns.js';
import { FORMAT_ROWS } from './format-table.js';
import { SECRETS } from './secret-fixtures.js';

const redactor = createRedactor();

describe('formats added for the review (one real-shaped value and one look-alike each)', () => {
  it.each(FORMAT_ROWS.map((r) => [r.kind, r.shape, r] as const))('%s (%s): removed, with its kind in the marker', (kind, _shape, row) => {
    const out = redactor.redact(row.line);
    expect(out).not.toContain(row.secret);
    expect(out).toContain(`[redacted:${kind}]`);
  });

  it.each(FORMAT_ROWS.map((r) => [r.kind, r.lookAlike] as const))('%s look-alike kept: %j', (_kind, lookAlike) => {
    expect(redactor.redact(lookAlike)).toBe(lookAlike);
  });

  it('reaches more than 60 formats in all', () => {
    const kinds = new Set([...BUILTIN_PATTERNS.map((p) => p.kind), 'url-password', 'password', 'env']);
    expect(kinds.size).toBeGreaterThan(60);
    expect(FORMAT_ROWS.length + SECRETS.length).toBeGreaterThan(120);
    for (const p of BUILTIN_PATTERNS) expect(p.kind).toMatch(/^[a-z0-9][a-z0-9-]*$/);
  });
});

describe('placeholders and documentation values', () => {
  const kept = [
    'OPENAI_API_KEY=your-openai-api-key-here',
    'OPENAI_API_KEY=YOUR_API_KEY',
    'GITHUB_TOKEN=<token>',
    'GITHUB_TOKEN=<your-github-token>',
    'password: changeme',
    'DB_PASSWORD=change-me',
    'api_key = "xxx"',
    'API_KEY=xxxxxxxxxxxxxxxx',
    'STRIPE_KEY=sk_test_xxxxxxxxxxxxxxxxxxxxxxxx',
    `GITHUB_TOKEN=ghp_${'x'.repeat(36)}`,
    'SECRET_KEY=replace-me',
    'token: insert-your-token-here',
    'Authorization: Bearer your-token-here',
    'password=...',
    'postgres://user:password@localhost:5432/app',
    'postgres://app:<password>@db:5432/x',
    'client_secret: "********"',
  ];
  it.each(kept)('keeps %j', (line) => {
    expect(redactor.redact(line)).toBe(line);
  });

  it('removes real values under the same keys', () => {
    expect(redactor.redact('OPENAI_API_KEY=yourcompany-9f8e7d6c5b4a')).toBe('OPENAI_API_KEY=[redacted:api-key]');
    expect(redactor.redact('password: Tr0ub4dor3x')).toBe('password: [redacted:password]');
  });

  it('redacts vendor documentation example keys: the format decides, not the word EXAMPLE', () => {
    expect(redactor.redact('AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE')).toBe('AWS_ACCESS_KEY_ID=[redacted:aws-access-key]');
    expect(redactor.redact('aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY')).toBe('aws_secret_access_key = [redacted:aws-secret-key]');
  });
});

describe('the tail of a private key block whose start was cut off', () => {
  const body = Array.from({ length: 6 }, (_, i) => `MIIEvQIBADANBgkqhkiG9w0BAQEFAASC${String(i).repeat(32)}`);
  const block = ['-----BEGIN PRIVATE KEY-----', ...body, '-----END PRIVATE KEY-----'];

  it.each([
    ['a read that starts inside the block', block.slice(3).join('\n')],
    ['the tail of a cut output, after other lines', `... 4096 bytes truncated ...\n${block.slice(2).join('\n')}\nexit 0`],
    ['CRLF lines', block.slice(4).join('\r\n')],
  ])('%s', (_label, text) => {
    const out = redactor.redact(text);
    expect(out).toContain('[redacted:private-key]');
    for (const line of body) expect(out).not.toContain(line.slice(-20));
  });

  it.each(['-----END PRIVATE KEY----- is the footer of a PEM key', 'no body here\n-----END PRIVATE KEY-----', `${body[0]}\n-----END PUBLIC KEY-----`])('keeps %j', (text) => {
    expect(redactor.redact(text)).toBe(text);
  });
});
