// Starts server-process.mjs as a child and resolves with its origin and a stop function.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SCRIPT = fileURLToPath(new URL('./server-process.mjs', import.meta.url));

export function spawnFakeServer() {
  const child = spawn(process.execPath, [SCRIPT], { stdio: ['pipe', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let text = '';
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`fake server exited early (${code})`)));
    child.stdout.on('data', (data) => {
      text += String(data);
      const line = text.split('\n')[0];
      if (text.includes('\n')) {
        child.removeAllListeners('exit');
        const { origin } = JSON.parse(line);
        const stop = () =>
          new Promise((done) => {
            child.once('exit', () => done());
            child.stdin.end();
          });
        resolve({ origin, pid: child.pid, stop });
      }
    });
  });
}
