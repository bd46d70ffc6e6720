/** Tokens that look like API keys, even masked ones vendors echo back (`sk-abc***xyz`). */
const KEY_LIKE = /\b(?:sk|pk|rk|gsk|xai|fw|csk|sess|key)[-_][A-Za-z0-9*._-]{6,}|\bAIza[A-Za-z0-9_*-]{10,}|\bBearer\s+[A-Za-z0-9*._~+/=-]+/g;

/** Header names whose values are secrets. */
const SECRET_HEADER = /key|auth|token|secret|cookie|signature/i;

/** The values of the secret-bearing headers of a request, for redaction. */
export function secretsOf(headers: Readonly<Record<string, string>>): string[] {
  const out: string[] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (!SECRET_HEADER.test(name) || value.length < 4) continue;
    out.push(value);
    const bearer = /^Bearer\s+(.+)$/i.exec(value);
    if (bearer?.[1]) out.push(bearer[1]);
  }
  return out;
}

/**
 * Removes secrets from text that came from a vendor (an error message may
 * echo part of a key) and caps its length, so it can go into an error message.
 */
export function redactText(text: string, secrets: readonly string[], maxLength = 300): string {
  let out = redactSecrets(text, secrets);
  out = out.replace(KEY_LIKE, '[redacted]');
  out = out.replace(/\s+/g, ' ').trim();
  if (out.length > maxLength) out = `${out.slice(0, maxLength)}…`;
  return out;
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Characters a key or a masked echo of it is made of (vendors mask with `*`, `.`, `•` or `…`). */
const KEYISH = '[A-Za-z0-9_\\-*.•…~+/=]*';

/**
 * Cuts the request's own key values out of `text`: the whole value, and the masked echoes vendors
 * send back (`sk-abc12***…wxyz`, the first 8 and last 4 characters with the middle hidden), whatever
 * the key looks like. Nothing else in the text changes.
 */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length < 4) continue;
    out = out.split(secret).join('[redacted]');
    if (secret.length < 12 || /\s/.test(secret)) continue;
    // The first 8 characters and whatever key-like characters follow them, then a masked run ending in the last 4.
    out = out.replace(new RegExp(`${escape(secret.slice(0, 8))}${KEYISH}`, 'g'), '[redacted]');
    out = out.replace(new RegExp(`[*.•…]{3,}${escape(secret.slice(-4))}`, 'g'), '[redacted]');
  }
  return out;
}
