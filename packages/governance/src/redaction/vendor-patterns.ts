import type { SecretPattern } from './secret-pattern-type.js';

const hasDigitAndLetter = (s: string): boolean => /\d/.test(s) && /[A-Za-z]/.test(s);

/**
 * Service tokens with a vendor prefix, checked after the core formats (`secret-patterns.ts`) and
 * before the generic header patterns. Every regex starts with its literal `probe`, so a text that
 * holds none of the prefixes costs one combined search; `extendBack` covers formats whose fixed
 * part sits in the middle (`<14 chars>.atlasv1.<…>`): the match starts at the fixed part and is
 * widened back over the characters `validate` checked.
 */
export const VENDOR_PATTERNS: readonly SecretPattern[] = [
  // AI providers
  { kind: 'xai-key', regex: /xai-[A-Za-z0-9]{80}(?![A-Za-z0-9])/g, probe: 'xai-', wordStart: true },
  { kind: 'groq-key', regex: /gsk_[A-Za-z0-9]{52}(?![A-Za-z0-9])/g, probe: 'gsk_', wordStart: true },
  { kind: 'perplexity-key', regex: /pplx-[A-Za-z0-9]{48}(?![A-Za-z0-9])/g, probe: 'pplx-', wordStart: true },
  { kind: 'replicate-token', regex: /r8_[A-Za-z0-9]{37}(?![A-Za-z0-9])/g, probe: 'r8_', wordStart: true },
  // Encryption and secret managers
  { kind: 'age-secret-key', regex: /AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}/g, probe: 'AGE-SECRET-KEY-1' },
  { kind: 'vault-token', regex: /hv[sbr]\.[A-Za-z0-9_-]{24,}/g, probe: 'hv[sbr]\\.', wordStart: true, validate: hasDigitAndLetter },
  { kind: 'doppler-token', regex: /dp\.(?:pt|st|sa|ct|scim|audit)\.[A-Za-z0-9]{40,44}/g, probe: 'dp\\.(?:pt|st|sa|ct|scim|audit)\\.', wordStart: true },
  { kind: '1password-token', regex: /ops_eyJ[A-Za-z0-9+/=_-]{100,}/g, probe: 'ops_eyJ', wordStart: true },
  // Cloud and infrastructure
  { kind: 'azure-storage-key', regex: /(?<pre>AccountKey=)(?<secret>[A-Za-z0-9+/]{86}==)/g, probe: 'AccountKey=' },
  { kind: 'azure-sas-key', regex: /(?<pre>SharedAccessKey=)(?<secret>[A-Za-z0-9+/]{42,43}=)/g, probe: 'SharedAccessKey=' },
  {
    kind: 'azure-client-secret',
    regex: /Q~[A-Za-z0-9_~.-]{31,34}(?![A-Za-z0-9_~.-])/g,
    probe: 'Q~',
    extendBack: 4,
    validate: (_s, _g, before) => /(?<![A-Za-z0-9_~.])[A-Za-z0-9_~.]{3}\d$/.test(before),
  },
  { kind: 'gcp-refresh-token', regex: /1\/\/0[A-Za-z0-9_-]{40,}/g, probe: '1\\/\\/0', wordStart: true },
  { kind: 'firebase-server-key', regex: /AAAA[A-Za-z0-9_-]{7}:APA91b[A-Za-z0-9_-]{100,}/g, probe: 'AAAA', wordStart: true },
  { kind: 'alibaba-access-key', regex: /LTAI[A-Za-z0-9]{12,20}(?![A-Za-z0-9])/g, probe: 'LTAI', wordStart: true, validate: hasDigitAndLetter },
  { kind: 'heroku-token', regex: /HRKU-[A-Za-z0-9_-]{60}/g, probe: 'HRKU-', wordStart: true },
  { kind: 'fly-token', regex: /fm[12]_[A-Za-z0-9+/=_-]{40,}/g, probe: 'fm[12]_', wordStart: true },
  { kind: 'terraform-token', regex: /\.atlasv1\.[A-Za-z0-9_-]{60,70}/g, probe: '\\.atlasv1\\.', extendBack: 14, validate: (_s, _g, before) => /(?<![A-Za-z0-9])[A-Za-z0-9]{14}$/.test(before) },
  { kind: 'pulumi-token', regex: /pul-[a-f0-9]{40}(?![A-Za-z0-9])/g, probe: 'pul-', wordStart: true },
  { kind: 'tailscale-key', regex: /tskey-(?:auth|api|client|scim|webhook)-[A-Za-z0-9]{8,}-[A-Za-z0-9]{16,}/g, probe: 'tskey-', wordStart: true },
  { kind: 'databricks-token', regex: /dapi[a-f0-9]{32}(?:-\d)?(?![A-Za-z0-9])/g, probe: 'dapi', wordStart: true },
  { kind: 'supabase-token', regex: /sbp_[a-f0-9]{40}(?![A-Za-z0-9])/g, probe: 'sbp_', wordStart: true },
  { kind: 'supabase-token', regex: /sb_secret_[A-Za-z0-9_-]{20,}/g, probe: 'sb_secret_', wordStart: true },
  { kind: 'prefect-token', regex: /pnu_[A-Za-z0-9]{36}(?![A-Za-z0-9])/g, probe: 'pnu_', wordStart: true },
  // Observability
  { kind: 'sentry-token', regex: /sntry[su]_[A-Za-z0-9+/=_-]{40,}/g, probe: 'sntry[su]_', wordStart: true },
  { kind: 'grafana-token', regex: /glc_[A-Za-z0-9+/]{32,}={0,2}/g, probe: 'glc_', wordStart: true },
  { kind: 'grafana-token', regex: /glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}/g, probe: 'glsa_', wordStart: true },
  { kind: 'newrelic-key', regex: /NRAK-[A-Z0-9]{27}(?![A-Za-z0-9])/g, probe: 'NRAK-', wordStart: true },
  // Developer and SaaS tools
  { kind: 'atlassian-token', regex: /ATATT3[A-Za-z0-9_=-]{100,}/g, probe: 'ATATT3', wordStart: true },
  { kind: 'bitbucket-app-password', regex: /ATBB[A-Za-z0-9]{28,}/g, probe: 'ATBB', wordStart: true, validate: hasDigitAndLetter },
  { kind: 'linear-key', regex: /lin_(?:api|oauth)_[A-Za-z0-9]{40}(?![A-Za-z0-9])/g, probe: 'lin_(?:api|oauth)_', wordStart: true },
  { kind: 'notion-token', regex: /ntn_[0-9]{11}[A-Za-z0-9]{35}(?![A-Za-z0-9])/g, probe: 'ntn_', wordStart: true },
  { kind: 'notion-token', regex: /secret_[A-Za-z0-9]{43}(?![A-Za-z0-9_])/g, probe: 'secret_', wordStart: true, validate: hasDigitAndLetter },
  { kind: 'postman-key', regex: /PMAK-[a-f0-9]{24}-[a-f0-9]{34}/g, probe: 'PMAK-', wordStart: true },
  { kind: 'figma-token', regex: /figd_[A-Za-z0-9_-]{40,}/g, probe: 'figd_', wordStart: true },
  { kind: 'contentful-token', regex: /CFPAT-[A-Za-z0-9_-]{43}/g, probe: 'CFPAT-', wordStart: true },
  { kind: 'airtable-token', regex: /pat[A-Za-z0-9]{14}\.[a-f0-9]{64}/g, probe: 'pat', wordStart: true },
  { kind: 'dropbox-token', regex: /sl\.[A-Za-z0-9_.-]{130,}/g, probe: 'sl\\.', wordStart: true },
  { kind: 'typeform-token', regex: /tfp_[A-Za-z0-9_.=-]{59}/g, probe: 'tfp_', wordStart: true },
  { kind: 'frameio-token', regex: /fio-u-[A-Za-z0-9_=-]{64}/g, probe: 'fio-u-', wordStart: true },
  { kind: 'adafruit-key', regex: /aio_[A-Za-z0-9]{28}(?![A-Za-z0-9])/g, probe: 'aio_', wordStart: true, validate: hasDigitAndLetter },
  // Mail and messaging
  { kind: 'twilio-key', regex: /SK[0-9a-f]{32}(?![0-9A-Za-z])/g, probe: 'SK', wordStart: true },
  { kind: 'mailgun-key', regex: /key-[0-9a-f]{32}(?![0-9A-Za-z])/g, probe: 'key-', wordStart: true },
  { kind: 'mailchimp-key', regex: /-us\d{1,2}(?![0-9A-Za-z])/g, probe: '-us', extendBack: 32, validate: (_s, _g, before) => /(?<![0-9a-z])[0-9a-f]{32}$/.test(before) },
  // Payments
  { kind: 'square-token', regex: /sq0(?:atp|csp)-[0-9A-Za-z_-]{22,43}/g, probe: 'sq0(?:atp|csp)-', wordStart: true },
  { kind: 'square-token', regex: /EAAA[A-Za-z0-9_+=-]{60}(?![A-Za-z0-9_+=-])/g, probe: 'EAAA', wordStart: true },
  { kind: 'braintree-token', regex: /access_token\$production\$[0-9a-z]{16}\$[0-9a-f]{32}/g, probe: 'access_token\\$production\\$' },
  { kind: 'plaid-token', regex: /access-(?:sandbox|development|production)-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, probe: 'access-(?:sandbox|development|production)-', wordStart: true },
  { kind: 'flutterwave-key', regex: /FLWSECK(?:_TEST)?-[a-f0-9]{32}-X/g, probe: 'FLWSECK', wordStart: true },
  { kind: 'shippo-token', regex: /shippo_(?:live|test)_[a-f0-9]{40}/g, probe: 'shippo_', wordStart: true },
  { kind: 'easypost-key', regex: /EZ[AT]K[a-zA-Z0-9]{54}/g, probe: 'EZ[AT]K', wordStart: true },
  { kind: 'duffel-token', regex: /duffel_(?:test|live)_[A-Za-z0-9_=-]{43}/g, probe: 'duffel_', wordStart: true },
];

