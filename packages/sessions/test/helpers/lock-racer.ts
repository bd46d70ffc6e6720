// A child process for the stale-lock race test. `holder`: takes the session's lock, says "held" and waits
// to be killed (kill -9), leaving the lock behind. `racer`: on each IPC message `{ round, appends }`,
// appends that many records (re-loading after a version conflict) and replies with what was acknowledged.
import { SessionError } from '@warden/protocol';
import { createFileLocker } from '../../src/file-lock.js';
import { jsonlSessionStore } from '../../src/jsonl-store.js';

const [role, dir, id] = process.argv.slice(2) as [string, string, string];

if (role === 'holder') {
  const locker = createFileLocker();
  await locker.acquire(`${dir}/${id}.jsonl`, { timeoutMs: 10_000 });
  process.stdout.write('held\n');
  setInterval(() => undefined, 60_000);
} else {
  const store = jsonlSessionStore({ dir, fsync: 'always', lockTimeoutMs: 30_000 });
  process.on('message', (message: { round: number; appends: number }) => {
    void (async () => {
      const acked: Array<{ version: number; id: string }> = [];
      for (let k = 0; k < message.appends; k++) {
        const recordId = `r${message.round}-${process.pid}-${k}`;
        for (;;) {
          const { version } = await store.load(id);
          try {
            const at = new Date().toISOString();
            const result = await store.append(id, [{ type: 'message', id: recordId, at, message: { role: 'user', parts: [{ type: 'text', text: recordId }] } }], {
              expectedVersion: version,
            });
            acked.push({ version: result.version, id: recordId });
            break;
          } catch (error) {
            if (SessionError.isInstance(error) && error.code === 'session.version_conflict') continue;
            throw error;
          }
        }
      }
      process.send?.({ acked });
    })().catch((error: unknown) => process.send?.({ error: String((error as Error).stack ?? error) }));
  });
  process.send?.({ ready: true });
}
