/**
 * A bare AWS secret access key (40 characters of base64) has no prefix of its own: it is found by
 * what stands near it — an access key id (or its marker), a credentials-file section that holds
 * one, or a name with an AWS-ish word on the same line (`AWS_KEY=…`, `s3.secret: …`).
 */
const CANDIDATE = /(?<![A-Za-z0-9/+])[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=])/g;
const QUICK = /AKIA|ASIA|aws|AWS|Aws|amazon|Amazon|AMAZON|s3|S3|redacted:aws/;
const NEAR_ID = /(?:A(?:KIA|SIA)[A-Z0-9]{16}|\[redacted:aws-access-key\]|aws_access_key_id|AccessKeyId|access[ _]key[ _]id)/i;
const AWS_NAME_ON_LINE = /(?:aws|amazon|s3|boto)[A-Za-z0-9_.-]*["']?\s*[:=,(]\s*["']?$/i;
const WINDOW = 300;

/** Mixed case and a digit, and not a path: what a generated key looks like (a git SHA is lowercase hex). */
function looksGenerated(s: string): boolean {
  return /[a-z]/.test(s) && /[A-Z]/.test(s) && /\d/.test(s) && !s.startsWith('/') && !s.includes('//');
}

export function redactAwsSecretsByContext(text: string, marker: (kind: string) => string): string {
  if (!QUICK.test(text)) return text;
  CANDIDATE.lastIndex = 0;
  let out = '';
  let last = 0;
  for (let m = CANDIDATE.exec(text); m !== null; m = CANDIDATE.exec(text)) {
    const value = m[0];
    if (!looksGenerated(value)) continue;
    const start = m.index;
    const end = start + value.length;
    const lineStart = text.lastIndexOf('\n', start - 1) + 1;
    const near = text.slice(Math.max(0, start - WINDOW), Math.min(text.length, end + WINDOW));
    if (!NEAR_ID.test(near) && !AWS_NAME_ON_LINE.test(text.slice(lineStart, start))) continue;
    out += text.slice(last, start) + marker('aws-secret-key');
    last = end;
  }
  return last === 0 ? text : out + text.slice(last);
}
