// A separate process that resumes one parked approval (argv: spec JSON, side-effect file, barrier dir,
// parties, answer JSON, session id) and prints its outcome as one JSON line.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SessionStoreV1 } from '@warden/protocol';
import { resumeOnce } from './scenario.js';
import { openStores, type StoreSpec } from './stores.js';

const [specJson, file, barrierDir, parties, answerJson, sessionId] = process.argv.slice(2) as [string, string, string, string, string, string];

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Every resumer loads the session before any of them appends: all start from the same version. */
function afterEveryoneLoaded(store: SessionStoreV1): SessionStoreV1 {
  return {
    ...store,
    specificationVersion: store.specificationVersion,
    create: (init) => store.create(init),
    append: (id, records, options) => store.append(id, records, options),
    list: (query) => store.list(query),
    delete: (id, owner) => store.delete(id, owner),
    async load(id, owner) {
      const loaded = await store.load(id, owner);
      mkdirSync(barrierDir, { recursive: true });
      writeFileSync(join(barrierDir, String(process.pid)), '');
      const deadline = Date.now() + 30_000;
      while (readdirSync(barrierDir).length < Number(parties) && Date.now() < deadline) await sleep(5);
      return loaded;
    },
  };
}

const stores = openStores(JSON.parse(specJson) as StoreSpec);
try {
  const outcome = await resumeOnce(afterEveryoneLoaded(stores.sessions), file, sessionId, JSON.parse(answerJson));
  process.stdout.write(`${JSON.stringify(outcome)}\n`);
} finally {
  await stores.close();
}
