// Runs the fake model server (@warden/test-servers' bench server) in its own process (so its
// work never counts against a driver) and prints {"origin": "..."} on stdout once it listens. Ends on stdin close.
import { startBenchServer } from '@warden/test-servers/bench';

const { origin, server } = await startBenchServer();
process.stdout.write(`${JSON.stringify({ origin })}\n`);
process.stdin.resume();
process.stdin.on('end', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
