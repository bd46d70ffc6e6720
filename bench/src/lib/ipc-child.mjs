// Forks a module with an IPC channel and exposes request/response calls to it.
import { fork } from 'node:child_process';

export function forkWorker(script, argv, { execArgv = [] } = {}) {
  const child = fork(script, argv, { execArgv, stdio: ['ignore', 'inherit', 'pipe', 'ipc'] });
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr = (stderr + String(d)).slice(-4000);
  });
  const pending = new Map();
  let nextId = 1;
  const ready = new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`worker ${argv.join(' ')} exited (${code}): ${stderr}`)));
    child.on('message', (msg) => {
      if (msg.ready) resolve();
      const waiter = pending.get(msg.id);
      if (!waiter) return;
      pending.delete(msg.id);
      if (msg.ok) waiter.resolve(msg.value);
      else waiter.reject(new Error(msg.error));
    });
  });
  return {
    ready,
    stderr: () => stderr,
    call(message) {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        child.send({ ...message, id });
      });
    },
    stop() {
      return new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.removeAllListeners('exit');
        child.once('exit', () => resolve());
        child.kill();
      });
    },
  };
}
