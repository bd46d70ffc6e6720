import { isSecretName } from './secret-names.js';
import type { SecretPattern } from './secret-pattern-type.js';
import { URL_AND_COMMAND_PATTERNS, VENDOR_PATTERNS, WEBHOOK_PATTERNS } from './vendor-patterns.js';
import { COMMAND_LINE_PATTERNS, CREDENTIAL_PATTERNS } from './credential-patterns.js';

export type { SecretPattern } from './secret-pattern-type.js';

const KEY_BODY_LINE = /^[A-Za-z0-9+/=]{16,128}\r?$/;

/**
 * The start of the base64 lines just before an END line, when there are some and no BEGIN line
 * (a whole block is the first pattern's): -1 otherwise.
 */
function keyBodyStart(text: string, offset: number): number {
  if (offset === 0 || text.charCodeAt(offset - 1) !== 10) return -1;
  let start = offset;
  let lineEnd = offset - 1;
  while (lineEnd >= 0) {
    const lineStart = text.lastIndexOf('\n', lineEnd - 1) + 1;
    if (!KEY_BODY_LINE.test(text.slice(lineStart, lineEnd))) break;
    start = lineStart;
    if (lineStart === 0) break;
    lineEnd = lineStart - 1;
  }
  return start === offset ? -1 : start;
}

const hasDigitAndLetter = (s: string): boolean => /\d/.test(s) && /[A-Za-z]/.test(s);

/**
 * Placeholders the documentation of a project puts where a secret goes: `your-api-key-here`,
 * `YOUR_TOKEN`, `<token>`, `xxx`, `sk-xxxx…`, `changeme`, `replace-me`, `insert-key-here`, `…`.
 */
const PLACEHOLDER =
  /^(?:your[-_ .]|<[^>]*>$|\[[a-z _-]*\]$|\{[a-z _-]*\}$|(?:change|replace)[-_ ]?me$|replace[-_ ]with\b|insert[-_ ]|put[-_ ]your|enter[-_ ]your|(?:todo|tbd|fixme|dummy|placeholder|redacted|password|passwd|secret|token)$|\.{3,}$|\u2026$)|[-_ ](?:here|goes[-_ ]here)$/i;
/** A value that is one character repeated after an optional prefix (`xxxx`, `****`, `sk-xxxxxxxx`, `ghp_0000…`). */
const REPEATED = /^(?:[A-Za-z]{1,12}[-_]){0,3}(.)\1{3,}$/;

