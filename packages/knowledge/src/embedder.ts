/** Turns texts into vectors of a fixed size; the store is created for `dimensions`. */
export interface Embedder {
  /** Names the model and size (`hashing-v1/384`, `openai/text-embedding-3-small/1536`). */
  readonly id: string;
  readonly dimensions: number;
  /** How many texts one call takes (the knowledge base embeds in batches of this size). */
  readonly batchSize: number;
  embed(texts: readonly string[], signal?: AbortSignal): Promise<number[][]>;
}
