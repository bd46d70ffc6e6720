import type { CommandEnv, CommandHandler, CommandOutcome } from './command-env.js';
import { isBlockDevice } from './device-paths.js';
import { background } from './process-rules.js';
import { show } from './run-env.js';
import type { ShellWord } from './types.js';

/** docker/podman/nerdctl run|create options that take a value (separate word). */
const VALUE_OPTIONS = new Set([
  '-v', '--volume', '--mount', '--pid', '--net', '--network', '--ipc', '--uts', '--userns', '--cgroupns', '--cap-add', '--cap-drop', '--security-opt',
  '--device', '--device-cgroup-rule', '-e', '--env', '--env-file', '-w', '--workdir', '--name', '-u', '--user', '-p', '--publish', '--entrypoint',
  '-l', '--label', '--platform', '--pull', '--restart', '-m', '--memory', '--cpus', '--hostname', '-h', '--add-host', '--dns', '--tmpfs', '--ulimit',
  '--log-driver', '--log-opt', '--shm-size', '--gpus', '--runtime', '--stop-signal', '--health-cmd', '--network-alias', '--volumes-from', '--group-add',
  '--cidfile', '--rootfs', '--mac-address', '--ip', '--ip6', '--link', '--expose', '--label-file', '--init-path', '--userns-remap', '--pod', '--arch', '--os',
]);
const DANGEROUS_CAPS = /^(?:cap_)?(?:all|sys_admin|sys_module|sys_ptrace|sys_rawio|sys_boot|dac_read_search|dac_override|bpf|perfmon|net_admin|mknod)$/i;
const UNCONFINED = /^(?:apparmor[=:]unconfined|seccomp[=:]unconfined|label[=:]disable|systempaths[=:]unconfined|no-new-privileges[=:]false)$/i;
const HOST_NAMESPACES = new Set(['--pid', '--net', '--network', '--ipc', '--uts', '--userns', '--cgroupns']);

function escape(env: CommandEnv, command: string, reason: string): void {
  env.deny('shell.container_escape', reason, { command: show(command) });
}

/** A bind source on the host that is not inside the workspace: refused (named volumes are not host paths). */
function checkHostSource(env: CommandEnv, source: string | undefined, how: string): void {
  if (source === undefined) {
    env.undecidable(`${how}: the mounted host path is built at run time`, true);
    return;
  }
  if (!/^[/~.]/.test(source)) return;
  const ins = env.peek({ text: source, glob: false });
  if (ins === undefined) {
    env.undecidable(`${how}: the mounted host path cannot be resolved statically`, true);
    return;
  }
  if (ins.class === 'outside' || source.startsWith('~')) escape(env, `${how} ${source}`, `${how} mounts ${show(source)} from the host into the container, outside the workspace`);
}

/** `-v SRC:DST[:opts]` → SRC; `--mount type=bind,source=SRC,…` → SRC when it is a bind. */
function volumeSource(value: string): string | undefined {
  const colon = value.indexOf(':');
  return colon < 0 ? undefined : value.slice(0, colon);
}

function mountSource(value: string): { bind: boolean; source: string | undefined } {
  const fields = new Map(value.split(',').map((f) => [f.slice(0, f.indexOf('=') < 0 ? f.length : f.indexOf('=')).toLowerCase(), f.includes('=') ? f.slice(f.indexOf('=') + 1) : '']));
  const source = fields.get('source') ?? fields.get('src');
  return { bind: (fields.get('type') ?? 'volume').toLowerCase() === 'bind', source };
}

