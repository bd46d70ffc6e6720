import { posix } from 'node:path';
import type { CommandEnv, CommandHandler } from './command-env.js';
import { checkUpload } from './exfiltration.js';
import { parseArgs } from './options.js';
import type { ShellWord } from './types.js';

export const DOWNLOADERS = ['curl', 'wget', 'fetch', 'http', 'https', 'xh', 'curlie', 'aria2c', 'lwp-request', 'get', 'lynx', 'links'];
export const NETWORK_TOOLS = ['nc', 'ncat', 'socat', 'telnet', 'cryptcat', 'pwncat', 'sbd', 'websocat', 'ssh', 'dig', 'nslookup', 'host', 'drill', 'mail', 'mailx', 'sendmail', 'mutt', 'msmtp', 'ftp', 'tftp', 'sftp'];

/** curl options whose value is sent: `@file` reads a file (`@-` standard input). */
const CURL_DATA = new Set(['-d', '--data', '--data-binary', '--data-ascii', '--data-urlencode', '--json']);

function recordDownload(env: CommandEnv, file: ShellWord, what: string): void {
  if (file.text === undefined || file.text === '-') return;
  env.checkWrite(file, what, { devices: true });
  if (env.state.cwd !== undefined) env.downloads.add(posix.resolve(env.state.cwd, file.text));
}