/**
 * Chat webhooks (Discord, Microsoft Teams / Office connectors, Google Chat, Mattermost): the URL is
 * the credential. Checked early, before the formats of their parts (a Google Chat URL holds a
 * Google API key), so the whole secret part goes as one.
 */
export const WEBHOOK_PATTERNS: readonly SecretPattern[] = [
  { kind: 'discord-webhook', regex: /discord(?:app)?\.com\/api\/webhooks\/\d{17,20}\/[A-Za-z0-9_-]{60,68}/g, probe: 'discord(?:app)?\\.com\\/api\\/webhooks\\/' },
  { kind: 'teams-webhook', regex: /webhook\.office\.com\/webhookb2\/[A-Za-z0-9@/._-]{40,}/g, probe: 'webhook\\.office\\.com\\/webhookb2\\/' },
  { kind: 'teams-webhook', regex: /outlook\.office(?:365)?\.com\/webhook\/[A-Za-z0-9@/._-]{40,}/g, probe: 'outlook\\.office(?:365)?\\.com\\/webhook\\/' },
  {
    kind: 'google-chat-webhook',
    regex: /chat\.googleapis\.com\/v1\/spaces\/[A-Za-z0-9_-]{6,}\/messages\?[A-Za-z0-9_%&=.-]*token=[A-Za-z0-9_%=-]{20,}[A-Za-z0-9_%&=.-]*/g,
    probe: 'chat\\.googleapis\\.com\\/v1\\/spaces\\/',
  },
  { kind: 'mattermost-webhook', regex: /\/hooks\/[a-z0-9]{26}(?![A-Za-z0-9_-])/g, probe: '\\/hooks\\/', validate: (s) => hasDigitAndLetter(s.slice(7)) },
];

