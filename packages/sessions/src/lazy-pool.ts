/** A SQL pool opened on first use, its schema migrated once; shared by the PostgreSQL and MySQL handles. */
export interface LazyPool<P> {
  prefix: string;
  /** The pool, with the schema migrated (once per handle; a failed open is tried again next time). */
  ready(): Promise<P>;
  /** Ends the pool the handle opened itself (a pool handed in is the caller's to end). */
  close(): Promise<void>;
}

/**
 * `given` is a pool the caller owns; otherwise `create` opens one the handle owns. `migrate` runs on
 * the first `ready()` and its failure is reported by the caller's `failed` (which names the store).
 */
export function lazyPool<P extends { end(): Promise<void> }>(
  prefix: string,
  given: P | undefined,
  create: () => Promise<P>,
  migrate: (pool: P) => Promise<void>,
  failed: (error: unknown) => Error,
): LazyPool<P> {
  let opening: Promise<P> | undefined;
  let owned: P | undefined;

  async function open(): Promise<P> {
    let pool = given;
    if (!pool) {
      owned = await create();
      pool = owned;
    }
    try {
      await migrate(pool);
    } catch (error) {
      throw failed(error);
    }
    return pool;
  }

  return {
    prefix,
    ready() {
      opening ??= open().catch((error: unknown) => {
        opening = undefined;
        throw error;
      });
      return opening;
    },
    async close() {
      const pool = owned;
      opening = undefined;
      owned = undefined;
      await pool?.end();
    },
  };
}
