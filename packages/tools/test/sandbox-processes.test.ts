import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSandboxes, isAlive, pidsWithArg, sandboxedShell, sleep, tcpListener, waitFor, type Listener, type SandboxedShell } from './helpers/sandbox.js';
import { tempDir } from './helpers/workspace.js';

// Real bubblewrap, real processes: whatever a command starts in the
// background — nohup, setsid, double forks, daemons — is gone when the
// command ends, checked by its host PID, by a late file write and by a late
// callback to a listener that never arrives.

const temp = tempDir('warden-sbx-proc-');
const R = temp.dir;
let listener: Listener;
let sb: SandboxedShell;

beforeAll(async () => {
  listener = await tcpListener();
  sb = sandboxedShell(R, { mode: 'on', allowedHosts: [`127.0.0.1:${listener.port}`] });
});

afterAll(async () => {
  closeSandboxes();
  await listener.close();
  temp.cleanup();
});

// Each variant starts `sleep <marker>` detached, which, if it survived, writes
// late-<marker> into the workspace and calls the listener back.
const detachers: Array<[string, (late: string) => string]> = [
  ['nohup … &', (late) => `nohup sh -c '${late}' >/dev/null 2>&1 &`],
  ['setsid … &', (late) => `setsid sh -c '${late}' >/dev/null 2>&1 < /dev/null &`],
  ['setsid -f', (late) => `setsid -f sh -c '${late}' >/dev/null 2>&1 < /dev/null`],
  ['a double fork', (late) => `( ( sh -c '${late}' >/dev/null 2>&1 & ) & )`],
  ['disown', (late) => `bash -c "sh -c '${late}' >/dev/null 2>&1 & disown"`],
  ['a python daemon (fork + setsid + fork)', (late) => `python3 -c "import os,subprocess
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        subprocess.run(['sh', '-c', '''${late}'''], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
"`],
  ['a detached, unref-ed node child', (late) => `node -e "require('child_process').spawn('sh', ['-c', process.argv[1]], { detached: true, stdio: 'ignore' }).unref()" '${late}'`],
];

describe('processes: nothing a command starts outlives it', () => {
  let n = 0;
  it.each(detachers)('%s', async (_label, detach) => {
    const marker = String(4000 + n++ * 7 + Math.floor(Math.random() * 5));
    const lateFile = `late-${marker}`;
    const late = `sleep ${marker}.0 ; echo late > ${lateFile} ; curl -s --noproxy "" http://127.0.0.1:${listener.port}/late-${marker}`;
    // The sleep takes 4000+ s; the command ends right after its started-file is seen.
    const running = sb.run(`${detach(late)}\nsleep 0.3; echo started > started-${marker}; sleep 1.2; echo foreground-done`);
    expect(await waitFor(() => existsSync(path.join(R, `started-${marker}`)))).toBe(true);
    const pids = await (async () => {
      for (let i = 0; i < 40; i++) {
        const found = pidsWithArg(`sleep ${marker}.0`);
        if (found.length > 0) return found;
        await sleep(50);
      }
      return [];
    })();
    expect(pids.length).toBeGreaterThan(0);
    const result = await running;
    expect(result.text).toContain('foreground-done');
    expect(await waitFor(() => pids.every((pid) => !isAlive(pid)))).toBe(true);
    expect(pidsWithArg(`sleep ${marker}.0`)).toEqual([]);
  });

  it('a short-lived background child cannot call back after the command ended', async () => {
    const before = listener.connections;
    const result = await sb.run(`nohup sh -c 'sleep 2; echo late > late-callback; curl -s --noproxy "" http://127.0.0.1:${listener.port}/late' >/dev/null 2>&1 & echo ended`);
    expect(result.text).toContain('ended');
    await sleep(3500);
    expect(existsSync(path.join(R, 'late-callback'))).toBe(false);
    expect(listener.connections).toBe(before);
    expect(listener.received).not.toContain('/late');
  });

  it('the same callback arrives while the command is still running (the channel works)', async () => {
    const result = await sb.run(`nohup sh -c 'curl -s --noproxy "" http://127.0.0.1:${listener.port}/early; echo called > early-callback' >/dev/null 2>&1 & sleep 3; cat early-callback`);
    expect(result.text).toContain('called');
    expect(listener.received).toContain('GET /early');
  });

  it('sees only its own processes', async () => {
    const result = await sb.run('ps -e -o pid=,comm= | wc -l; ls /proc | grep -c "^[0-9]"');
    const [psCount, procCount] = result.text.split('\n').map(Number);
    expect(psCount).toBeLessThan(10);
    expect(procCount).toBeLessThan(10);
  });

  it('a timeout kills the whole sandbox, including detached children', async () => {
    const marker = String(5000 + Math.floor(Math.random() * 500));
    const running = sb.run(`setsid sleep ${marker}.5 & echo started > started-t; sleep 600`, { timeoutMs: 1500 });
    expect(await waitFor(() => existsSync(path.join(R, 'started-t')))).toBe(true);
    const result = await running;
    expect(result.text).toContain('timed out');
    expect(await waitFor(() => pidsWithArg(`sleep ${marker}.5`).length === 0)).toBe(true);
  });
});
