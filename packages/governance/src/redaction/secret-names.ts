/** Name segments that say the value is not the secret itself (`TOKEN_LIMIT`, `PASSWORD_FILE`). */
const NOT_SECRET_SUFFIX = new Set([
  'count', 'limit', 'max', 'min', 'length', 'len', 'size', 'type', 'types', 'url', 'uri', 'endpoint', 'host', 'hostname', 'port',
  'file', 'path', 'dir', 'name', 'names', 'id', 'ids', 'expiry', 'expires', 'expiration', 'ttl', 'timeout', 'header', 'prefix',
  'kind', 'mode', 'enabled', 'disabled', 'format', 'version', 'usage', 'used', 'budget', 'rotation', 'policy', 'field', 'hint',
  'label', 'required', 'regex', 'pattern', 'schema', 'method', 'provider', 'strategy', 'command', 'cmd', 'location', 'env',
]);
const KEY_QUALIFIERS = new Set(['api', 'access', 'private', 'secret', 'signing', 'encryption', 'master', 'client', 'service', 'deploy', 'ssh', 'app', 'auth', 'license', 'account', 'session', 'webhook', 'x']);
const SECRET_SEGMENT = /secret|token|passw(?:or)?d|passphrase|credential|apikey|privatekey|accesskey|authkey/;
const NOT_SECRET_SEGMENT = /^(?:tokens|tokeni[sz]\w*|secretary|secrets?manager)$/;

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
export function isSecretName(name: string): boolean {
  const segs = segmentsOf(name);
  const last = segs[segs.length - 1];
  if (last === undefined || NOT_SECRET_SUFFIX.has(last)) return false;
  return segs.some((seg, i) => {
    if (NOT_SECRET_SEGMENT.test(seg)) return false;
    if (SECRET_SEGMENT.test(seg) || seg === 'pwd' || seg === 'pass' || seg === 'auth' || seg === 'authorization') return true;
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
