/** Runs `work` over `items` with at most `workers` at once; results keep the input order. Never rejects for one item. */
export async function runPool<T, R>(items: readonly T[], workers: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  async function worker(): Promise<void> {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!, index);
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(workers, items.length)) }, () => worker()));
  return results;
}
