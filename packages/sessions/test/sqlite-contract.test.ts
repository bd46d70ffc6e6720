import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { sqliteSessionStore } from '../src/sqlite-store.js';
import { sessionStoreContract } from '../src/testing.js';

const dir = mkdtempSync(join(tmpdir(), 'warden-sqlite-contract-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

sessionStoreContract(() => sqliteSessionStore({ path: join(dir, 'sessions.db') }), { name: 'sqlite' });
