import { appendFile, mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/** Where audit lines go. Append-only: a sink never rewrites what it holds. */
export interface AuditSink {
  append(line: string): Promise<void>;
  /** The last complete line, so a new log continues the chain (undefined when empty). */
  last(): Promise<string | undefined>;
}

/** Audit lines in a JSONL file (appended with O_APPEND; parent directories created). */
export function jsonlAuditSink(file: string): AuditSink {
  let made = false;
  return {
    async append(line) {
      if (!made) {
        await mkdir(dirname(file), { recursive: true });
        made = true;
      }
      await appendFile(file, `${line}\n`, { encoding: 'utf8', flag: 'a' });
    },
    async last() {
      let text: string;
      try {
        text = await readFile(file, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
      if (text.length > 0 && !text.endsWith('\n')) return text.slice(text.lastIndexOf('\n') + 1);
      const lines = text.split('\n').filter((l) => l.length > 0);
      return lines[lines.length - 1];
    },
  };
}

/** An in-memory sink (tests, or to ship lines elsewhere yourself). */
export function memoryAuditSink(): AuditSink & { readonly lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    async append(line) {
      lines.push(line);
    },
    async last() {
      return lines[lines.length - 1];
    },
  };
}
