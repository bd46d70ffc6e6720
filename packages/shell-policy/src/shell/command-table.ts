import type { CommandHandler } from './command-env.js';
import { tar, unzip } from './archive-rules.js';
import { diskTool, isDiskTool } from './disk-rules.js';
import { patch, touch } from './file-touchers.js';
import { find } from './find-rule.js';
import { chmod, chown, copy, dd, install, link, remove, rsync, sed, tee, truncate } from './fs-rules.js';
import { git } from './git-rule.js';
import { alias, cd, evalCommand, interpreter, isInterpreterName, popd, readsVariables, SHELLS, shell, shopt, source, trap } from './interpreters.js';
import { curl, DOWNLOADERS, httpie, netcat, NETWORK_TOOLS, sender, SHELL_SERVERS, shellServer, socat, wget } from './network-rules.js';
import { background, BACKGROUND, kill, killByName, KILL_BY_NAME } from './process-rules.js';
import { remoteCopy, ssh, tunnelTool, TUNNEL_TOOLS } from './ssh-rules.js';
import { privilege, PRIVILEGE_COMMANDS, WRAPPERS } from './wrappers.js';
import { SCHEDULERS } from './scheduler-rules.js';
import { PACKAGE_RUNNERS } from './package-runners.js';
import { cloudUpload, CLOUD_UPLOADERS } from './cloud-uploads.js';
import { bwrap, containerRuntime } from './container-rules.js';

export type CommandCategory = 'downloader' | 'network' | 'shell' | 'interpreter' | 'other';

const HANDLERS: Readonly<Record<string, CommandHandler>> = Object.freeze({
  ...WRAPPERS,
  ...Object.fromEntries(PRIVILEGE_COMMANDS.map((n) => [n, privilege])),
  ...Object.fromEntries(SHELLS.map((n) => [n, shell])),
  ...Object.fromEntries(['nc', 'ncat', 'cryptcat', 'pwncat', 'sbd'].map((n) => [n, netcat])),
  ...Object.fromEntries(['telnet', 'openssl', 'websocat', 'dig', 'nslookup', 'host', 'drill', 'mail', 'mailx', 'sendmail', 'mutt', 'msmtp', 'ftp', 'tftp', 'sftp'].map((n) => [n, sender])),
  ...Object.fromEntries(TUNNEL_TOOLS.map((n) => [n, tunnelTool])),
  ...Object.fromEntries(KILL_BY_NAME.map((n) => [n, killByName])),
  ...Object.fromEntries(BACKGROUND.map((n) => [n, background])),
  ...SCHEDULERS,
  ...PACKAGE_RUNNERS,
  ...Object.fromEntries(['docker', 'podman', 'nerdctl'].map((n) => [n, containerRuntime])),
  bwrap,
  ssh,
  plink: ssh,
  scp: remoteCopy,
  kill,
  ...Object.fromEntries(['rm', 'rmdir', 'unlink', 'shred', 'srm', 'wipe', 'trash', 'trash-put'].map((n) => [n, remove])),
  ...Object.fromEntries(['cp', 'mv'].map((n) => [n, copy])),
  ...Object.fromEntries(['chown', 'chgrp'].map((n) => [n, chown])),
  ...Object.fromEntries(['read', 'mapfile', 'readarray', 'getopts'].map((n) => [n, readsVariables])),
  ln: link,
  touch,
  patch,
  install,
  tee,
  truncate,
  dd,
  chmod,
  sed,
  rsync,
  find,
  git,
  tar,
  unzip,
  curl,
  wget,
  ...Object.fromEntries(['http', 'https', 'xh', 'xhs', 'curlie'].map((n) => [n, httpie])),
  ...Object.fromEntries(CLOUD_UPLOADERS.map((n) => [n, cloudUpload])),
  ...Object.fromEntries([...SHELL_SERVERS, 'in.telnetd'].map((n) => [n, shellServer])),
  socat,
  eval: evalCommand,
  source,
  '.': source,
  trap,
  alias,
  cd,
  pushd: cd,
  popd,
  shopt,
});

/** The handler for a normalised command name, if the deny list has rules about it. */
export function handlerFor(name: string): CommandHandler | undefined {
  if (Object.hasOwn(HANDLERS, name)) return HANDLERS[name];
  if (isInterpreterName(name)) return interpreter;
  if (isDiskTool(name)) return diskTool;
  return undefined;
}

const DOWNLOADER_SET = new Set(DOWNLOADERS);
const NETWORK_SET = new Set(NETWORK_TOOLS);
const SHELL_SET = new Set(SHELLS);

export function commandCategory(name: string): CommandCategory {
  if (DOWNLOADER_SET.has(name)) return 'downloader';
  if (NETWORK_SET.has(name)) return 'network';
  if (SHELL_SET.has(name)) return 'shell';
  if (isInterpreterName(name)) return 'interpreter';
  return 'other';
}
