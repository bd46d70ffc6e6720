import { describe, expect, it } from 'vitest';
import { createRedactor } from '../../src/index.js';
import { FORMAT_ROWS_V3, awsId, awsSecret } from './format-table-v3.js';
import { fake } from './secret-fixtures.js';

const redactor = createRedactor();

describe('formats added for issue #45 (one real-shaped value and one look-alike each)', () => {
  it.each(FORMAT_ROWS_V3.map((r) => [r.kind, r.shape, r] as const))('%s (%s): removed, with its kind in the marker', (kind, _shape, row) => {
    const out = redactor.redact(row.line);
    expect(out).not.toContain(row.secret);
    expect(out).toContain(`[redacted:${kind}]`);
  });

  it.each(FORMAT_ROWS_V3.map((r) => [r.kind, r.lookAlike] as const))('%s look-alike kept: %j', (_kind, lookAlike) => {
    expect(redactor.redact(lookAlike)).toBe(lookAlike);
  });

  it('covers at least 15 new formats', () => {
    expect(new Set(FORMAT_ROWS_V3.map((r) => r.shape)).size).toBeGreaterThanOrEqual(15);
  });
});

describe('a bare AWS secret access key is found by its context', () => {
  it.each([
    ['a JSON answer of create-access-key', (k: string) => `{"AccessKey": {"UserName": "ci", "AccessKeyId": "${awsId(370)}", "Status": "Active", "Secret": "${k}"}}`],
    ['two lines of a .env', (k: string) => `AWS_ACCESS_KEY_ID=${awsId(371)}\nAWS_SK=${k}`],
    ['an s3 tool config', (k: string) => `s3cmd.secret_key: ${k}`],
    ['a YAML map under an aws key', (k: string) => `amazon:\n  key_id: ${awsId(372)}\n  value: ${k}`],
  ])('%s', (_label, build) => {
    const key = awsSecret(380);
    const out = redactor.redact(build(key));
    expect(out).not.toContain(key);
  });

  it.each([
    ['a base64 line of a file with no AWS word near it', `data:\n  blob: ${awsSecret(375)}`],
    ['an S3 path', `aws s3 cp s3://bucket/${fake(20, 'abcdefghij', 376)}/${fake(19, 'ABCDEFGHIJ0123456789', 377)} .`],
    ['a lowercase 40-character word run near aws', `aws says ${fake(40, 'abcdefghijklmnopqrstuvwxyz', 378)}`],
  ])('keeps %s', (_label, text) => {
    expect(redactor.redact(text)).toBe(text);
  });

  it('keeps a git SHA next to an access key id (only the id goes)', () => {
    const sha = fake(40, '0123456789abcdef', 374);
    expect(redactor.redact(`${awsId(373)} was rotated in ${sha}`)).toBe(`[redacted:aws-access-key] was rotated in ${sha}`);
  });
});

describe('secret-named variables assigned a regular-expression literal are not secrets', () => {
  it.each([
    'const tokenRe = /^ghp_[A-Za-z0-9]{36}$/;',
    'const apiKey = /^sk-[a-z0-9]+$/i',
    'PASSWORD_RULE=/^(?=.*\\d).{12,}$/',
    'let secret = /[A-Z]{4}\\d+/g, other = 1',
  ])('keeps %j', (line) => {
    expect(redactor.redact(line)).toBe(line);
  });

  it('still removes a real value under the same names', () => {
    expect(redactor.redact('const apiKey = "Zq81hs0XkPq2"')).toBe('const apiKey = "[redacted:api-key]"');
    expect(redactor.redact('secret=/etc/x:Zq81hs0XkPq2')).toBe('secret=[redacted:secret]');
  });
});

describe('command-line flags: prose and references are kept', () => {
  it.each([
    'use --token to pass a token, or --password to prompt',
    'git push --force-with-lease',
    'npm publish --otp 123456',
    'gh auth login --with-token < token.txt',
    'vault login --method=userpass',
    'curl --oauth2-bearer "$TOKEN" https://x.example.com',
    'cli --token=${{ secrets.CLI_TOKEN }}',
    'tool --password ********',
    'mysql -u root -p',
    'mysql -P 3306 -h localhost',
    'psql --password --username ada',
  ])('keeps %j', (line) => {
    expect(redactor.redact(line)).toBe(line);
  });
});
