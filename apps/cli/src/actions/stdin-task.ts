import { fstatSync } from 'node:fs';
import type { CliIo } from '../cli/io.js';

/** True when stdin is a pipe or a file (`echo … | warden run`, `warden run < task.md`), not a terminal or a socket. */
function stdinIsPiped(io: CliIo): boolean {
  if (io.stdin.isTTY === true) return false;
  const fd = (io.stdin as { fd?: number }).fd;
  if (typeof fd !== 'number') return false;
  try {
    const stat = fstatSync(fd);
    return stat.isFIFO() || stat.isFile();
  } catch {
    return false;
  }
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  stream.setEncoding?.('utf8');
  for await (const chunk of stream) text += String(chunk);
  return text;
}

/**
 * The task from stdin: `warden run -` always reads it; with no task at all, a pipe or a
 * redirected file is read too (a terminal or an inherited socket never is, so nothing hangs).
 * Returns the positionals with `-` replaced, or unchanged; an empty stdin leaves no task.
 */
export async function withStdinTask(io: CliIo, positionals: readonly string[], hasPrompt: boolean): Promise<string[]> {
  const dash = positionals.length === 1 && positionals[0] === '-';
  if (!dash && (hasPrompt || positionals.length > 0 || !stdinIsPiped(io))) return [...positionals];
  const text = (await readAll(io.stdin)).trim();
  return text === '' ? [] : [text];
}
