import { openSessionStore, parseStoreLocation, type HarnessOptions } from '@warden/harness';
import { formatSandboxSpec, parseSandboxSpec } from '@warden/protocol/net';
import { createSshSandbox, sshSandboxExists, type SshSandbox } from '@warden/tools';
import { CliError } from '../cli/cli-error.js';
import type { CommandContext } from '../cli/command.js';
import type { RunCommandOptions } from './run-options.js';
import { wardenKnownHosts } from './sandboxes-action.js';
import { storedWorkspace, type SessionWorkspace } from './session-workspace.js';

/** The run's sandbox when it is not this host's bubblewrap, and what to record of it afterwards. */
export interface RunSandbox {
  sandbox: SshSandbox;
  /** Keeps it (when asked, or re-attached) and says so; the fields the session records. Always closes it. */
  finish(): Promise<Pick<SessionWorkspace, 'sandboxSpec' | 'sandboxId'>>;
}

async function recordedSandbox(options: HarnessOptions, sessionId: string | undefined): Promise<SessionWorkspace | undefined> {
  if (sessionId === undefined || typeof options.sessions === 'object') return undefined;
  const store = await openSessionStore(parseStoreLocation(options.sessions, options.workdir));
  try {
    return await storedWorkspace(store, sessionId);
  } finally {
    await store.close?.();
  }
}

/**
 * `--sandbox SPEC` (or the kept sandbox the resumed session recorded): an SSH sandbox handed to the
 * harness, re-attached by its id when the session kept one and it still exists (else said gone and
 * a new one made). `bwrap` or nothing: undefined (the harness's own bubblewrap). docker:// and the
 * remote services are checked by `warden sandboxes` but cannot run commands yet: a usage error.
 */
export async function openRunSandbox(ctx: CommandContext<RunCommandOptions>, options: HarnessOptions, sessionId: string | undefined): Promise<RunSandbox | undefined> {
  const { io, t, style } = ctx;
  const recorded = await recordedSandbox(options, sessionId);
  const text = ctx.options.sandbox ?? recorded?.sandboxSpec;
  if (text === undefined || text === 'bwrap') return undefined;
  let spec;
  try {
    spec = parseSandboxSpec(text);
  } catch (error) {
    throw new CliError({ code: 'cli.invalid_value', message: `--sandbox ${text}: ${(error as Error).message}`, key: 'error.invalidValue', params: { flag: '--sandbox', reason: (error as Error).message } });
  }
  if (spec.kind !== 'ssh') {
    throw new CliError({ code: 'cli.invalid_value', message: `--sandbox ${text}: cannot run commands yet`, key: 'error.sandboxNotRunnable', params: { spec: text } });
  }
  const target = {
    host: spec.host,
    port: spec.port,
    ...(spec.user !== undefined ? { user: spec.user } : {}),
    ...(io.env.WARDEN_SSH_KEY ? { identityFile: io.env.WARDEN_SSH_KEY } : {}),
    ...(io.env.WARDEN_SSH_HOST_KEY ? { hostKey: io.env.WARDEN_SSH_HOST_KEY } : {}),
    knownHostsFile: wardenKnownHosts(io.env),
    ...(spec.dir !== undefined ? { remoteRoot: spec.dir } : {}),
  };
  const normalized = formatSandboxSpec(spec);
  let id: string | undefined;
  if (recorded?.sandboxId !== undefined && recorded.sandboxSpec === normalized) {
    const params = { spec: normalized, id: recorded.sandboxId };
    if (await sshSandboxExists({ ...target, id: recorded.sandboxId })) {
      id = recorded.sandboxId;
      io.stderr.write(`${style.dim(t('run.sandboxReattached', params))}\n`);
    } else io.stderr.write(`${style.yellow(t('run.sandboxGone', params))}\n`);
  }
  const sandbox = createSshSandbox({ workspace: options.workdir, ...target, ...(id !== undefined ? { id } : {}) });
  const keep = ctx.options.keepSandbox === true || id !== undefined;
  let finished: Promise<Pick<SessionWorkspace, 'sandboxSpec' | 'sandboxId'>> | undefined;
  return {
    sandbox,
    finish() {
      finished ??= (async () => {
      try {
        if (!keep) return {};
        const handle = await sandbox.keep();
        io.stderr.write(`${style.dim(t('run.sandboxKept', { spec: handle.spec, id: handle.id }))}\n`);
        return { sandboxSpec: handle.spec, sandboxId: handle.id };
      } finally {
        await sandbox.close();
      }
      })();
      return finished;
    },
  };
}
