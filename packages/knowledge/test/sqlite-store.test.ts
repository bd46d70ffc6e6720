import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { sqliteStore } from '../src/index.js';
import { storeContract } from './store-contract.js';

const dir = mkdtempSync(join(tmpdir(), 'warden-kb-sqlite-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

storeContract('sqlite (sqlite-vec + FTS5)', () => sqliteStore({ path: join(dir, 'kb.sqlite') }));
