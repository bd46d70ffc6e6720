import { randomBytes } from 'node:crypto';

/** One field of a multipart form: text, or a file with its name and type. */
export type FormField = { name: string; value: string } | { name: string; filename: string; mediaType: string; bytes: Uint8Array };

/** A `multipart/form-data` body as bytes (OpenAI's audio and image-edit endpoints take one). */
export function multipartBody(fields: readonly FormField[]): { contentType: string; body: Uint8Array } {
  const boundary = `----warden${randomBytes(12).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const field of fields) {
    const name = field.name.replace(/["\r\n]/g, '_');
    if ('value' in field) {
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${field.value}\r\n`, 'utf8'));
    } else {
      const filename = field.filename.replace(/["\r\n]/g, '_');
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${field.mediaType}\r\n\r\n`, 'utf8'));
      parts.push(Buffer.from(field.bytes));
      parts.push(Buffer.from('\r\n', 'utf8'));
    }
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`, 'utf8'));
  return { contentType: `multipart/form-data; boundary=${boundary}`, body: new Uint8Array(Buffer.concat(parts)) };
}
