/** Name segments that say the value is not the secret itself (`TOKEN_LIMIT`, `PASSWORD_FILE`). */
const NOT_SECRET_SUFFIX = new Set([
  'count', 'limit', 'max', 'min', 'length', 'len', 'size', 'type', 'types', 'url', 'uri', 'endpoint', 'host', 'hostname', 'port',
  'file', 'path', 'dir', 'name', 'names', 'id', 'ids', 'expiry', 'expires', 'expiration', 'ttl', 'timeout', 'header', 'prefix',
  'kind', 'mode', 'enabled', 'disabled', 'format', 'version', 'usage', 'used', 'budget', 'rotation', 'policy', 'field', 'hint',
  'label', 'required', 'regex', 'pattern', 'schema', 'method', 'provider', 'strategy', 'command', 'cmd', 'location', 'env',
  'sock', 'socket', 'domain', 'realm', 'issuer', 'audience', 'scope', 'scopes', 'mechanism', 'store', 'helper', 'program', 'agent',
  'parallelism', 'layout', 'style', 'color', 'colour', 'width', 'height', 'position', 'index', 'offset', 'interval', 'retries',
]);
const KEY_QUALIFIERS = new Set(['api', 'access', 'private', 'secret', 'signing', 'encryption', 'master', 'client', 'service', 'deploy', 'ssh', 'app', 'auth', 'license', 'account', 'session', 'webhook', 'x', 'ca', 'origin', 'tls', 'ssl']);
/**
 * Words that mean "a secret" as a whole name segment, or as the end of one (`PGPASSWORD`,
 * `authtoken`, `clientsecret`). Matched by meaning, not as substrings: `tokenizers`, `secretary`,
 * `passwordless`, `keyboard` and `OLDPWD` hold a word but do not mean one.
 */
const SECRET_WORD_END = /(?:secret|secrets|token|passwd|password|passwords|passphrase|credential|credentials|creds|apikey|privatekey|accesskey|authkey|secretkey)$/;
/** Words that count only as a whole segment. */
const SECRET_WORD = new Set(['pass', 'auth', 'authorization', 'pwd', 'pat', 'sig', 'signature']);
const NOT_SECRET_SEGMENT = /^(?:tokens|tokeni[sz]\w*|secretary|secrets?manager|nosecret|csrftokens)$/;

function segmentsOf(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((s) => s.length > 0);
}

/**
 * Whether a variable or field name says it holds a secret: `GITHUB_TOKEN`, `DB_PASSWORD`,
 * `apiKey`, `client_secret`, `AWS_SECRET_ACCESS_KEY` — but not `MAX_TOKENS`, `TOKEN_LIMIT`,
 * `PASSWORD_FILE` or `AWS_ACCESS_KEY_ID`.
 */
/** Whole names whose words say "secret" but whose value is a path or a setting. */
const NOT_SECRET_NAMES = new Set(['google_application_credentials', 'git_askpass', 'ssh_askpass', 'sudo_askpass', 'credential_helper', 'password_store']);

export function isSecretName(name: string): boolean {
  const segs = segmentsOf(name);
  if (NOT_SECRET_NAMES.has(segs.join('_'))) return false;
  const last = segs[segs.length - 1];
  if (last === undefined || NOT_SECRET_SUFFIX.has(last)) return false;
  // `PWD` alone is the shell's working directory; `DB_PWD`, `mysql_pwd` are passwords.
  if (segs.length === 1 && (last === 'pwd' || last === 'sig' || last === 'signature' || last === 'pat')) return false;
  return segs.some((seg, i) => {
    if (NOT_SECRET_SEGMENT.test(seg)) return false;
    if (SECRET_WORD.has(seg) || SECRET_WORD_END.test(seg)) return true;
    return seg === 'key' && i > 0 && KEY_QUALIFIERS.has(segs[i - 1] as string);
  });
}

/** The marker kind for a value found under a secret-named key. */
export function kindForName(name: string): string {
  const n = name.toLowerCase();
  if (/passw|pwd|pass\b|passphrase/.test(n)) return 'password';
  if (/token/.test(n)) return 'token';
  if (/key/.test(n)) return 'api-key';
  if (/secret/.test(n)) return 'secret';
  return 'credential';
}
