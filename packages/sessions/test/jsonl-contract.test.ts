import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { jsonlSessionStore } from '../src/jsonl-store.js';
import { sessionStoreContract } from '../src/testing.js';

const dir = mkdtempSync(join(tmpdir(), 'warden-jsonl-contract-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

sessionStoreContract(() => jsonlSessionStore({ dir }), { name: 'jsonl' });
sessionStoreContract(() => jsonlSessionStore({ dir: join(dir, 'batch'), fsync: 'batch', batchIntervalMs: 5 }), { name: 'jsonl (fsync: batch)' });
