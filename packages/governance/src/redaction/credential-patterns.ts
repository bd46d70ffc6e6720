import type { SecretPattern } from './secret-pattern-type.js';
import { isReference } from './secret-patterns.js';

/**
 * Formats added for issue #45: key files and tokens whose shape is their own (JWE, PuTTY keys,
 * PlanetScale, Cloudflare Origin CA keys) and passwords that ride on a command line under a flag
 * (`--token x`, `--password=x`, `mysql -px`). Each regex starts with its literal `probe`.
 */

/** A flag value that reads as a word of prose (`--token flag`, `--password option`) is not a secret. */
function flagValue(s: string): boolean {
  const v = s.replace(/^["']|["']$/g, '');
  if (v.length < 4 || v.startsWith('-') || isReference(v)) return false;
  if (/^[a-z]+$/.test(v) || /^(?:stdin|file|prompt|env|none|null|true|false|string)$/i.test(v)) return false;
  return true;
}

/** Checked before the JWT format (a JWE's header is a JWT's). */
export const CREDENTIAL_PATTERNS: readonly SecretPattern[] = [
  // JWE compact serialisation: header `eyJ…`, encrypted key (empty for `dir`), IV, ciphertext, tag.
  {
    kind: 'jwe',
    regex: /eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}(?![A-Za-z0-9_.-])/g,
    probe: 'eyJ',
    wordStart: true,
  },
  // A PuTTY key file, v2 or v3: everything from the header to the private lines (and the MAC).
  {
    kind: 'putty-private-key',
    regex: /PuTTY-User-Key-File-[23]:[^\n]*\n(?:(?!PuTTY-User-Key-File-)[^\n]*\n){0,40}?Private-Lines:\s*\d+\r?\n(?:[A-Za-z0-9+/=]{1,128}\r?(?:\n|$))+(?:Private-(?:MAC|Hash):\s*[0-9a-fA-F]+)?/g,
    probe: 'PuTTY-User-Key-File-',
  },
  // A cut PuTTY file (the header is gone): the private lines alone.
  { kind: 'putty-private-key', regex: /Private-Lines:\s*\d+\r?\n(?:[A-Za-z0-9+/=]{1,128}\r?(?:\n|$))+(?:Private-(?:MAC|Hash):\s*[0-9a-fA-F]+)?/g, probe: 'Private-Lines:' },
  { kind: 'planetscale-token', regex: /pscale_(?:tkn|oauth)_[A-Za-z0-9_=.-]{32,64}/g, probe: 'pscale_(?:tkn|oauth)_', wordStart: true },
  { kind: 'planetscale-password', regex: /pscale_pw_[A-Za-z0-9_=.-]{32,64}/g, probe: 'pscale_pw_', wordStart: true },
  { kind: 'cloudflare-origin-ca-key', regex: /v1\.0-[a-f0-9]{24}-[a-f0-9]{146}(?![a-f0-9])/g, probe: 'v1\\.0-', wordStart: true },
];

/** Checked after the vendor formats, so `--token ghp_…` keeps the vendor's kind. */
export const COMMAND_LINE_PATTERNS: readonly SecretPattern[] = [
  // `--token x`, `--token=x`, `--api-key x`, `--password=x`, `--client-secret x` (any program).
  {
    kind: 'flag-secret',
    regex: /(?<pre>--(?:[a-z0-9]+-)*(?:token|password|passwd|pass|api-key|apikey|secret|secret-key|access-key|auth-key|private-key)(?:=|[ \t]+)["']?)(?<secret>[^\s"'`;&|<>()]+)/g,
    probe: '--',
    validate: flagValue,
  },
  // `mysql -pSECRET`, `mysqldump -u root -pSECRET db`, `mariadb -pSECRET` (no space: a space prompts).
  {
    kind: 'password',
    regex: /(?<pre>m(?:ysql|ariadb)(?:dump|admin|sh|import|check|show|binlog|-dump|-admin)?[ \t](?:[^\n|;&]*?[ \t])?-p)(?<secret>[^\s"'`;&|<>()]+)/g,
    probe: 'm(?:ysql|ariadb)',
    wordStart: true,
    validate: (s) => !isReference(s),
  },
];
