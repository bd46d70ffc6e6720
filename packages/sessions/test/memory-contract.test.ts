import { memorySessionStore } from '@warden/protocol/testing';
import { sessionStoreContract } from '../src/testing.js';

// The suite is a contract, not a portrait of our stores: the protocol's in-memory double passes it too.
const shared = memorySessionStore();
sessionStoreContract(() => shared, { name: 'memory double' });
