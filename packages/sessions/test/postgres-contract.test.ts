import { afterAll } from 'vitest';
import { postgresSessionStore } from '../src/postgres-store.js';
import { sessionStoreContract } from '../src/testing.js';
import { dropPrefixed, PG_URL, uniquePrefix } from './pg-helpers.js';

const tablePrefix = uniquePrefix('contract');
afterAll(() => dropPrefixed(tablePrefix));

sessionStoreContract(() => postgresSessionStore({ connectionString: PG_URL, tablePrefix }), { name: 'postgres' });
