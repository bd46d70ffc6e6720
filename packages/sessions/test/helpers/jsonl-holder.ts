// A child process for the hold test: holds a JSONL session (lock + open descriptor) the way a run does,
// appends one record under the hold, says "held <version>" and waits to be killed (kill -9) holding it.
import { jsonlSessionStore } from '../../src/jsonl-store.js';

const [dir, id, tag = '1'] = process.argv.slice(2) as [string, string, string?];
const store = jsonlSessionStore({ dir, fsync: 'always' });
const release = await store.hold(id);
if (!release) throw new Error('the session was not free to hold');
const { version } = await store.load(id);
const at = new Date().toISOString();
const result = await store.append(id, [{ type: 'message', id: `held-${tag}`, at, message: { role: 'user', parts: [{ type: 'text', text: `held-${tag}` }] } }], { expectedVersion: version });
process.stdout.write(`held ${result.version}\n`);
setInterval(() => undefined, 60_000);
