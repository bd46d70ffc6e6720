// A child process for the kill -9 test: appends one record at a time to a JSONL session, and after each
// append has returned (fsync: 'always', so the record is durable) reports its number on stdout.
// It boots, then waits for "go" on stdin, so the test can start the next writer while one runs.
import { once } from 'node:events';
import { jsonlSessionStore } from '../../src/jsonl-store.js';

const [dir, id] = process.argv.slice(2);
if (!dir || !id) throw new Error('usage: jsonl-writer <dir> <id>');
await once(process.stdin, 'data');
const store = jsonlSessionStore({ dir, fsync: 'always' });
const loaded = await store.load(id);
let version = loaded.version;
let n = loaded.records.filter((r) => r.type === 'message').length;
process.stdout.write('ready\n');
for (;;) {
  const text = `m-${n}`;
  const result = await store.append(id, [{ type: 'message', id: text, at: new Date().toISOString(), message: { role: 'user', parts: [{ type: 'text', text }] } }], {
    expectedVersion: version,
    opId: `op-${text}`,
  });
  version = result.version;
  process.stdout.write(`${n}\n`);
  n += 1;
}
