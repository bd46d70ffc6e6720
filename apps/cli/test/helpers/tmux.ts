import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';

/** A pseudo-terminal session driven through tmux on a private socket. */
export interface TmuxSession {
  send(...keys: string[]): void;
  type(text: string): void;
  screen(): string;
  /** The screen with its escape sequences (colours, attributes) as tmux holds them. */
  styledScreen(): string;
  /** Waits until the screen matches (polling); throws with the screen when it never does. */
  waitFor(pattern: RegExp | string, timeoutMs?: number): Promise<string>;
  kill(): void;
}

export function startTmux(command: string, options: { width?: number; height?: number } = {}): TmuxSession {
  const socket = `warden-test-${randomUUID().slice(0, 8)}`;
  const tmux = (...args: string[]): string => execFileSync('tmux', ['-L', socket, ...args], { encoding: 'utf8' });
  tmux('-f', '/dev/null', 'new-session', '-d', '-s', 'main', '-x', String(options.width ?? 160), '-y', String(options.height ?? 50), command);
  const session: TmuxSession = {
    send: (...keys) => void tmux('send-keys', '-t', 'main', ...keys),
    type: (text) => void tmux('send-keys', '-t', 'main', '-l', text),
    screen: () => {
      try {
        return tmux('capture-pane', '-p', '-J', '-S', '-200', '-t', 'main');
      } catch {
        return '';
      }
    },
    styledScreen: () => tmux('capture-pane', '-p', '-e', '-J', '-t', 'main'),
    async waitFor(pattern, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const screen = session.screen();
        if (typeof pattern === 'string' ? screen.includes(pattern) : pattern.test(screen)) return screen;
        if (Date.now() > deadline) throw new Error(`the terminal never showed ${String(pattern)}; it shows:\n${screen}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    kill: () => {
      try {
        tmux('kill-server');
      } catch {
        // already gone
      }
    },
  };
  return session;
}

/** Quotes a value for a POSIX shell command line. */
export function shq(value: string): string {
  return `'${value.replaceAll("'", "'\\''")}'`;
}
