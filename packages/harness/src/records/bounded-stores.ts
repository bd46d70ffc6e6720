import type { ApprovalStoreV1, SessionStoreV1, StoredApproval } from '@warden/protocol';
import type { RecordBoundary } from './record-boundary.js';

/** A session store whose writes pass the record boundary, and whose loads open sealed arguments. */
export function boundedSessionStore(inner: SessionStoreV1, boundary: RecordBoundary): SessionStoreV1 {
  const store: SessionStoreV1 = {
    specificationVersion: inner.specificationVersion,
    create: (init) => inner.create(init.title === undefined ? init : { ...init, title: boundary.title(init.title) }),
    append: (id, records, options) => inner.append(id, records.map((r) => boundary.record(r)), options),
    load: async (id, owner) => {
      const loaded = await inner.load(id, owner);
      return { ...loaded, records: boundary.loaded(loaded.records) };
    },
    list: (query) => inner.list(query),
    delete: (id, owner) => inner.delete(id, owner),
  };
  if (inner.close) store.close = () => inner.close!();
  // A run holds its session through the boundary too (decision 0011: one lock and one open file per
  // run, not per append); a hold writes nothing, so there is nothing for the boundary to redact.
  if (inner.hold) store.hold = (id) => inner.hold!(id);
  return store;
}

/** An approval store that keeps each request as the boundary says (secret arguments sealed) and opens them on read. */
export function boundedApprovalStore(inner: ApprovalStoreV1, boundary: RecordBoundary): ApprovalStoreV1 {
  const opened = (stored: StoredApproval): StoredApproval => ({ ...stored, request: boundary.openRequest(stored.request) });
  return {
    specificationVersion: inner.specificationVersion,
    put: (request) => inner.put(boundary.pendingRequest(request)),
    get: async (id, owner) => {
      const stored = await inner.get(id, owner);
      return stored === undefined ? undefined : opened(stored);
    },
    // A listing shows what it can: a value whose key is missing stays sealed rather than failing the list.
    list: async (query) =>
      (await inner.list(query)).map((stored) => {
        try {
          return opened(stored);
        } catch {
          return stored;
        }
      }),
    answer: async (id, answer, owner) => opened(await inner.answer(id, answer, owner)),
    claim: (id, claimer) => inner.claim(id, claimer),
  };
}
