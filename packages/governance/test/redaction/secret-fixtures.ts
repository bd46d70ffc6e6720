/**
 * Realistic secrets in realistic lines, assembled at run time from a deterministic generator so
 * the repository holds no string a secret scanner would flag as a live credential.
 */
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const UPPER_NUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const HEX = '0123456789abcdef';
const B64 = `${ALNUM}+/`;
const URLSAFE = `${ALNUM}-_`;

export function fake(length: number, charset = ALNUM, seed = length): string {
  let x = seed * 2654435761 + 12345;
  let out = '';
  for (let i = 0; i < length; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    out += charset[(x >>> 16) % charset.length];
  }
  // Make sure mixed tokens hold both a digit and a letter, as real ones do.
  if (charset === ALNUM || charset === URLSAFE) out = `7${out.slice(1, -1)}q`;
  return out;
}

const b64url = (s: string): string => Buffer.from(s).toString('base64url');
const jwt = `${b64url('{"alg":"HS256","typ":"JWT"}')}.${b64url('{"sub":"1234567890","name":"Ada","iat":1516239022}')}.${fake(43, URLSAFE, 9)}`;
const pemBody = Array.from({ length: 6 }, (_, i) => fake(64, B64, 100 + i)).join('\n');

/** [label, line, the secret that must vanish]. */
export const SECRETS: Array<[string, string, string]> = [
  ['aws access key in env', `AWS_ACCESS_KEY_ID=AKIA${fake(16, UPPER_NUM, 1)}`, `AKIA${fake(16, UPPER_NUM, 1)}`],
  ['aws temp key in json', `{"AccessKeyId": "ASIA${fake(16, UPPER_NUM, 2)}", "Expiration": "2026-01-01"}`, `ASIA${fake(16, UPPER_NUM, 2)}`],
  ['aws key in credentials file', `aws_access_key_id = AKIA${fake(16, UPPER_NUM, 3)}`, `AKIA${fake(16, UPPER_NUM, 3)}`],
  ['aws secret in credentials file', `aws_secret_access_key = ${fake(40, `${ALNUM}/+`, 4)}`, fake(40, `${ALNUM}/+`, 4)],
  ['aws secret in env', `export AWS_SECRET_ACCESS_KEY="${fake(40, `${ALNUM}/+`, 5)}"`, fake(40, `${ALNUM}/+`, 5)],
  ['github classic pat', `git clone https://x-access-token:ghp_${fake(36, ALNUM, 6)}@github.com/o/r.git`, `ghp_${fake(36, ALNUM, 6)}`],
  ['github pat in header', `curl -H "Authorization: token ghp_${fake(36, ALNUM, 7)}" https://api.github.com/user`, `ghp_${fake(36, ALNUM, 7)}`],
  ['github fine-grained pat', `GH_TOKEN=github_pat_${fake(22, ALNUM, 8)}_${fake(59, ALNUM, 8)}`, `${fake(22, ALNUM, 8)}_${fake(59, ALNUM, 8)}`],
  ['github app token', `token: ghs_${fake(36, ALNUM, 10)}`, `ghs_${fake(36, ALNUM, 10)}`],
  ['github oauth token in log', `[debug] using oauth token gho_${fake(36, ALNUM, 11)} for api`, `gho_${fake(36, ALNUM, 11)}`],
  ['github refresh token', `"refresh_token":"ghr_${fake(76, ALNUM, 12)}"`, `ghr_${fake(76, ALNUM, 12)}`],
  ['gitlab pat', `PRIVATE-TOKEN: glpat-${fake(20, URLSAFE, 13)}`, `glpat-${fake(20, URLSAFE, 13)}`],
  ['gitlab deploy token', `git remote add origin https://gitlab+deploy-token-1:gldt-${fake(20, URLSAFE, 14)}@gitlab.com/g/p.git`, `gldt-${fake(20, URLSAFE, 14)}`],
  ['gitlab runner token', `  token = "glrt-${fake(20, URLSAFE, 15)}"`, `glrt-${fake(20, URLSAFE, 15)}`],
  ['slack bot token', `SLACK_BOT_TOKEN=xoxb-${fake(12, '0123456789', 16)}-${fake(13, '0123456789', 16)}-${fake(24, ALNUM, 16)}`, fake(24, ALNUM, 16)],
  ['slack user token in yaml', `slack: { token: xoxp-${fake(11, '0123456789', 17)}-${fake(32, HEX, 17)} }`, fake(32, HEX, 17)],
  ['slack webhook', `curl -X POST https://hooks.slack.com/services/T${fake(8, UPPER_NUM, 18)}/B${fake(8, UPPER_NUM, 18)}/${fake(24, ALNUM, 18)} -d '{}'`, fake(24, ALNUM, 18)],
  ['slack app token', `SLACK_APP_TOKEN=xapp-1-A${fake(10, UPPER_NUM, 19)}-${fake(13, '0123456789', 19)}-${fake(64, HEX, 19)}`, fake(64, HEX, 19)],
  ['stripe live secret', `Stripe::API.key = 'sk_live_${fake(24, ALNUM, 20)}'`, `sk_live_${fake(24, ALNUM, 20)}`],
  ['stripe test secret in env', `STRIPE_KEY=sk_test_${fake(99, ALNUM, 21)}`, `sk_test_${fake(99, ALNUM, 21)}`],
  ['stripe restricted key', `const stripe = new Stripe("rk_live_${fake(24, ALNUM, 22)}")`, `rk_live_${fake(24, ALNUM, 22)}`],
  ['stripe webhook secret', `endpointSecret := "whsec_${fake(32, ALNUM, 23)}"`, `whsec_${fake(32, ALNUM, 23)}`],
  ['openai project key', `OPENAI_API_KEY=sk-proj-${fake(48, URLSAFE, 24)}`, `sk-proj-${fake(48, URLSAFE, 24)}`],
  ['openai legacy key in python', `openai.api_key = "sk-${fake(48, ALNUM, 25)}"`, `sk-${fake(48, ALNUM, 25)}`],
  ['openai key in error', `Error: Incorrect API key provided: sk-${fake(48, ALNUM, 26)}. You can find your key at ...`, `sk-${fake(48, ALNUM, 26)}`],
  ['openai service account key', `  "key": "sk-svcacct-${fake(64, URLSAFE, 27)}"`, `sk-svcacct-${fake(64, URLSAFE, 27)}`],
  ['anthropic key', `ANTHROPIC_API_KEY=sk-ant-api03-${fake(93, URLSAFE, 28)}AA`, `sk-ant-api03-${fake(93, URLSAFE, 28)}AA`],
  ['anthropic key in header', `-H "x-api-key: sk-ant-api03-${fake(93, URLSAFE, 29)}AA"`, fake(93, URLSAFE, 29)],
  ['anthropic admin key', `admin: sk-ant-admin01-${fake(93, URLSAFE, 30)}AA`, fake(93, URLSAFE, 30)],
  ['google api key', `https://maps.googleapis.com/maps/api/geocode/json?address=x&key=AIza${fake(35, URLSAFE, 31)}`, `AIza${fake(35, URLSAFE, 31)}`],
  ['google api key in js', `const firebaseConfig = { apiKey: "AIza${fake(35, URLSAFE, 32)}", projectId: "demo" };`, `AIza${fake(35, URLSAFE, 32)}`],
  ['google oauth access token', `Authorization: Bearer ya29.${fake(120, URLSAFE, 33)}`, `ya29.${fake(120, URLSAFE, 33)}`],
  ['google client secret', `"client_secret":"GOCSPX-${fake(28, URLSAFE, 34)}"`, `GOCSPX-${fake(28, URLSAFE, 34)}`],
  ['npm token', `//registry.npmjs.org/:_authToken=npm_${fake(36, ALNUM, 35)}`, `npm_${fake(36, ALNUM, 35)}`],
  ['npm token in env', `NPM_TOKEN=npm_${fake(36, ALNUM, 36)} pnpm publish`, `npm_${fake(36, ALNUM, 36)}`],
  ['npmrc legacy uuid token', `//npm.example.com/:_authToken=${fake(8, HEX, 37)}-${fake(4, HEX, 37)}-${fake(4, HEX, 38)}-${fake(4, HEX, 39)}-${fake(12, HEX, 37)}`, fake(12, HEX, 37)],
  ['jwt in header', `Authorization: Bearer ${jwt}`, jwt],
  ['jwt in cookie', `Set-Cookie: session=${jwt}; HttpOnly; Secure`, jwt],
  ['jwt in json', `{"access_token":"${jwt}","expires_in":3600}`, jwt],
  ['rsa private key', `-----BEGIN RSA PRIVATE KEY-----\n${pemBody}\n-----END RSA PRIVATE KEY-----`, fake(64, B64, 103)],
  ['openssh private key', `cat ~/.ssh/id_ed25519\n-----BEGIN OPENSSH PRIVATE KEY-----\n${pemBody}\n-----END OPENSSH PRIVATE KEY-----\n$`, fake(64, B64, 101)],
  ['pkcs8 key in json', `{"type":"service_account","private_key":"-----BEGIN PRIVATE KEY-----\\n${fake(64, B64, 40)}\\n-----END PRIVATE KEY-----\\n"}`, fake(64, B64, 40)],
  ['truncated private key', `-----BEGIN EC PRIVATE KEY-----\n${fake(64, B64, 41)}\n[output truncated]`, fake(64, B64, 41)],
  ['bearer token', `> Authorization: Bearer ${fake(40, ALNUM, 42)}`, fake(40, ALNUM, 42)],
  ['basic auth header', `Authorization: Basic ${Buffer.from('admin:hunter2hunter2').toString('base64')}`, Buffer.from('admin:hunter2hunter2').toString('base64')],
  ['bearer in python', `headers = {"Authorization": "Bearer ${fake(32, ALNUM, 43)}"}`, fake(32, ALNUM, 43)],
  ['postgres url password', `DATABASE_URL=postgres://app:${fake(20, ALNUM, 44)}@db.internal:5432/app`, fake(20, ALNUM, 44)],
  ['mongodb url password', `mongodb+srv://admin:${fake(16, ALNUM, 45)}@cluster0.example.mongodb.net/test`, fake(16, ALNUM, 45)],
  ['redis url password', `redis://:${fake(24, ALNUM, 46)}@cache:6379/0`, fake(24, ALNUM, 46)],
  ['https basic url', `Cloning into 'repo'... https://deploy:${fake(18, ALNUM, 47)}@git.example.com/repo.git`, fake(18, ALNUM, 47)],
  ['dotenv password', `DB_PASSWORD=${fake(14, ALNUM, 48)}`, fake(14, ALNUM, 48)],
  ['dotenv quoted secret', `JWT_SECRET="${fake(32, ALNUM, 49)}"`, fake(32, ALNUM, 49)],
  ['export api key', `export MY_SERVICE_API_KEY='${fake(30, ALNUM, 50)}'`, fake(30, ALNUM, 50)],
  ['yaml password', `    password: ${fake(16, ALNUM, 51)}`, fake(16, ALNUM, 51)],
  ['json client secret', `{"client_id": "app", "client_secret": "${fake(30, ALNUM, 52)}"}`, fake(30, ALNUM, 52)],
  ['docker compose env', `      - POSTGRES_PASSWORD=${fake(12, ALNUM, 53)}`, fake(12, ALNUM, 53)],
  ['ini style', `secret_key = ${fake(50, URLSAFE, 54)}`, fake(50, URLSAFE, 54)],
  ['camelCase key in js', `const config = { authToken: '${fake(40, ALNUM, 55)}' }`, fake(40, ALNUM, 55)],
  ['huggingface token', `HF_TOKEN=hf_${fake(34, ALNUM, 56)}`, `hf_${fake(34, ALNUM, 56)}`],
  ['sendgrid key', `sg.setApiKey("SG.${fake(22, URLSAFE, 57)}.${fake(43, URLSAFE, 57)}")`, `${fake(43, URLSAFE, 57)}`],
  ['digitalocean token', `doctl auth init -t dop_v1_${fake(64, HEX, 58)}`, `dop_v1_${fake(64, HEX, 58)}`],
  ['shopify token', `X-Shopify-Access-Token: shpat_${fake(32, HEX, 59)}`, `shpat_${fake(32, HEX, 59)}`],
  ['telegram bot token', `https://api.telegram.org/bot${fake(10, '123456789', 60)}:AA${fake(33, URLSAFE, 60)}/getMe`, fake(33, URLSAFE, 60)],
  ['docker hub token', `echo dckr_pat_${fake(27, URLSAFE, 61)} | docker login -u me --password-stdin`, `dckr_pat_${fake(27, URLSAFE, 61)}`],
  ['x-api-key header', `x-api-key: ${fake(32, ALNUM, 62)}`, fake(32, ALNUM, 62)],
];

