/** Every rule name the shell deny list can answer with, and what it covers. Public: names are stable. */
export const SHELL_RULES = {
  'shell.deny_list': 'Allowed: no deny-list rule matched.',
  'shell.undecidable': 'Cannot be decided statically (parse error, run-time command name or path, eval of a non-literal, too large): ask in safe mode, deny otherwise.',
  'shell.delete_outside_workspace': 'Removes /, ~, $HOME, a parent directory, the workspace root or anything outside the workspace.',
  'shell.delete_protected': 'Removes .git, .warden, .env files or a configured protected path.',
  'shell.privilege_escalation': 'sudo, su, doas, pkexec and kin, setuid/setgid chmod or install, setcap.',
  'shell.disk_write': 'Formats or partitions a disk, or writes raw to a block device.',
  'shell.reverse_shell': '/dev/tcp and /dev/udp, nc/ncat -e, socat exec:, a network tool piped into a shell.',
  'shell.cloud_metadata': 'Reaches a cloud instance-metadata endpoint (169.254.169.254 in any spelling, metadata.google.internal, fd00:ec2::254).',
  'shell.download_exec': 'Runs downloaded content: curl | sh, bash <(curl …), eval "$(wget -O- …)", download then execute.',
  'shell.git_force_push': 'git push --force, -f, --force-with-lease, --mirror or a +refspec.',
  'shell.git_reset_hard': 'git reset --hard.',
  'shell.git_clean': 'git clean -x / -X (deletes ignored files such as .env).',
  'shell.fork_bomb': 'A function that calls itself in a pipe or in the background, or a forking loop in a script.',
  'shell.write_outside_workspace': 'A redirection or the destination of cp, mv, tee, truncate, ln, install, dd, chmod, sed -i… outside the workspace.',
  'shell.write_protected': 'The same writes aimed at a protected path.',
} as const;

export type ShellRule = keyof typeof SHELL_RULES;
