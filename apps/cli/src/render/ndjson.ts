import type { RunEvent } from '@warden/protocol';
import type { CliOutput } from '../cli/io.js';

/** `--json`: one run event per line on stdout, and nothing else there. */
export function ndjsonWriter(out: CliOutput): (event: RunEvent) => void {
  return (event) => out.write(`${JSON.stringify(event)}\n`);
}
