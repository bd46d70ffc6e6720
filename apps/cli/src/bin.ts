#!/usr/bin/env node
// The `warden` executable. Kept tiny: `--version` answers before anything else loads.
import { cliVersion } from './version.js';

const argv = process.argv.slice(2);

// A reader that went away (`warden sessions | head -1`) is not an error.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });
}

if (argv[0] === '--version' || argv[0] === '-V') {
  process.stdout.write(`${cliVersion()}\n`);
} else {
  const [{ main }, { processIo }] = await Promise.all([import('./cli/main.js'), import('./cli/io.js')]);
  const listeners = new Set<() => void>();
  const fire = (): void => {
    for (const listener of [...listeners]) listener();
  };
  const code = await main(argv, processIo(), {
    onInterrupt(listener) {
      listeners.add(listener);
      if (listeners.size === 1) process.on('SIGINT', fire);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) process.off('SIGINT', fire);
      };
    },
  });
  process.exit(code);
}
