// Runs the fake model server in its own process (so its work never counts against a
// driver) and prints {"origin": "..."} on stdout once it listens. Ends on stdin close.
import { startFakeServer } from './server.mjs';

const { origin, server } = await startFakeServer();
process.stdout.write(`${JSON.stringify({ origin })}\n`);
process.stdin.resume();
process.stdin.on('end', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
