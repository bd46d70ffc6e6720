import type { Redact } from './redaction-cut.js';

/** A partial line longer than this is passed on (redacted) without waiting for its end. */
const MAX_PENDING_CHARS = 64 * 1024;

export interface StderrForwarder {
  push(chunk: Buffer): void;
  /** Passes on what is left (the stream ended). */
  flush(): void;
}

/**
 * Forwards an MCP server's stderr to `onStderr`. Without `redact`, chunk by chunk, as they come.
 * With `redact`, line by line: chunks are split wherever the pipe happened to split them, so a
 * secret may straddle two; each complete line is redacted whole, and a partial line waits for
 * its end (or for the stream to end, or for 64 KiB).
 */
export function stderrForwarder(server: string, onStderr: ((server: string, chunk: string) => void) | undefined, redact: Redact | undefined): StderrForwarder {
  if (!onStderr) return { push: () => undefined, flush: () => undefined };
  if (!redact) return { push: (chunk) => onStderr(server, chunk.toString('utf8')), flush: () => undefined };
  const decoder = new TextDecoder('utf-8');
  let pending = '';
  const emit = (text: string): void => {
    if (text !== '') onStderr(server, redact(text));
  };
  return {
    push(chunk) {
      pending += decoder.decode(chunk, { stream: true });
      const end = pending.lastIndexOf('\n');
      if (end !== -1) {
        emit(pending.slice(0, end + 1));
        pending = pending.slice(end + 1);
      }
      if (pending.length > MAX_PENDING_CHARS) {
        emit(pending);
        pending = '';
      }
    },
    flush() {
      pending += decoder.decode();
      emit(pending);
      pending = '';
    },
  };
}
