#!/usr/bin/env node
import { WardenError } from '@warden/protocol';
import { parseServeArgv, SERVE_USAGE, serveOptionsFrom } from './serve-args.js';
import { startDash } from './server.js';

/** `warden-dash serve`: the dashboard as its own process (also what `warden dash serve` runs). */
async function main(): Promise<number> {
  const { help, flags } = parseServeArgv(process.argv.slice(2));
  if (help) {
    process.stdout.write(SERVE_USAGE);
    return 0;
  }
  const dash = await startDash(serveOptionsFrom(flags, process.env));
  process.stdout.write(`Warden Dash listening on ${dash.url} (public URL ${dash.publicUrl}; ${dash.database.kind}: ${dash.database.location})\n`);
  await new Promise<void>((resolve) => {
    const stop = (): void => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await dash.close();
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (WardenError.isInstance(error)) process.stderr.write(`error: ${error.message}${error.hint ? `\nhint: ${error.hint}` : ''}\n`);
    else process.stderr.write(`error: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
