/**
 * Formats added for issue #45 (secrets at rest): one real-shaped value in a realistic line, the
 * secret that must vanish and a look-alike that must be kept. Values are generated (`fake`).
 */
import type { FormatRow } from './format-table.js';
import { fake } from './secret-fixtures.js';

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const HEX = '0123456789abcdef';
const B64 = `${ALNUM}+/`;
const URLSAFE = `${ALNUM}-_`;
const UPPER_NUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

const row = (kind: string, shape: string, line: string, secret: string, lookAlike: string): FormatRow => ({ kind, shape, line, secret, lookAlike });
const b64url = (s: string): string => Buffer.from(s).toString('base64url');

/** A 40-character AWS-shaped secret access key (mixed case, a digit, a slash). */
export const awsSecret = (seed: number): string => `${fake(18, ALNUM, seed)}/${fake(21, B64, seed + 1).replace(/\//g, 'x')}`;
export const awsId = (seed: number): string => `AKIA${fake(16, UPPER_NUM, seed)}`;

const puttyBody = (seed: number): string => Array.from({ length: 3 }, (_, i) => fake(64, B64, seed + i)).join('\n');
const s = {
  jwe: `${b64url('{"alg":"RSA-OAEP","enc":"A256GCM"}')}.${fake(120, URLSAFE, 301)}.${fake(16, URLSAFE, 302)}.${fake(90, URLSAFE, 303)}.${fake(22, URLSAFE, 304)}`,
  jweDir: `${b64url('{"alg":"dir","enc":"A128CBC-HS256"}')}..${fake(22, URLSAFE, 305)}.${fake(60, URLSAFE, 306)}.${fake(22, URLSAFE, 307)}`,
  putty2: puttyBody(310),
  putty3: puttyBody(320),
  pscaleTkn: `pscale_tkn_${fake(43, URLSAFE, 330)}`,
  pscalePw: `pscale_pw_${fake(43, URLSAFE, 331)}`,
  pscaleOauth: `pscale_oauth_${fake(43, URLSAFE, 332)}`,
  cfOrigin: `v1.0-${fake(24, HEX, 333)}-${fake(146, HEX, 334)}`,
  caKey: fake(32, ALNUM, 335),
  dopplerSt: `dp.st.prd.${fake(40, ALNUM, 336)}`.replace('prd.', ''),
  dopplerCt: `dp.ct.${fake(43, ALNUM, 337)}`,
  dopplerSa: `dp.sa.${fake(43, ALNUM, 338)}`,
  flagEq: fake(24, ALNUM, 340),
  flagSpace: fake(20, URLSAFE, 341),
  flagPassword: `S3cr${fake(12, ALNUM, 342)}`,
  flagApiKey: fake(32, HEX, 343).replace(/^./, 'A'),
  mysql: `Pw${fake(14, ALNUM, 344)}`,
  mysqldump: `Pw${fake(12, ALNUM, 345)}`,
  mysqlLong: `Pw${fake(16, ALNUM, 346)}`,
  awsNextToId: awsSecret(350),
  awsCsv: awsSecret(352),
  awsEnv: awsSecret(354),
  awsCreds: awsSecret(356),
  awsGo: awsSecret(358),
};

const puttyFile = (version: 2 | 3, body: string): string =>
  [
    `PuTTY-User-Key-File-${version}: ssh-ed25519`,
    'Encryption: none',
    'Comment: ada@laptop',
    'Public-Lines: 2',
    fake(64, B64, 399),
    fake(24, B64, 398),
    ...(version === 3 ? ['Key-Derivation: Argon2id', 'Argon2-Memory: 8192'] : []),
    'Private-Lines: 3',
    body,
    `Private-MAC: ${fake(64, HEX, 397)}`,
  ].join('\n');

