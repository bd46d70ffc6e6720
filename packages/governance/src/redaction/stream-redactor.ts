import { strictOptions } from '@warden/protocol/checks';
import type { OptionKeys } from '@warden/protocol';
import type { Redactor } from './redactor.js';

export interface TextStreamRedactorOptions {
  /** A partial line longer than this is shown (redacted) up to its last blank without waiting for its end. Default 1024. */
  maxPendingChars?: number;
  /** How long an unterminated private key block is held back before it is shown (redacted to its end). Default 16384. */
  maxBlockChars?: number;
}

export interface TextStreamRedactor {
  /** Takes the next piece of a stream (a `text_delta`); returns what can be shown now, redacted (maybe ''). */
  push(text: string): string;
  /** The stream ended: returns the rest, redacted. */
  flush(): string;
}

const STREAM_REDACTOR_KEYS = { maxPendingChars: true, maxBlockChars: true } satisfies OptionKeys<TextStreamRedactorOptions>;

/**
 * Redacts text that arrives in pieces (a model's `text_delta`s, a process's output) without
 * letting a secret through because the pieces split it: text is held back until its line ends,
 * and redacted a whole line at a time. A private key block is held until its END line. A very long
 * line is released at its last blank once it passes `maxPendingChars` (a secret is one word, so it
 * is not cut, but the word before it — `Bearer`, `password:` — may go out before it).
 */
export function createTextStreamRedactor(redactor: Pick<Redactor, 'redact'>, options: TextStreamRedactorOptions = {}): TextStreamRedactor {
  strictOptions('createTextStreamRedactor', STREAM_REDACTOR_KEYS, options);
  const maxPending = options.maxPendingChars ?? 1024;
  const maxBlock = options.maxBlockChars ?? 16 * 1024;
  let pending = '';

  const release = (upTo: number): string => {
    const out = pending.slice(0, upTo);
    pending = pending.slice(upTo);
    return out === '' ? '' : redactor.redact(out);
  };

  return {
    push(text) {
      pending += text;
      const begin = pending.lastIndexOf('-----BEGIN ');
      if (begin !== -1) {
        const end = /-----END [^\n]*-----/.exec(pending.slice(begin));
        // A whole block: show it (and what came before) at once, redacted together.
        if (end) return release(begin + end.index + end[0].length);
        // Inside a key block: show what came before it, hold the block.
        if (pending.length - begin < maxBlock) return release(pending.lastIndexOf('\n', begin) + 1);
      }
      const newline = pending.lastIndexOf('\n');
      if (newline !== -1) return release(newline + 1);
      if (pending.length > maxPending) {
        const blank = Math.max(pending.lastIndexOf(' '), pending.lastIndexOf('\t'));
        return release(blank > 0 ? blank + 1 : pending.length);
      }
      return '';
    },
    flush() {
      return release(pending.length);
    },
  };
}
