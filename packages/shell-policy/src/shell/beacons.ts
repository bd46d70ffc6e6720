import type { Node } from './parser-loader.js';
import { show } from './run-env.js';
import type { ShellRun } from './shell-run.js';
import type { ShellNetworkUse } from './types.js';

/** Hosts on this machine: calling them on a timer is polling a local server, not a beacon. */
export function isLoopback(host: string | undefined): boolean {
  if (host === undefined) return false;
  const h = host.toLowerCase().replace(/^\[|\]$/g, '');
  return h === 'localhost' || h.endsWith('.localhost') || /^127(?:\.\d{1,3}){3}$/.test(h) || h === '::1' || h === '0.0.0.0';
}

/** Whether some of these network uses may reach another machine (an unknown host may). */
export function reachesRemote(uses: readonly ShellNetworkUse[]): boolean {
  return uses.some((n) => !isLoopback(n.host));
}

/** Where the walk was when a loop's body began: what the body adds is compared against it. */
export interface LoopMark {
  network: number;
  commands: number;
}

export function loopMark(run: ShellRun): LoopMark {
  return { network: run.network.length, commands: run.commands.length };
}

/**
 * A periodic beacon: a loop whose body reaches another machine and either sleeps between calls or
 * never ends (`while true; do curl …; sleep 60; done`, `for i in $(seq 99); do curl …; sleep 5; done`).
 * A `break`/`exit`/`return` in the body makes it a retry, and a call in the loop's condition
 * (`until curl -fs …; do sleep 2; done`) a wait for something to come up: both stay allowed.
 */
export function checkBeacon(run: ShellRun, node: Node, loop: LoopMark, body: LoopMark, endless: boolean): void {
  const bodyNode = node.childForFieldName('body');
  if (!bodyNode || /\bbreak\b|\bexit\b|\breturn\b/.test(bodyNode.text)) return;
  if (!reachesRemote(run.network.slice(body.network))) return;
  // The timer may be the condition itself: `while sleep 60; do curl …; done`.
  const sleeps = run.commands.slice(loop.commands).some((c) => c.name === 'sleep' || c.name === 'usleep');
  if (sleeps || endless) run.deny('shell.beacon', `a loop ${sleeps ? 'sleeps and ' : 'without end '}calls out to the network on a timer (beacon)`, { command: show(node.text) });
}