/** Values that look a bit like secrets but are not: they must come through unchanged. */
export const LOOK_ALIKES: string[] = [
  'commit 3f786850e387550fdab836ed7e6dc881de23001b',
  'HEAD is now at 9fceb02 fix: handle empty input',
  'Merge: 1a2b3c4 5d6e7f8',
  'request id 123e4567-e89b-12d3-a456-426614174000',
  'sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
  'integrity sha512-z4PhNX7vuL3xVChQ1m2AB9Yg5AULVxXcg/SpIdNs6c5H0NE8XYXysP+DGNKHfuwvY7kxvUdBeoGlODJ6+SfaPg==',
  'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855  empty.txt',
  'Use keys that start with the "sk-" prefix; never commit them.',
  'The sk- prefix marks OpenAI secret keys.',
  'pip install scikit-learn  # aka sk-learn',
  'max_tokens=4096',
  'MAX_TOKENS=8192',
  'TOKEN_LIMIT=100000',
  '"token_count": 1532',
  'PASSWORD_FILE=/run/secrets/db_password',
  'password: string;',
  'interface Login { password: string; token?: string }',
  'DB_PASSWORD=${DB_PASSWORD}',
  'GITHUB_TOKEN: ${{ secrets.GITHUB_TOKEN }}',
  'api_key = os.environ["API_KEY"]',
  'token = process.env.TOKEN',
  'postgres://localhost:5432/app',
  'https://user@example.com/path',
  'redis://cache:6379/0',
  'Authorization header is required',
  'See https://docs.example.com/auth/tokens for details',
  'the password must have at least 12 characters',
  'AKIA is the prefix of AWS access keys',
  'ghp_ prefixes a GitHub classic token',
  'version 1.2.3-beta.4+build.567',
  'uuid: 0f8fad5b-d9cb-469f-a165-70867728950e',
  'Key fingerprint = 1A2B 3C4D 5E6F 7A8B 9C0D  1E2F 3A4B 5C6D 7E8F 9A0B',
  'eyJ is how base64 JSON starts',
  'The BEGIN PUBLIC KEY block is safe to share',
  '-----BEGIN PUBLIC KEY-----',
  'task-management-system-overview-document-2024',
  'keyboard: us, secretary: Ada',
];
