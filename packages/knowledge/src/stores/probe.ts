import { knowledgeError } from '../coded-errors.js';
import type { KnowledgeStore, StoredPassage } from '../store-types.js';

/**
 * Proves a store end to end: writes a probe passage in a tenant of its own, finds it by vector and
 * by word, deletes it. A store not yet created is made for `fallbackDimensions`.
 */
export async function probePassage(store: KnowledgeStore, fallbackDimensions = 384): Promise<string[]> {
  const size = (await store.dimensions()) ?? fallbackDimensions;
  await store.ensure(size);
  const scope = { tenant: 'warden-check', namespace: 'probe' };
  const embedding = Array.from({ length: size }, (_, i) => (i === 0 ? 1 : 0));
  const probe: StoredPassage = { ...scope, id: 'probe#0', documentId: 'probe', hash: 'probe', source: 'warden check', title: 'probe', headings: [], text: 'wardenprobe passage', metadata: { probe: true }, embedding };
  await store.upsert([probe]);
  const byVector = await store.query({ ...scope, vector: embedding, k: 1, clauses: [] });
  const byWords = await store.keywordQuery({ ...scope, vector: embedding, k: 1, clauses: [], text: 'wardenprobe' });
  const removed = await store.delete(scope, [{ field: 'documentId', op: 'eq', value: 'probe' }]);
  const lines = [
    `${size} dimensions`,
    `vector query ${byVector[0]?.passage.id === 'probe#0' ? 'found the probe' : 'did NOT find the probe'}`,
    `keyword query ${byWords[0]?.passage.id === 'probe#0' ? 'found the probe' : 'did NOT find the probe'}`,
    `delete removed ${removed}`,
  ];
  if (byVector[0]?.passage.id !== 'probe#0' || byWords[0]?.passage.id !== 'probe#0' || removed !== 1) throw knowledgeError('knowledge.store_failed', `The check's probe failed: ${lines.join('; ')}.`);
  return lines;
}
