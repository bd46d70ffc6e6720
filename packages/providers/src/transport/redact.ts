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
  let out = text;
  for (const secret of secrets) {
    if (secret.length >= 4) out = out.split(secret).join('[redacted]');
  }
  out = out.replace(KEY_LIKE, '[redacted]');
  out = out.replace(/\s+/g, ' ').trim();
  if (out.length > maxLength) out = `${out.slice(0, maxLength)}…`;
  return out;
}
