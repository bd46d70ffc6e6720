/** A vector as little-endian float32 bytes (sqlite-vec's blob format). */
export function float32Bytes(vector: readonly number[]): Buffer {
  const array = Float32Array.from(vector);
  return Buffer.from(array.buffer, array.byteOffset, array.byteLength);
}

/** Cosine similarity of two vectors of the same size (0 when either is all zeros). */
export function cosine(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i += 1) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}
