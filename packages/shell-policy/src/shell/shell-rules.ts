/**
 * Every rule name the shell analyzer's decisions carry, and what it covers. Public: names are stable.
 * `params` are the values a decision of the rule carries (`Decision.params`), for front ends that
 * say it in another language. The `shell.*` rules only a gate decides (`shell.read_only`,
 * `shell.sandboxed`, `shell.unavailable`…) belong to `@warden/governance`'s `GATE_RULES`.
 */
export const SHELL_RULES = {
  'shell.deny_list': 'Allowed: no deny-list rule matched.',
  'shell.undecidable': 'Cannot be decided statically (parse error, run-time command name or path, eval of a non-literal, code that builds names at run time, too large): ask with requiresPerson in safe and yolo mode (an automatic approver cannot approve it), deny in read-only.',
  'shell.delete_outside_workspace': 'Removes /, ~, $HOME, a parent directory, the workspace root or anything outside the workspace (params: command, path).',
  'shell.delete_protected': 'Removes .git, .warden, .env files or a configured protected path (params: command, path).',
  'shell.read_protected': 'Prints a protected path (cat .env, head .git/config, grep KEY .env.local, cp .env x): the paths file tools refuse (params: command, path).',
  'shell.exfiltration': 'Sends the environment or a secret file over the network: curl -d @/--data-binary @/-F x=@/-T/--upload-file, wget --post-file/--body-file, mail -a, scp/rsync to a host, socat FILE:, env/printenv/set or a secret file piped or fed into nc, curl @-, ssh…, $(cat .env) in a network command\'s arguments, inline code that sends os.environ or a key file (params: command).',
  'shell.ssh_tunnel': 'SSH port forwarding and tunnels: ssh/autossh/plink -R, -L, -D, -w, -o RemoteForward/LocalForward/DynamicForward/Tunnel; tunnelling services (ngrok, cloudflared tunnel, chisel, sshuttle…) (params: command).',
  'shell.git_history_rewrite': 'git filter-branch, filter-repo, rebase -i/--root, update-ref, reflog expire/delete, replace; commit --amend needs a person (it may rewrite a pushed commit) (params: command).',
  'shell.git_hooks': 'git config core.hooksPath or git -c core.hooksPath=: makes git run hooks from a directory of the command\'s choosing (writes under .git/hooks are shell.write_protected) (params: command).',
  'shell.kill_processes': 'kill -9 -1, kill -- -1, kill 0, kill 1, kill of a process group; pkill, killall, fuser -k, shutdown, reboot, systemctl stop/kill (params: command).',
  'shell.privilege_escalation': 'sudo, su, doas, pkexec and kin, setuid/setgid chmod or install, setcap (params: command).',
  'shell.disk_write': 'Formats or partitions a disk, or writes raw to a block device (params: command).',
  'shell.reverse_shell': '/dev/tcp and /dev/udp, awk /inet/ special files, nc/ncat (any distribution name: nc.openbsd, nc.traditional, netcat…, busybox nc) -e/-c/--exec, listeners that hand out a shell (telnetd, busybox telnetd, ttyd, gotty, shellinaboxd, websocat exec:), socat exec:, a network tool piped into a shell, inline code that connects a socket (by any name: net.connect, fsockopen, TCPSocket…) to a shell or program (params: command).',
  'shell.cloud_metadata': 'Reaches a cloud instance-metadata endpoint (169.254.169.254 in any spelling, metadata.google.internal, fd00:ec2::254); as a pattern of a search or text tool (grep, rg, echo…) it is not a target (params: command).',
  'shell.download_exec': 'Runs downloaded content: curl | sh, bash <(curl …), eval "$(wget -O- …)", download then execute, PowerShell iwr | iex / IEX (New-Object Net.WebClient).DownloadString, inline code that fetches and evaluates (params: command).',
  'shell.git_force_push': 'git push --force, -f, --force-with-lease, --mirror or a +refspec (params: command).',
  'shell.git_reset_hard': 'git reset --hard (params: command).',
  'shell.git_clean': 'git clean -x / -X (deletes ignored files such as .env) (params: command).',
  'shell.fork_bomb': 'A function that calls itself in a pipe or in the background, an endless loop (while true, until false, for ((;;))) that starts background or detached processes, or a forking loop in inline code (params: command).',
  'shell.write_outside_workspace': 'A redirection or the destination of cp, mv, tee, truncate, ln, install, dd, chmod, sed -i… outside the workspace (params: command, path).',
  'shell.write_protected': 'The same writes aimed at a protected path (params: command, path).',
  'shell.read_outside_workspace': 'A file-reading command (cat, grep, cp, tar, ls, source, an interpreter\'s script, a < redirection, $(< file)…) reaches outside the workspace through `..` (cat ../../etc/passwd, cd .. && cat x), or a file server shares a folder outside it (python3 -m http.server -d /) (params: command, path).',
  'shell.persistence': 'Installs or removes a scheduled or delegated job that runs later, outside this command: crontab FILE/-/-e/-r, at, batch, atrm, systemd-run, systemctl enable, launchctl load, schtasks /create… Only a person may approve it; what the job runs is analysed as well and denied on its own rules (params: command).',
  'shell.container_escape': 'A container or namespace given the host: a bind mount of /, the home directory, the Docker socket or anything outside the workspace (docker/podman/nerdctl run|create -v, --mount, --volume; bwrap --bind), --privileged, --pid/--net/--ipc/--uts/--userns/--cgroupns=host, --cap-add ALL/SYS_ADMIN/…, unconfined security options, host devices, unshare --map-root-user (params: command).',
  'shell.git_exec_transport': 'A git transport that runs a program: an ext:: or fd:: URL, protocol.allow/protocol.ext.allow set to anything but never, through -c, git config, clone --config or the GIT_CONFIG_KEY_n environment (commands in core.sshCommand, core.fsmonitor, uploadpack.packObjectsHook, --upload-pack… are analysed as commands) (params: command).',
  'shell.beacon': 'Calls out on a timer: a loop that sleeps and reaches the network (while true; do curl …; sleep 60; done, for … sleep … curl), an endless loop that reaches the network, watch running a network command, inline code that loops, sleeps and fetches. Loopback-only targets stay allowed (params: command).',
} as const;

export type ShellRule = keyof typeof SHELL_RULES;

/** The rules a `deny` or person-only finding can carry (not the allow or the undecidable rule). */
export type FindingRule = Exclude<ShellRule, 'shell.deny_list' | 'shell.undecidable'>;
