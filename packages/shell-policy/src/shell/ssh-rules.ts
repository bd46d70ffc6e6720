import type { CommandHandler } from './command-env.js';
import { checkUpload } from './exfiltration.js';
import { parseArgs } from './options.js';

const SSH_VALUE = 'BbcDEeFIiJLlmOoPpQRSWw';
/** `-o` settings that forward ports or open a tunnel device. */
const FORWARD_SETTINGS = /^(?:remoteforward|localforward|dynamicforward|tunnel|tunneldevice|gatewayports)\s*[= ]/i;
/** `-o` settings whose value is a command run locally. */
const COMMAND_SETTINGS = /^(?:proxycommand|localcommand|knownhostscommand|remotecommand)\s*[= ]\s*(.*)$/is;

/**
 * `ssh -R/-L/-D/-w` and the same as `-o RemoteForward=…`: port forwarding and tunnels open the
 * workspace machine to the network (or reach into another), in every mode. `ProxyCommand` and
 * `LocalCommand` run locally and are analysed. What `ssh` sends on standard input leaves the machine.
 */
export const ssh: CommandHandler = (args, env, name) => {
  const parsed = parseArgs(args, { short: name === 'plink' ? 'RLDlPiw' : SSH_VALUE, stopAtOperand: true });
  env.sends('stdin');
  env.network(name, parsed.operands[0]?.text?.replace(/^[^@]*@/, ''));
  for (const o of parsed.options) {
    if (o.name === '-R' || o.name === '-L' || o.name === '-D' || o.name === '-w') {
      env.deny('shell.ssh_tunnel', `${name} ${o.name} ${o.value?.text?.slice(0, 60) ?? ''} forwards ports through SSH (${o.name === '-R' ? 'a reverse tunnel' : o.name === '-w' ? 'a tunnel device' : 'a tunnel'})`, { command: `${name} ${o.name}` });
    }
    if (o.name === '-o' && o.value) {
      const setting = o.value.text;
      if (setting === undefined) {
        env.undecidable(`${name} -o: the setting is built at run time`, true);
        continue;
      }
      if (FORWARD_SETTINGS.test(setting)) env.deny('shell.ssh_tunnel', `${name} -o ${setting.slice(0, 60)} forwards ports through SSH`, { command: `${name} -o ${setting.slice(0, 60)}` });
      const command = COMMAND_SETTINGS.exec(setting)?.[1];
      if (command !== undefined) env.runScript(command, `${name} -o ${setting.split(/[= ]/)[0] ?? ''}`);
    }
  }
  return {};
};

/** `scp`/`rsync`/`sftp` copying a secret to another host. */
export const remoteCopy: CommandHandler = (args, env, name) => {
  const parsed = parseArgs(args, { short: name === 'scp' ? 'cFiJloPS' : 'eTB', long: ['--rsh', '--temp-dir', '--exclude', '--include', '--filter', '--backup-dir', '--rsync-path'] });
  const dest = parsed.operands[parsed.operands.length - 1];
  if (!dest || parsed.operands.length < 2) return;
  const remote = dest.text === undefined || /^[^/]*:/.test(dest.text);
  if (!remote) return;
  env.network(name, dest.text?.replace(/^[^@]*@/, '').replace(/:.*$/, ''));
  for (const source of parsed.operands.slice(0, -1)) checkUpload(env, source, name);
};

/** Tunnelling services and VPN-over-SSH: they publish the machine to the internet. */
export const TUNNEL_TOOLS = ['ngrok', 'cloudflared', 'frpc', 'chisel', 'bore', 'lt', 'localtunnel', 'sshuttle', 'autossh', 'inlets', 'pagekite', 'tailscale', 'zrok', 'telebit', 'serveo', 'localxpose', 'loclx'];

export const tunnelTool: CommandHandler = (args, env, name) => {
  if (name === 'autossh') return ssh(args.filter((w, i) => !(w.text === '-M' || args[i - 1]?.text === '-M')), env, 'autossh');
  const first = args.find((w) => !w.text?.startsWith('-'))?.text;
  if (name === 'tailscale' && first !== 'funnel' && first !== 'serve') return {};
  if (name === 'cloudflared' && first !== 'tunnel' && first !== 'access') return {};
  if (args.some((w) => /^(?:--version|-v|version|help|--help|-h)$/.test(w.text ?? ''))) return {};
  env.network(name);
  env.deny('shell.ssh_tunnel', `${name} opens a tunnel that exposes this machine to the network`, { command: name });
  return {};
};
