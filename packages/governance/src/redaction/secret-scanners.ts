import { validAssignment } from './secret-patterns.js';
import { isSecretName, kindForName } from './secret-names.js';
import { isReference } from './secret-patterns.js';

const KEYWORD = /secret|token|pass|pwd|key|credential|auth/gi;
const MAX_NAME_SIDE = 40;
/** `/…/flags` holding a regex operator, up to the end of its line. */
const REGEX_LITERAL = /\/(?=[^\n]*[\\^$[\]()*+?|{}])(?:\\.|\[(?:\\.|[^\]\n])*\]|[^/\n\\[])+\/[dgimsuyv]*(?=[\s;,)]|$)/y;

function isNameChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 46 || c === 45;
}
function isWordChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}
/** Ends an unquoted value: whitespace and `"'\`;&|,)}]`. */
function endsValue(c: number): boolean {
  return c <= 32 || c === 34 || c === 39 || c === 96 || c === 59 || c === 38 || c === 124 || c === 44 || c === 41 || c === 125 || c === 93;
}

/**
 * `KEY=value`, `KEY: value`, `"key": "value"` for secret-named keys. A scanner rather than one
 * regex: it jumps from keyword to keyword, so ordinary text costs one fast search. A keyword with no
 * separator after its name (most of them, in prose) is dropped before anything else is looked at,
 * and the verdict on each name is remembered for the rest of the text.
 */
export function redactAssignments(text: string, marker: (kind: string) => string): string {
  KEYWORD.lastIndex = 0;
  const verdicts = new Map<string, boolean>();
  const isSecret = (name: string): boolean => {
    let known = verdicts.get(name);
    if (known === undefined) {
      known = isSecretName(name);
      verdicts.set(name, known);
    }
    return known;
  };
  let out = '';
  let last = 0;
  const n = text.length;
  for (let m = KEYWORD.exec(text); m; m = KEYWORD.exec(text)) {
    let e = m.index + m[0].length;
    for (let steps = 0; e < n && steps < MAX_NAME_SIDE && isNameChar(text.charCodeAt(e)); steps++) e += 1;
    KEYWORD.lastIndex = e;
    let j = e;
    let c = text.charCodeAt(j);
    if (c === 34 || c === 39) c = text.charCodeAt(++j);
    while (c === 32 || c === 9) c = text.charCodeAt(++j);
    let sep: string;
    if (c === 58 && text.charCodeAt(j + 1) === 61) sep = ':=';
    else if (c === 61 && text.charCodeAt(j + 1) !== 61) sep = '=';
    else if (c === 58 && text.charCodeAt(j + 1) !== 58) sep = ':';
    else continue;
    let s = m.index;
    for (let steps = 0; s > 0 && steps < MAX_NAME_SIDE && isNameChar(text.charCodeAt(s - 1)); steps++) s -= 1;
    if (s < last || (s > 0 && isWordChar(text.charCodeAt(s - 1)))) continue;
    j += sep.length;
    while (text.charCodeAt(j) === 32 || text.charCodeAt(j) === 9) j += 1;
    // A regular-expression literal (`const tokenRe = /^ghp_[A-Za-z0-9]{36}$/`) describes secrets, it holds none.
    REGEX_LITERAL.lastIndex = j;
    if (text.charCodeAt(j) === 47 && REGEX_LITERAL.test(text)) continue;
    let end = j;
    const quote = text[j];
    if (quote === '"' || quote === "'") {
      const close = text.indexOf(quote, j + 1);
      const newline = text.indexOf('\n', j + 1);
      if (close === -1 || (newline !== -1 && newline < close)) continue;
      end = close + 1;
    } else while (end < n && !endsValue(text.charCodeAt(end))) end += 1;
    const value = text.slice(j, end);
    const name = text.slice(s, e);
    if (value.length === 0 || !validAssignment(value, { name, sep }, isSecret)) continue;
    const q = quote === '"' || quote === "'" ? quote : '';
    out += `${text.slice(last, j)}${q}${marker(kindForName(name))}${q}`;
    last = end;
    KEYWORD.lastIndex = end;
  }
  return last === 0 ? text : out + text.slice(last);
}

function isSchemeChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 43 || c === 46 || c === 45;
}
/** Ends the user-info of a URL: whitespace, `/ @ " ' < >`. */
function endsUserInfo(c: number): boolean {
  return c <= 32 || c === 47 || c === 64 || c === 34 || c === 39 || c === 60 || c === 62;
}

/** `scheme://user:password@host`: only the password goes. */
export function redactUrlPasswords(text: string, marker: (kind: string) => string): string {
  let out = '';
  let last = 0;
  for (let idx = text.indexOf('://'); idx !== -1; idx = text.indexOf('://', idx + 3)) {
    let s = idx;
    while (s > 0 && idx - s < 21 && isSchemeChar(text.charCodeAt(s - 1))) s -= 1;
    if (s === idx || !/[A-Za-z]/.test(text[s] ?? '')) continue;
    let k = idx + 3;
    while (k < text.length && k - idx < 520 && !endsUserInfo(text.charCodeAt(k))) k += 1;
    if (text[k] !== '@') continue;
    const colon = text.indexOf(':', idx + 3);
    if (colon === -1 || colon >= k - 1) continue;
    const password = text.slice(colon + 1, k);
    if (isReference(password)) continue;
    out += `${text.slice(last, colon + 1)}${marker('url-password')}`;
    last = k;
  }
  return last === 0 ? text : out + text.slice(last);
}

/** Ends the password of a bare `user:password@host`: whitespace, quotes, `:@/<>()[]{},;=`. */
function endsBarePassword(c: number): boolean {
  return c <= 32 || c === 34 || c === 39 || c === 96 || c === 58 || c === 64 || c === 47 || c === 60 || c === 62 || c === 40 || c === 41 || c === 91 || c === 93 || c === 123 || c === 125 || c === 44 || c === 59 || c === 61;
}
function isUserChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 46 || c === 45 || c === 37 || c === 43;
}
/** Words before `:x@host` that make it an address or a header, not a login (`mailto:ada@x.org`, `To:bob@x.org`). */
const NOT_A_USER = /^(?:mailto|sips?|xmpp|tel|urn|acct|im|news|to|from|cc|bcc|reply-to|sender|e-?mail|mail|author|committer|contact|by|signed-off-by|co-authored-by)$/i;
const BARE_HOST = /(?:localhost|[A-Za-z0-9](?:[A-Za-z0-9-]{0,62})(?:\.[A-Za-z0-9-]{1,63})+)(?![A-Za-z0-9-])/y;

/**
 * `user:password@host` without a scheme (`mysql -u … admin:s3cret@db.internal`, `redis-cli -u`,
 * connection settings): only the password goes. The part after `@` must be a host name with a dot
 * (or `localhost`), so `git@github.com:o/r`, `image:tag@sha256:…` and e-mail addresses are kept.
 * A `scheme://` URL is `redactUrlPasswords`' job.
 */
export function redactBareCredentials(text: string, marker: (kind: string) => string): string {
  let out = '';
  let last = 0;
  for (let at = text.indexOf('@'); at !== -1; at = text.indexOf('@', at + 1)) {
    // Cheapest tests first: most `@`s (e-mail addresses, `pkg@1.2.3`, `@@` of diffs) have no `:` before them.
    if (at < 3 || endsBarePassword(text.charCodeAt(at - 1))) continue;
    let p = at;
    while (p > 0 && at - p < 128 && !endsBarePassword(text.charCodeAt(p - 1))) p -= 1;
    if (p === at || text.charCodeAt(p - 1) !== 58) continue;
    BARE_HOST.lastIndex = at + 1;
    if (!BARE_HOST.test(text)) continue;
    const colon = p - 1;
    let u = colon;
    while (u > 0 && colon - u < 64 && isUserChar(text.charCodeAt(u - 1))) u -= 1;
    if (u === colon || u < last) continue;
    // Part of a path or a URL (`//user:pw@`, `/x:y@`): not this scanner's case.
    const before = text.charCodeAt(u - 1);
    if (u > 0 && (before === 47 || before === 58 || before === 64 || isUserChar(before))) continue;
    const password = text.slice(p, at);
    if (password.length < 3 || NOT_A_USER.test(text.slice(u, colon)) || isReference(password)) continue;
    out += `${text.slice(last, p)}${marker('password')}`;
    last = at;
  }
  return last === 0 ? text : out + text.slice(last);
}