/** Reads run/create/exec options: host mounts, host namespaces, privileges, capabilities, devices. */
function checkRunOptions(args: ShellWord[], env: CommandEnv, what: string): void {
  for (let i = 0; i < args.length; i++) {
    const text = args[i]?.text;
    if (text === undefined) {
      env.undecidable(`${what}: an option is built at run time`, true);
      return;
    }
    if (!text.startsWith('-') || text === '--') return;
    const eq = text.indexOf('=');
    const [name, attached] = text.startsWith('--') && eq > 0 ? [text.slice(0, eq), text.slice(eq + 1)] : /^-[vepuwlmh]./.test(text) ? [text.slice(0, 2), text.slice(2)] : [text, undefined];
    const takes = VALUE_OPTIONS.has(name);
    const value = attached ?? (takes ? args[++i]?.text : undefined);
    if (name === '--privileged' && attached !== 'false') escape(env, `${what} --privileged`, `${what} --privileged gives the container the host's devices and every capability`);
    if (!takes) continue;
    if (value === undefined) {
      env.undecidable(`${what} ${name}: the value is built at run time`, true);
      continue;
    }
    if (name === '-v' || name === '--volume') checkHostSource(env, volumeSource(value), `${what} ${name}`);
    else if (name === '--rootfs') checkHostSource(env, value.replace(/:O$/, ''), `${what} --rootfs`);
    else if (name === '--mount') {
      const mount = mountSource(value);
      if (mount.bind) checkHostSource(env, mount.source, `${what} --mount`);
    } else if (HOST_NAMESPACES.has(name) && /^host$/i.test(value)) escape(env, `${what} ${name}=host`, `${what} ${name}=host shares the host's namespace with the container`);
    else if (name === '--cap-add' && value.split(',').some((c) => DANGEROUS_CAPS.test(c.trim()))) escape(env, `${what} --cap-add ${value}`, `${what} --cap-add ${show(value)} gives the container a capability that reaches the host`);
    else if (name === '--security-opt' && UNCONFINED.test(value)) escape(env, `${what} --security-opt ${value}`, `${what} --security-opt ${show(value)} turns off the container's confinement`);
    else if (name === '--device' && isBlockDevice(value.split(':')[0] ?? '')) escape(env, `${what} --device ${value}`, `${what} --device ${show(value)} gives the container a host disk`);
    else if (name === '--device-cgroup-rule') escape(env, `${what} --device-cgroup-rule`, `${what} --device-cgroup-rule opens host devices to the container`);
    else if (name === '--volumes-from' || name === '--userns-remap') continue;
  }
}

const GLOBAL_VALUES = new Set(['-H', '--host', '--context', '-c', '--config', '-l', '--log-level', '--tlscacert', '--tlscert', '--tlskey', '--url', '--connection', '--root', '--runroot', '--storage-driver', '--namespace', '-n', '--address', '-a']);

/**
 * `docker`/`podman`/`nerdctl run|create|exec` (also `container run`…): the daemon is the host's, so a
 * container given a host mount outside the workspace, host namespaces, `--privileged` or host
 * capabilities is the host (rule `shell.container_escape`). A mount of the workspace (or inside it)
 * is allowed: the container changes what the agent may change anyway. The command inside the
 * container runs in the image's file system and is not analysed as a host command. `docker cp` to a
 * host path is a write.
 */