/** Whether a value is a documentation placeholder rather than a secret (kept by every format). */
export function isPlaceholder(value: string): boolean {
  const v = value.replace(/^["']|["']$/g, '');
  return PLACEHOLDER.test(v) || REPEATED.test(v);
}

/** Values that point at a secret rather than hold one (`$TOKEN`, `${{ secrets.X }}`, `process.env.X`), and placeholders. */
export function isReference(value: string): boolean {
  const v = value.replace(/^["']|["']$/g, '');
  return v.length === 0 || /^(?:\$|%\w+%|\{\{|<[^>]*>$|\*+$|x{3,}$|\[redacted:|process\.env|os\.environ|env\(|getenv|secrets\.|!Ref|vault:)/i.test(v) || isPlaceholder(v);
}

const TYPE_WORDS = /^(?:string|number|boolean|bool|null|undefined|true|false|none|nil|any|object|str|int|bytes|optional|required|secret|password|token|redacted|changeme|example|placeholder|yes|no|\d{1,7})[;,]?$/i;

export function validAssignment(
  secret: string,
  groups: Record<string, string | undefined>,
  isSecret: (name: string) => boolean = isSecretName,
): boolean {
  const name = groups.name ?? '';
  // A value a format already replaced (`KEY="FlyV1 [redacted:fly-token]"`) is done.
  if (!isSecret(name) || isReference(secret) || secret.includes('[redacted:')) return false;
  const unquoted = secret.replace(/^["']|["']$/g, '');
  if (TYPE_WORDS.test(unquoted) || unquoted.length < 4 || /^[{[(]/.test(unquoted)) return false;
  const quoted = unquoted.length !== secret.length;
  // `name: value` in prose is only a secret when the value looks like one (length, digits, mixed case).
  if (groups.sep === ':' && !quoted) return unquoted.length >= 8 && /[\d_+/=-]|[A-Z][^A-Z]*[a-z]|[a-z][^a-z]*[A-Z]/.test(unquoted);
  return true;
}

/**
 * Built-in formats, most specific first (a later pattern never sees an earlier marker as a secret).
 * Each regex starts with a literal so V8 can search for it quickly; `wordStart` replaces a leading
 * `\b` (which defeats that search) with a check of the character before the match.
 */
export const BUILTIN_PATTERNS: readonly SecretPattern[] = [
  { kind: 'private-key', regex: /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----|$)/g, probe: '-----BEGIN ' },
  // The tail of a key block whose BEGIN line was cut off (a read that starts inside it, the tail of a long output).
  { kind: 'private-key', regex: /-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----/g, probe: '-----END ', startBefore: keyBodyStart },
  ...WEBHOOK_PATTERNS,
  ...CREDENTIAL_PATTERNS,
  { kind: 'jwt', regex: /eyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g, probe: 'eyJ', wordStart: true },
  { kind: 'aws-access-key', regex: /A(?:KIA|SIA|BIA|CCA|GPA|IDA|IPA|NPA|NVA|ROA|PKA|SCA|3T[A-Z0-9])[A-Z0-9]{16}(?![A-Za-z0-9_])/g, probe: 'A(?:KIA|SIA|BIA|CCA|GPA|IDA|IPA|NPA|NVA|ROA|PKA|SCA|3T[A-Z0-9])', wordStart: true },
  { kind: 'aws-secret-key', regex: /(?<pre>aws_?secret_?(?:access_?)?key["']?\s*[:=]\s*["']?)(?<secret>[A-Za-z0-9/+=]{40})(?![A-Za-z0-9/+=])/gi },
  { kind: 'github-token', regex: /gh[pousr]_[A-Za-z0-9]{36,251}(?![A-Za-z0-9_])/g, probe: 'gh[pousr]_', wordStart: true },
  { kind: 'github-token', regex: /github_pat_[A-Za-z0-9_]{22,255}/g, probe: 'github_pat_', wordStart: true },
  { kind: 'gitlab-token', regex: /gl(?:pat|dt|rt|ptt|cbt|imt|soat|ffct|agent|oas|wt)-[A-Za-z0-9_-]{20,}/g, probe: 'gl(?:pat|dt|rt|ptt|cbt|imt|soat|ffct|agent|oas|wt)-', wordStart: true },
  { kind: 'gitlab-token', regex: /GR1348941[A-Za-z0-9_-]{20,}/g, probe: 'GR1348941', wordStart: true },
  { kind: 'slack-webhook', regex: /https:\/\/hooks\.slack\.com\/(?:services|workflows|triggers)\/[A-Za-z0-9/_-]{10,}/g, probe: 'https:\\/\\/hooks\\.slack\\.com\\/' },
  { kind: 'slack-token', regex: /xox[abposre]-[A-Za-z0-9-]{10,}/g, probe: 'xox[abposre]-', wordStart: true },
  { kind: 'slack-token', regex: /xapp-\d-[A-Za-z0-9-]{10,}/g, probe: 'xapp-', wordStart: true },
  { kind: 'stripe-key', regex: /[sr]k_(?:live|test)_[A-Za-z0-9]{16,}(?![A-Za-z0-9_])/g, probe: '[sr]k_(?:live|test)_', wordStart: true },
  { kind: 'stripe-webhook-secret', regex: /whsec_[A-Za-z0-9+/=]{24,}/g, probe: 'whsec_', wordStart: true },
  { kind: 'anthropic-key', regex: /sk-ant-[A-Za-z0-9_-]{20,}/g, probe: 'sk-ant-', wordStart: true },
  { kind: 'openrouter-key', regex: /sk-or-v1-[a-f0-9]{64}(?![A-Za-z0-9])/g, probe: 'sk-or-v1-', wordStart: true },
  {
    kind: 'openai-key',
    regex: /sk-(?:proj-|svcacct-|admin-|None-)?[A-Za-z0-9_-]{20,}/g,
    probe: 'sk-',
    wordStart: true,
    validate: (s) => hasDigitAndLetter(s.slice(3)) && !/-{2}/.test(s),
  },
  { kind: 'google-api-key', regex: /AIza[0-9A-Za-z_-]{35}(?![0-9A-Za-z_-])/g, probe: 'AIza', wordStart: true },
  { kind: 'google-oauth-token', regex: /ya29\.[0-9A-Za-z_-]{20,}/g, probe: 'ya29\\.', wordStart: true },
  { kind: 'google-client-secret', regex: /GOCSPX-[0-9A-Za-z_-]{20,}/g, probe: 'GOCSPX-', wordStart: true },
  { kind: 'npm-token', regex: /npm_[A-Za-z0-9]{36}(?![A-Za-z0-9_])/g, probe: 'npm_', wordStart: true },
  { kind: 'npm-token', regex: /(?<pre>:_(?:authToken|auth|password)\s*=\s*)(?<secret>[^\s"']+)/g, probe: ':_(?:authToken|auth|password)', validate: (s) => !isReference(s) },
  { kind: 'huggingface-token', regex: /hf_[A-Za-z0-9]{30,}(?![A-Za-z0-9_])/g, probe: 'hf_', wordStart: true },
  { kind: 'sendgrid-key', regex: /SG\.[A-Za-z0-9_-]{16,32}\.[A-Za-z0-9_-]{16,64}/g, probe: 'SG\\.', wordStart: true },
  { kind: 'digitalocean-token', regex: /do[por]_v1_[a-f0-9]{64}(?![A-Za-z0-9_])/g, probe: 'do[por]_v1_', wordStart: true },
  { kind: 'shopify-token', regex: /shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}(?![A-Za-z0-9_])/g, probe: 'shp(?:at|ca|pa|ss)_', wordStart: true },
  { kind: 'pypi-token', regex: /pypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{40,}/g, probe: 'pypi-AgEIcHlwaS5vcmc', wordStart: true },
  { kind: 'docker-token', regex: /dckr_pat_[A-Za-z0-9_-]{20,}/g, probe: 'dckr_pat_', wordStart: true },
  { kind: 'telegram-bot-token', regex: /:AA[A-Za-z0-9_-]{33}(?![A-Za-z0-9_-])/g, probe: ':AA', validate: (_s, _g, before) => /(?<!\d)\d{8,10}$/.test(before) },
  ...VENDOR_PATTERNS,
  ...URL_AND_COMMAND_PATTERNS,
  ...COMMAND_LINE_PATTERNS,
  {
    kind: 'authorization',
    regex: /(?<pre>Authorization["']?\s*[:=]\s*["']?(?:(?:Bearer|Token|Basic|Bot|Digest|ApiKey|SSWS|Splunk)\s+)?)(?<secret>[A-Za-z0-9._~+/=:-]{8,})/gi,
    wordStart: true,
    validate: (s) => !isReference(s) && !/^(?:Bearer|Token|Basic)$/i.test(s),
  },
  { kind: 'bearer-token', regex: /(?<pre>Bearer\s+)(?<secret>[A-Za-z0-9._~+/=-]{16,})/g, probe: 'Bearer', wordStart: true, validate: (s) => !isReference(s) && hasDigitAndLetter(s) },
  {
    kind: 'api-key',
    regex: /(?<pre>(?:x-api-key|api-key|x-auth-token|private-token|x-goog-api-key|x-access-token|x-apikey|apikey)["']?\s*:\s*["']?)(?<secret>[A-Za-z0-9._~+/=-]{12,})/gi,
    wordStart: true,
    validate: (s) => !isReference(s) && hasDigitAndLetter(s),
  },
];