export const FORMAT_ROWS_V3: FormatRow[] = [
  row('jwe', 'five base64url parts, header `eyJ…`', `Cookie: session=${s.jwe}; Path=/`, s.jwe, 'semver 1.2.3.4.5 and a.b.c.d.e'),
  row('jwe', 'five parts with an empty key (`alg: dir`)', `{"id_token": "${s.jweDir}"}`, s.jweDir, 'eyJ is the base64 of {"'),
  row('putty-private-key', '`PuTTY-User-Key-File-2:` … `Private-Lines:`', puttyFile(2, s.putty2), s.putty2.split('\n')[1] as string, 'PuTTY-User-Key-File-2 is the old format'),
  row('putty-private-key', '`PuTTY-User-Key-File-3:` (Argon2) … `Private-Lines:`', puttyFile(3, s.putty3), s.putty3.split('\n')[2] as string, 'Private-Lines: counts the lines below'),
  row('planetscale-token', '`pscale_tkn_` + 32-64', `PLANETSCALE_SERVICE_TOKEN=${s.pscaleTkn}`, s.pscaleTkn, 'pscale_tkn_ is the service token prefix'),
  row('planetscale-password', '`pscale_pw_` + 32-64', `mysql://app:${s.pscalePw}@aws.connect.psdb.cloud/db`, s.pscalePw, 'the pscale_pw_ prefix marks a password'),
  row('planetscale-token', '`pscale_oauth_` + 32-64', `{"access_token":"${s.pscaleOauth}"}`, s.pscaleOauth, 'pscale_oauth_ tokens'),
  row('cloudflare-origin-ca-key', '`v1.0-` + 24 hex `-` 146 hex', `curl -H "X-Auth-User-Service-Key: ${s.cfOrigin}" https://api.cloudflare.com/client/v4/certificates`, s.cfOrigin, 'API v1.0-beta and v1.0-rc1'),
  row('api-key', 'a `*_CA_KEY` variable', `CF_ORIGIN_CA_KEY=${s.caKey}`, s.caKey, 'CA_KEY_FILE=/etc/ssl/private/ca.key'),
  row('doppler-token', '`dp.st.` service token', `doppler secrets --token ${s.dopplerSt}`, s.dopplerSt, 'dp.st. tokens are per config'),
  row('doppler-token', '`dp.ct.` CLI token', `DOPPLER_CLI=${s.dopplerCt}`, s.dopplerCt, 'dp.ct. marks a CLI token'),
  row('doppler-token', '`dp.sa.` service account token', `with token ${s.dopplerSa} only`, s.dopplerSa, 'dp.sa. service accounts'),
  row('flag-secret', '`--token=<value>`', `gh-runner register --url https://ci.example.com --token=${s.flagEq}`, s.flagEq, 'gh-runner register --token-file ~/.runner-token'),
  row('flag-secret', '`--token <value>`', `cli deploy --token ${s.flagSpace} --prod`, s.flagSpace, 'pass the token with the --token flag'),
  row('flag-secret', '`--password <value>`', `docker login registry.example.com --username ci --password ${s.flagPassword}`, s.flagPassword, 'docker login --username ci --password-stdin < pw.txt'),
  row('flag-secret', '`--api-key=<value>`', `tool sync --api-key="${s.flagApiKey}"`, s.flagApiKey, 'tool sync --api-key "$TOOL_API_KEY"'),
  row('password', '`mysql -p<password>`', `mysql -h db.internal -u root -p${s.mysql} app`, s.mysql, 'mysql -h db.internal -u root -p app'),
  row('password', '`mysqldump … -p<password>`', `mysqldump -uroot -p${s.mysqldump} app > dump.sql`, s.mysqldump, 'mysqldump -P 3306 -u root app > dump.sql'),
  row('flag-secret', '`mysql --password=<value>`', `mysql --user=root --password=${s.mysqlLong} app`, s.mysqlLong, 'mysql --user=root --password app'),
  row('aws-secret-key', 'bare 40 characters next to an access key id', `aws configure set default ${awsId(351)} ${s.awsNextToId}`, s.awsNextToId, `commit ${fake(40, HEX, 359)} touched ${awsId(351).replace('AKIA', 'BKIA')}`),
  row('aws-secret-key', 'the console\'s credentials CSV', `Access key ID,Secret access key\n${awsId(353)},${s.awsCsv}\n`, s.awsCsv, 'Access key ID,Secret access key'),
  row('aws-secret-key', 'an env-style pair with an AWS-ish name', `export AWS_KEY=${s.awsEnv}`, s.awsEnv, `export BUILD_SHA=${fake(40, HEX, 360)}`),
  row('aws-secret-key', 'a credentials-file section', `[default]\naws_access_key_id = ${awsId(355)}\nkey = ${s.awsCreds}\nregion = eu-west-1`, s.awsCreds, '[default]\nregion = eu-west-1\noutput = json'),
  row('aws-secret-key', 'code that passes the pair', `creds := credentials.NewStaticCredentials("${awsId(357)}", "${s.awsGo}", "")`, s.awsGo, `integrity := "${awsSecret(361)}" // a checksum, no cloud here`),
];