/**
 * Secrets that ride in a URL or a command line under a name that is not a secret keyword: the
 * signature of a pre-signed URL (S3 `X-Amz-Signature`, its session token, GCS `X-Goog-Signature`,
 * CloudFront and legacy S3 `Signature`, Azure SAS and Logic Apps `sig`), `curl -u user:password`,
 * and `.netrc` entries.
 */
export const URL_AND_COMMAND_PATTERNS: readonly SecretPattern[] = [
  {
    kind: 'url-signature',
    regex: /(?<pre>[?&;](?:X-Amz-Signature|X-Amz-Security-Token|X-Goog-Signature|Signature|signature|sig)=)(?<secret>[^&\s"'#<>]{16,})/g,
    probe: '[?&;](?:X-Amz-Signature|X-Amz-Security-Token|X-Goog-Signature|Signature|signature|sig)=',
  },
  { kind: 'basic-auth', regex: /(?<pre>curl\b[^\n|;&]*?\s(?:-u|--user)[ =]?["']?[^\s:"'@]+:)(?<secret>[^\s"'@]{3,})/g, probe: 'curl', wordStart: true },
  // The machine must be a host name (`api.example.com`, `localhost`), not a word of prose.
  { kind: 'netrc-password', regex: /(?<pre>machine\s+(?:localhost|[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)(?::\d+)?\s+login\s+\S+\s+password\s+)(?<secret>\S+)/g, probe: 'machine', wordStart: true },
];
