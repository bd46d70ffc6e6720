import { knowledgeError } from './coded-errors.js';
import type { Embedder } from './embedder.js';
import { words } from './tokens.js';

export interface HashingEmbedderOptions {
  /** Vector size (default 384). */
  dimensions?: number;
}

/** FNV-1a, 32 bits: a fixed, fast hash, so the same text gives the same vector on every machine. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * The default embedder: deterministic and offline (no network, no weights). Character trigrams of
 * each word and the words themselves are hashed into signed buckets (the hashing trick), weighted
 * by log term frequency and normalised. It captures spelling overlap, not meaning; a provider
 * embedder replaces it where meaning matters.
 */
export function hashingEmbedder(options: HashingEmbedderOptions = {}): Embedder {
  const dimensions = options.dimensions ?? 384;
  if (!Number.isInteger(dimensions) || dimensions < 8 || dimensions > 8192) throw knowledgeError('knowledge.invalid_options', 'The hashing embedder needs dimensions from 8 to 8192.');
  const embedOne = (text: string): number[] => {
    const counts = new Map<string, number>();
    for (const word of words(text)) {
      counts.set(`w:${word}`, (counts.get(`w:${word}`) ?? 0) + 1);
      const padded = `<${word}>`;
      for (let i = 0; i + 3 <= padded.length; i += 1) counts.set(padded.slice(i, i + 3), (counts.get(padded.slice(i, i + 3)) ?? 0) + 1);
    }
    const vector = new Array<number>(dimensions).fill(0);
    for (const [feature, count] of counts) {
      const hash = fnv1a(feature);
      vector[hash % dimensions]! += (hash & 0x80000000 ? -1 : 1) * (1 + Math.log(count));
    }
    const norm = Math.hypot(...vector) || 1;
    return vector.map((v) => v / norm);
  };
  return {
    id: `hashing-v1/${dimensions}`,
    dimensions,
    batchSize: 256,
    embed: (texts) => Promise.resolve(texts.map(embedOne)),
  };
}
