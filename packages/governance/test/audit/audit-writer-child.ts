// A child process for the audit kill -9 test: appends entries to a trail through jsonlAuditSink's
// `flush` mode (written at once, synced on flush), syncing every 7 entries as a run's end would, and
// reports each entry's seq on stdout once its append has resolved (acknowledged).
import { auditLog } from '../../src/audit/audit-log.js';
import { jsonlAuditSink } from '../../src/audit/audit-sinks.js';

const [file] = process.argv.slice(2) as [string];
const sink = jsonlAuditSink(file, { sync: 'flush' });
const log = auditLog({ sink, key: 'kill-test-key' });
process.stdout.write('ready\n');
for (let i = 0; ; i++) {
  // Several entries in flight at once, as a step's call, decision and execution are.
  const entries = await Promise.all([0, 1, 2].map((k) => log.record('step', { i, k })));
  for (const entry of entries) process.stdout.write(`${entry.seq}\n`);
  if (i % 7 === 6) await sink.sync?.();
}