function remoteName(url: string | undefined): ShellWord | undefined {
  if (url === undefined) return undefined;
  const base = posix.basename(url.replace(/[?#].*$/, ''));
  return base.length > 0 && !base.includes(':') ? { text: base, glob: false } : undefined;
}

export const curl: CommandHandler = (args, env) => {
  const parsed = parseArgs(args, {
    short: 'oduHXATFEKbcehmrtwxyzYQCU',
    long: ['--url-query', '--variable', '--output', '--data', '--data-raw', '--data-binary', '--header', '--request', '--user', '--upload-file', '--form', '--config', '--cookie', '--cookie-jar', '--proxy', '--max-time', '--retry', '--url', '--output-dir', '--write-out', '--user-agent', '--referer', '--cert', '--key', '--cacert', '--resolve', '--connect-to', '--dump-header', '--data-ascii', '--data-urlencode', '--json', '--form-string', '--upload-file'],
  });
  env.sends('args');
  for (const o of parsed.options) {
    const value = o.value;
    if (CURL_DATA.has(o.name) && value) {
      const at = value.text === undefined ? -1 : o.name === '--data-urlencode' ? value.text.indexOf('@') : value.text.startsWith('@') ? 0 : -1;
      if (value.text === undefined) env.undecidable(`curl ${o.name}: the data is built at run time`);
      else if (at >= 0) checkUpload(env, { text: value.text.slice(at + 1), glob: value.glob }, `curl ${o.name}`);
    }
    if ((o.name === '-F' || o.name === '--form') && value) {
      const file = value.text === undefined ? undefined : /^[^=]*=[@<]([^;]*)/.exec(value.text)?.[1];
      if (value.text === undefined) env.undecidable('curl -F: the form is built at run time');
      else if (file !== undefined) checkUpload(env, { text: file, glob: value.glob }, `curl ${o.name}`);
    }
    if ((o.name === '-T' || o.name === '--upload-file') && value) checkUpload(env, value, `curl ${o.name}`);
    // `-H @file` (headers), `--url-query [name]@file`, `--variable name@file`: the file's content is sent too.
    if ((o.name === '-H' || o.name === '--header' || o.name === '--url-query' || o.name === '--variable') && value?.text !== undefined) {
      const at = value.text.indexOf('@');
      if (at >= 0 && (o.name === '--url-query' || o.name === '--variable' || at === 0)) checkUpload(env, { text: value.text.slice(at + 1), glob: value.glob }, `curl ${o.name}`);
    }
    if ((o.name === '-o' || o.name === '--output') && o.value) recordDownload(env, o.value, 'curl -o');
    if ((o.name === '-c' || o.name === '--cookie-jar' || o.name === '--dump-header' || o.name === '-D') && o.value) env.checkWrite(o.value, `curl ${o.name}`, { devices: true });
  }
  if (parsed.options.some((o) => o.name === '-O' || o.name === '--remote-name' || o.name === '--remote-name-all')) {
    for (const url of parsed.operands) {
      const file = remoteName(url.text);
      if (file) recordDownload(env, file, 'curl -O');
    }
  }
};

export const wget: CommandHandler = (args, env) => {
  const parsed = parseArgs(args, { short: 'OoaePUTtwQiBDIXlA', long: ['--output-document', '--output-file', '--append-output', '--directory-prefix', '--user-agent', '--header', '--post-data', '--post-file', '--body-file', '--body-data', '--method', '--tries', '--timeout', '--input-file', '--base'] });
  let named = false;
  env.sends('args');
  for (const o of parsed.options) {
    if ((o.name === '--post-file' || o.name === '--body-file') && o.value) checkUpload(env, o.value, `wget ${o.name}`);
    if ((o.name === '-O' || o.name === '--output-document') && o.value) {
      named = true;
      recordDownload(env, o.value, 'wget -O');
    }
    if ((o.name === '-o' || o.name === '-a' || o.name === '--output-file' || o.name === '--append-output') && o.value) env.checkWrite(o.value, `wget ${o.name}`, { devices: true });
    if ((o.name === '-P' || o.name === '--directory-prefix') && o.value) env.checkWrite(o.value, 'wget -P');
  }
  if (!named) {
    for (const url of parsed.operands) {
      const file = remoteName(url.text);
      if (file) recordDownload(env, file, 'wget');
    }
  }
};

/** `nc -e /bin/sh`, `ncat --sh-exec`, `nc -c`: a socket handed to a program. */
export const netcat: CommandHandler = (args, env, name) => {
  env.sends('stdin');
  for (const word of args) {
    const text = word.text;
    if (text === undefined) continue;
    if (/^--(?:exec|sh-exec|lua-exec)/.test(text) || /^-[A-Za-z0-9]*[ec]/.test(text) && !text.startsWith('--')) {
      env.deny('shell.reverse_shell', `${name} ${text} hands a network connection to a program (reverse shell)`, { command: `${name} ${text}` });
      return;
    }
  }
};

export const socat: CommandHandler = (args, env) => {
  for (const word of args) {
    const file = word.text === undefined ? undefined : /^(?:file|open|gopen):([^,]+)/i.exec(word.text)?.[1];
    if (file !== undefined) checkUpload(env, { text: file, glob: false }, 'socat');
    if (word.text !== undefined && /^(?:stdio|stdin|-)$/i.test(word.text)) env.sends('stdin');
    if (word.text !== undefined && /(?:^|[!,:])\s*(?:exec|system)\s*:/i.test(word.text)) {
      env.deny('shell.reverse_shell', 'socat connects a network address to a program (reverse shell)', { command: 'socat' });
      return;
    }
  }
};

/** `telnet`, `openssl s_client`, `websocat`, DNS and mail tools: what goes in goes out. */
export const sender: CommandHandler = (args, env, name) => {
  if (name === 'websocat' && args.some((w) => w.text !== undefined && /(?:^|:)(?:sh-c|exec|cmd):/i.test(w.text))) {
    env.deny('shell.reverse_shell', 'websocat connects a socket to a program (reverse or bind shell)', { command: 'websocat exec:' });
  }
  if (name === 'openssl' && !args.some((w) => /^s_(?:client|server)$/.test(w.text ?? ''))) return;
  if (name === 'openssl') env.network('openssl s_client');
  const outcome = { network: true };
  env.sends('stdin');
  env.sends('args');
  if (/^(?:mail|mailx|mutt|sendmail|msmtp)$/.test(name)) {
    const parsed = parseArgs(args, { short: 'aAsbcrSF', long: ['--attach'] });
    for (const o of parsed.options) if ((o.name === '-a' || o.name === '-A' || o.name === '--attach') && o.value) checkUpload(env, o.value, `${name} ${o.name}`);
  }
  return outcome;
};

/** HTTPie's options that take a value (`http`, `https`, `xh`, `xhs`). */
const HTTPIE_VALUES = ['--auth', '--auth-type', '--session', '--session-read-only', '--output', '--verify', '--cert', '--cert-key', '--proxy', '--timeout', '--style', '--print', '--pretty', '--format-options', '--boundary', '--raw', '--ssl', '--ciphers', '--default-scheme', '--max-redirects', '--response-charset', '--response-mime'];

/**
 * HTTPie (`http`, `https`) and xh: request items `field@path` (a form upload), `key=@path` and
 * `key:=@path` (a value read from a file), a bare `@path` (the body read from a file); standard input
 * is the body when it is redirected. A secret, protected or home file cannot leave by any of them.
 */
export const httpie: CommandHandler = (args, env, name) => {
  env.sends('args');
  env.sends('stdin');
  const parsed = parseArgs(args, { short: 'aAopv', long: HTTPIE_VALUES });
  const raw = parsed.options.find((o) => o.name === '--raw')?.value;
  if (raw?.text?.startsWith('@')) checkUpload(env, { text: raw.text.slice(1), glob: raw.glob }, `${name} --raw`);
  const operands = parsed.operands;
  const urlAt = /^[A-Z]+$/.test(operands[0]?.text ?? '') ? 1 : 0;
  for (const word of operands.slice(urlAt + 1)) {
    const text = word.text;
    if (text === undefined) {
      env.undecidable(`${name}: a request item is built at run time`);
      continue;
    }
    const sep = text.search(/[=:@]/);
    if (sep < 0) continue;
    const rest = text.slice(sep);
    const file = rest.startsWith(':=@') ? rest.slice(3) : rest.startsWith('=@') ? rest.slice(2) : rest.startsWith('@') ? rest.slice(1) : rest.startsWith(':@') ? rest.slice(2) : undefined;
    if (file !== undefined) checkUpload(env, { text: file.replace(/;type=.*$/, ''), glob: word.glob }, `${name} ${text.slice(0, sep + 1)}@`);
  }
};

/** Servers whose whole purpose is to hand out a shell on a network port. */
export const SHELL_SERVERS = ['telnetd', 'utelnetd', 'ttyd', 'gotty', 'shellinaboxd', 'shellinabox', 'wetty', 'tty-share'];

/** `busybox telnetd -l /bin/sh`, `ttyd bash`, `gotty -w sh`: a bind shell, anyone who connects gets a terminal. */
export const shellServer: CommandHandler = (args, env, name) => {
  if (args.some((w) => /^(?:--help|-h|--version|-V|-v)$/.test(w.text ?? '')) && args.length === 1) return;
  env.network(name);
  env.deny('shell.reverse_shell', `${name} hands out a shell to whoever connects (bind shell)`, { command: name });
};
