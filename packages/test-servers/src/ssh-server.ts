import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';

/** A real OpenSSH server on 127.0.0.1, for this process's user, with its own keys. */
export interface TestSshd {
  host: '127.0.0.1';
  port: number;
  user: string;
  /** The client's private key (authorized on this server only). */
  identityFile: string;
  /** The server's public host key line (`ssh-ed25519 AAAA…`): what a client pins. */
  hostKey: string;
  /** A folder for the test's own files (known_hosts, …), removed by `stop`. */
  dir: string;
  /** Replaces the host key and restarts on the same port: a client that pinned the old key must refuse it. */
  rekey(): Promise<void>;
  stop(): Promise<void>;
}

/** Where Debian installs sshd; it must be started by absolute path. */
const SSHD = ['/usr/sbin/sshd', '/usr/local/sbin/sshd'].find((p) => existsSync(p));

/** Whether `startSshd` can run here (openssh-server installed). */
export function sshdAvailable(): boolean {
  return SSHD !== undefined && existsSync('/usr/bin/ssh-keygen');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function keygen(file: string): string {
  rmSync(file, { force: true });
  rmSync(`${file}.pub`, { force: true });
  execFileSync('/usr/bin/ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', 'warden-test', '-f', file]);
  return readFileSync(`${file}.pub`, 'utf8').trim().split(' ').slice(0, 2).join(' ');
}

/** Resolves once the port answers with an SSH banner, rejects if sshd exits first. */
function waitForBanner(port: number, child: ChildProcess, log: () => string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null): void => reject(new Error(`sshd exited (${code}): ${log()}`));
    child.once('exit', onExit);
    const attempt = (): void => {
      const socket = connect(port, '127.0.0.1');
      socket.once('data', (chunk) => {
        socket.destroy();
        if (chunk.toString('latin1').startsWith('SSH-')) {
          child.off('exit', onExit);
          resolve();
        } else setTimeout(attempt, 50);
      });
      socket.once('error', () => setTimeout(attempt, 50));
    };
    attempt();
  });
}

/**
 * Starts `sshd -D` on a free high port with a temporary host key and one authorized client key,
 * configured only by `-f` on a file of its own and `-o` options: no system config is read or
 * changed. sshd as root needs its privilege-separation folder (`/run/sshd`), which Debian's
 * service would make; it is made here when missing.
 */
export async function startSshd(): Promise<TestSshd> {
  if (SSHD === undefined) throw new Error('sshd is not installed (apt-get install openssh-server)');
  const dir = mkdtempSync(path.join(tmpdir(), 'warden-sshd-'));
  const hostKeyFile = path.join(dir, 'host_ed25519');
  const identityFile = path.join(dir, 'client_ed25519');
  let hostKey = keygen(hostKeyFile);
  const clientKey = keygen(identityFile);
  writeFileSync(path.join(dir, 'authorized_keys'), `${clientKey}\n`, { mode: 0o600 });
  const config = path.join(dir, 'sshd_config');
  writeFileSync(config, '');
  if (process.getuid?.() === 0 && !existsSync('/run/sshd')) mkdirSync('/run/sshd', { mode: 0o755, recursive: true });
  const port = await freePort();
  let child: ChildProcess | undefined;
  let log = '';
  const start = async (): Promise<void> => {
    log = '';
    const options = {
      HostKey: hostKeyFile,
      AuthorizedKeysFile: path.join(dir, 'authorized_keys'),
      PidFile: path.join(dir, 'sshd.pid'),
      PasswordAuthentication: 'no',
      KbdInteractiveAuthentication: 'no',
      PermitRootLogin: 'prohibit-password',
      StrictModes: 'no',
      UsePAM: 'no',
      ListenAddress: `127.0.0.1:${port}`,
      AllowTcpForwarding: 'local',
      MaxStartups: '50',
      MaxSessions: '50',
      LogLevel: 'ERROR',
      // The login shell reads $HOME's startup files before every command; this machine's
      // (pyenv in root's .bashrc) cost seconds per login and are not what the tests are about.
      // A HOME of the test's own keeps logins clean; the login folder is still the user's own.
      SetEnv: `HOME=${dir}`,
    };
    const args = ['-D', '-e', '-f', config, ...Object.entries(options).flatMap(([k, v]) => ['-o', `${k}=${v}`])];
    const started = spawn(SSHD, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    started.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString('utf8')));
    child = started;
    await waitForBanner(port, started, () => log);
  };
  const halt = async (): Promise<void> => {
    const running = child;
    child = undefined;
    if (running === undefined || running.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill('SIGTERM');
    });
  };
  await start();
  return {
    host: '127.0.0.1',
    port,
    user: userInfo().username,
    identityFile,
    get hostKey() {
      return hostKey;
    },
    dir,
    async rekey() {
      await halt();
      hostKey = keygen(hostKeyFile);
      await start();
    },
    async stop() {
      await halt();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
