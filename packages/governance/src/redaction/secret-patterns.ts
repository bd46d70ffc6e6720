import { isSecretName } from './secret-names.js';

/**
 * One secret format. The regex is global; when it has a `secret` named group only that group is
 * replaced and the named groups `pre` and `post` are kept.
 */
export interface SecretPattern {
  kind: string;
  regex: RegExp;
  /** The match must not start in the middle of a word. */
  wordStart?: boolean;
  /**
   * A prefix of `regex.source` (case-sensitive, no capturing group) that every match starts with.
   * One combined search for the probes tells which patterns can match at all; the others are skipped.
   */
  probe?: string;
  /** `before` is up to 16 characters of text before the match. */
  validate?(secret: string, groups: Record<string, string | undefined>, before: string): boolean;
}

const hasDigitAndLetter = (s: string): boolean => /\d/.test(s) && /[A-Za-z]/.test(s);

/** Values that point at a secret rather than hold one: `$TOKEN`, `${{ secrets.X }}`, `process.env.X`. */
export function isReference(value: string): boolean {
  const v = value.replace(/^["']|["']$/g, '');
  return v.length === 0 || /^(?:\$|%\w+%|\{\{|<[^>]*>$|\*+$|x{3,}$|\[redacted:|process\.env|os\.environ|env\(|getenv|secrets\.|!Ref|vault:)/i.test(v);
}

const TYPE_WORDS = /^(?:string|number|boolean|bool|null|undefined|true|false|none|nil|any|object|str|int|bytes|optional|required|secret|password|token|redacted|changeme|example|placeholder|yes|no|\d{1,7})[;,]?$/i;

export function validAssignment(
  secret: string,
  groups: Record<string, string | undefined>,
  isSecret: (name: string) => boolean = isSecretName,
): boolean {
  const name = groups.name ?? '';
  if (!isSecret(name) || isReference(secret)) return false;
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
