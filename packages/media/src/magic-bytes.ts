// What bytes really are, by their first bytes: a vendor's 200 with an HTML page or a JSON error
// must never be saved as `image.png` or played as audio.

const IMAGE_SIGNATURES: Array<{ mediaType: string; test: (b: Uint8Array) => boolean }> = [
  { mediaType: 'image/png', test: (b) => starts(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { mediaType: 'image/jpeg', test: (b) => starts(b, [0xff, 0xd8, 0xff]) },
  { mediaType: 'image/gif', test: (b) => ascii(b, 0, 'GIF87a') || ascii(b, 0, 'GIF89a') },
  { mediaType: 'image/webp', test: (b) => ascii(b, 0, 'RIFF') && ascii(b, 8, 'WEBP') },
];

const AUDIO_SIGNATURES: Array<{ mediaType: string; test: (b: Uint8Array) => boolean }> = [
  { mediaType: 'audio/wav', test: (b) => ascii(b, 0, 'RIFF') && ascii(b, 8, 'WAVE') },
  { mediaType: 'audio/mpeg', test: (b) => ascii(b, 0, 'ID3') || (b.length > 1 && b[0] === 0xff && ((b[1] ?? 0) & 0xe0) === 0xe0) },
  { mediaType: 'audio/ogg', test: (b) => ascii(b, 0, 'OggS') },
  { mediaType: 'audio/flac', test: (b) => ascii(b, 0, 'fLaC') },
  { mediaType: 'audio/webm', test: (b) => starts(b, [0x1a, 0x45, 0xdf, 0xa3]) },
  { mediaType: 'audio/mp4', test: (b) => ascii(b, 4, 'ftyp') },
];

function starts(bytes: Uint8Array, prefix: number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((v, i) => bytes[i] === v);
}

function ascii(bytes: Uint8Array, at: number, text: string): boolean {
  if (bytes.length < at + text.length) return false;
  for (let i = 0; i < text.length; i += 1) if (bytes[at + i] !== text.charCodeAt(i)) return false;
  return true;
}

/** `image/png`, `image/jpeg`, `image/gif` or `image/webp`, or undefined when the bytes are no image. */
export function sniffImage(bytes: Uint8Array): string | undefined {
  return IMAGE_SIGNATURES.find((s) => s.test(bytes))?.mediaType;
}

/** `audio/wav`, `audio/mpeg`, `audio/ogg`, `audio/flac`, `audio/webm` or `audio/mp4`, or undefined. */
export function sniffAudio(bytes: Uint8Array): string | undefined {
  return AUDIO_SIGNATURES.find((s) => s.test(bytes))?.mediaType;
}

/** A short, safe description of bytes that were not what was expected (never the bytes themselves). */
export function describeBody(bytes: Uint8Array, contentType: string | undefined): string {
  const head = new TextDecoder().decode(bytes.subarray(0, 64)).trimStart().toLowerCase();
  const kind = head.startsWith('<!doctype html') || head.startsWith('<html') ? 'an HTML page' : head.startsWith('{') || head.startsWith('[') ? 'JSON' : bytes.length === 0 ? 'an empty body' : 'unrecognised bytes';
  return `${kind} (${bytes.length} bytes${contentType ? `, ${contentType.split(';')[0]}` : ''})`;
}

export const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'audio/wav': 'wav',
  'audio/mpeg': 'mp3',
  'audio/ogg': 'ogg',
  'audio/flac': 'flac',
  'audio/webm': 'webm',
  'audio/mp4': 'm4a',
};
