/** Where the CLI reads and writes: the real process in `bin.ts`, pipes in tests. */
export interface CliOutput {
  write(text: string): void;
  readonly isTTY: boolean;
  /** Terminal width when known. */
  readonly columns?: number;
}

export interface CliIo {
  stdout: CliOutput;
  stderr: CliOutput;
  stdin: NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?: (raw: boolean) => unknown };
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** The real output stream, for the interactive prompt (absent in tests that capture output). */
  terminal?: NodeJS.WriteStream;
}

function wrap(stream: NodeJS.WriteStream): CliOutput {
  return {
    write: (text) => {
      stream.write(text);
    },
    get isTTY() {
      return stream.isTTY === true;
    },
    get columns() {
      return stream.isTTY ? stream.columns : undefined;
    },
  };
}

/** The real terminal. */
export function processIo(): CliIo {
  return { stdout: wrap(process.stdout), stderr: wrap(process.stderr), stdin: process.stdin, env: process.env, cwd: process.cwd(), terminal: process.stdout };
}
