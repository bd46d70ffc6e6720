import { posix } from 'node:path';
import type { CommandEnv, CommandHandler } from './command-env.js';
import { parseArgs } from './options.js';
import type { ShellWord } from './types.js';

export const DOWNLOADERS = ['curl', 'wget', 'fetch', 'http', 'https', 'xh', 'curlie', 'aria2c', 'lwp-request', 'get', 'lynx', 'links'];
export const NETWORK_TOOLS = ['nc', 'ncat', 'netcat', 'socat', 'telnet', 'cryptcat', 'pwncat', 'sbd'];

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
    long: ['--output', '--data', '--data-raw', '--data-binary', '--header', '--request', '--user', '--upload-file', '--form', '--config', '--cookie', '--cookie-jar', '--proxy', '--max-time', '--retry', '--url', '--output-dir', '--write-out', '--user-agent', '--referer', '--cert', '--key', '--cacert', '--resolve', '--connect-to', '--dump-header'],
  });
  for (const o of parsed.options) {
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
  const parsed = parseArgs(args, { short: 'OoaePUTtwQiBDIXlA', long: ['--output-document', '--output-file', '--append-output', '--directory-prefix', '--user-agent', '--header', '--post-data', '--post-file', '--tries', '--timeout', '--input-file', '--base'] });
  let named = false;
  for (const o of parsed.options) {
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
  for (const word of args) {
    const text = word.text;
    if (text === undefined) continue;
    if (/^--(?:exec|sh-exec|lua-exec)/.test(text) || /^-[A-Za-z0-9]*[ec]/.test(text) && !text.startsWith('--')) {
      env.deny('shell.reverse_shell', `${name} ${text} hands a network connection to a program (reverse shell)`);
      return;
    }
  }
};

export const socat: CommandHandler = (args, env) => {
  for (const word of args) {
    if (word.text !== undefined && /(?:^|[!,:])\s*(?:exec|system)\s*:/i.test(word.text)) {
      env.deny('shell.reverse_shell', 'socat connects a network address to a program (reverse shell)');
      return;
    }
  }
};