export const containerRuntime: CommandHandler = (args, env, name): CommandOutcome => {
  let i = 0;
  for (; i < args.length; i++) {
    const text = args[i]?.text;
    if (text === undefined || !text.startsWith('-')) break;
    if (GLOBAL_VALUES.has(text)) i += 1;
  }
  let sub = args[i]?.text;
  if (sub === 'container' || sub === 'compose') sub = args[++i]?.text === undefined ? undefined : `${sub === 'compose' ? 'compose ' : ''}${args[i]?.text ?? ''}`;
  const rest = args.slice(i + 1);
  if (sub === 'run' || sub === 'create' || sub === 'exec' || sub === 'compose run' || sub === 'compose exec') checkRunOptions(rest, env, `${name} ${sub}`);
  // `docker build ..`: the build context is sent to the daemon, a read of that folder.
  if (sub === 'build' || sub === 'buildx build' || (sub === 'buildx' && rest[0]?.text === 'build')) {
    const words = sub === 'buildx' ? rest.slice(1) : rest;
    const valued = /^(?:-t|--tag|-f|--file|--build-arg|--target|--platform|--label|--network|--secret|--ssh|--cache-from|--cache-to|--output|-o|--progress|--iidfile|--add-host|--build-context|--shm-size|--ulimit)$/;
    const context = words.filter((w, k) => !w.text?.startsWith('-') && !valued.test(words[k - 1]?.text ?? '')).pop();
    if (context?.text !== undefined && !/^[a-z][\w+.-]*:\/\/|^-$/i.test(context.text)) env.checkRead(context, `${name} build`);
    const file = words.findIndex((w) => w.text === '-f' || w.text === '--file');
    if (file >= 0 && words[file + 1]) env.checkRead(words[file + 1] as ShellWord, `${name} build -f`);
  }
  if (sub === 'cp') {
    const operands = rest.filter((w) => !w.text?.startsWith('-'));
    const dest = operands[operands.length - 1];
    if (dest && operands.length >= 2 && !/^[^/.~][^/:]*:/.test(dest.text ?? '')) env.checkWrite(dest, `${name} cp`);
  }
  return background(args, env, name) ?? {};
};

/** bwrap options and how many values each takes. */
const BWRAP_ARITY: Record<string, number> = {
  '--bind': 2, '--bind-try': 2, '--dev-bind': 2, '--dev-bind-try': 2, '--ro-bind': 2, '--ro-bind-try': 2, '--symlink': 2, '--setenv': 2, '--chmod': 2,
  '--file': 2, '--bind-data': 2, '--ro-bind-data': 2, '--dev': 1, '--proc': 1, '--tmpfs': 1, '--mqueue': 1, '--dir': 1, '--chdir': 1, '--unsetenv': 1,
  '--remount-ro': 1, '--uid': 1, '--gid': 1, '--hostname': 1, '--lock-file': 1, '--sync-fd': 1, '--info-fd': 1, '--json-status-fd': 1, '--block-fd': 1,
  '--userns-block-fd': 1, '--seccomp': 1, '--add-seccomp-fd': 1, '--exec-label': 1, '--file-label': 1, '--cap-add': 1, '--cap-drop': 1, '--perms': 1,
  '--size': 1, '--args': 1, '--userns': 1, '--userns2': 1, '--pidns': 1, '--argv0': 1, '--overlay-src': 1, '--overlay': 3, '--tmp-overlay': 1, '--ro-overlay': 1,
};

/** `bwrap [options] command…`: a writable bind of a host path outside the workspace, or added capabilities, is the host; the command is analysed. */
export const bwrap: CommandHandler = (args, env) => {
  let i = 0;
  for (; i < args.length; i++) {
    const text = args[i]?.text;
    if (text === undefined) {
      env.undecidable('bwrap: an option is built at run time', true);
      return {};
    }
    if (text === '--') {
      i += 1;
      break;
    }
    if (!text.startsWith('--')) break;
    const arity = BWRAP_ARITY[text] ?? 0;
    if (/^--(?:dev-)?bind(?:-try)?$/.test(text)) checkHostSource(env, args[i + 1]?.text, `bwrap ${text}`);
    if (text === '--cap-add') escape(env, `bwrap --cap-add ${args[i + 1]?.text ?? ''}`, 'bwrap --cap-add gives the command capabilities the host sandbox took away');
    i += arity;
  }
  return env.runArgv(args.slice(i), 'bwrap');
};

/** `unshare -r`/`--map-root-user`/`--map-user=0`: root in a new user namespace, which can remount what the sandbox protects. */
export function unshareMapsRoot(args: ShellWord[]): boolean {
  for (const word of args) {
    const text = word.text;
    if (text === undefined || !text.startsWith('-')) return false;
    if (/^--map-root-user$|^--map-auto$|^--map-user=(?:0|root)$/.test(text) || (/^-[A-Za-z]+$/.test(text) && text.includes('r'))) return true;
  }
  return false;
}
