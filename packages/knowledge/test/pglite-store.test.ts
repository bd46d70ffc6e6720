import { pgliteStore } from '../src/index.js';
import { storeContract } from './store-contract.js';

storeContract('pglite (PostgreSQL + pgvector)', () => pgliteStore());
