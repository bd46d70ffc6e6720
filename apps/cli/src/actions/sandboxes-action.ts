import { homedir } from 'node:os';
import path from 'node:path';
import { didYouMean } from '@warden/protocol/checks';
import { parseSandboxSpec } from '@warden/protocol/net';
import { checkSandboxBackends, SANDBOX_BACKENDS, type SandboxBackendName } from '@warden/tools';
import { CliError } from '../cli/cli-error.js';
import type { CommandContext } from '../cli/command.js';
import { EXIT } from '../cli/exit-codes.js';
import type { MessageKey } from '../i18n/catalog-types.js';
import { renderTable } from '../render/table.js';
import { unexpectedArgument } from './usage-errors.js';

interface SandboxesOptions {
  check?: boolean;
}

/** How each backend is chosen with `--sandbox`, and what configures it. */
const FORMS: Record<SandboxBackendName, { form: string; needs: MessageKey }> = {
  bwrap: { form: 'bwrap', needs: 'sandboxes.needs.bwrap' },
  ssh: { form: 'ssh://user@host[:port]', needs: 'sandboxes.needs.ssh' },
  docker: { form: 'docker://image', needs: 'sandboxes.needs.docker' },
  e2b: { form: 'e2b://template', needs: 'sandboxes.needs.e2b' },
  daytona: { form: 'daytona://snapshot', needs: 'sandboxes.needs.daytona' },
};

/** Warden's own known_hosts: SSH sandbox host keys are pinned here, never in ~/.ssh. */
export function wardenKnownHosts(env: Readonly<Record<string, string | undefined>>): string {
  return path.join(env.HOME ?? homedir(), '.warden', 'known_hosts');
}

/** NAME: a backend's name, or a spec that names one (`ssh://me@host`, `docker://node:20`). */
function chosen(name: string | undefined): { backend?: SandboxBackendName; spec?: string } {
  if (name === undefined) return {};
  if ((SANDBOX_BACKENDS as readonly string[]).includes(name)) return { backend: name as SandboxBackendName };
  let backend: string | undefined;
  try {
    const spec = parseSandboxSpec(name);
    backend = spec.kind === 'remote' ? spec.provider : spec.kind;
  } catch {
    backend = undefined;
  }
  if (backend !== undefined && (SANDBOX_BACKENDS as readonly string[]).includes(backend)) return { backend: backend as SandboxBackendName, spec: name };
  const guess = didYouMean(name, SANDBOX_BACKENDS);
  throw new CliError({
    code: 'cli.invalid_value',
    message: `${name}: unknown sandbox backend`,
    key: 'error.invalidValue',
    params: { flag: 'NAME', reason: `unknown sandbox backend "${name}" (known: ${SANDBOX_BACKENDS.join(', ')})` },
    ...(guess ? { hintKey: 'hint.didYouMean', hintParams: { suggestion: guess }, hint: `did you mean ${guess}?` } : {}),
  });
}

/**
 * `warden sandboxes [NAME] [--check] [--json]`: where commands can run. Without `--check` it lists
 * each backend, its `--sandbox` form and what configures it (nothing is contacted); with `--check`
 * each is asked, and reported available, not configured, or failing with the reason and a code.
 * Exit 1 when a checked backend that is configured fails.
 */
export async function sandboxesAction(ctx: CommandContext<SandboxesOptions>): Promise<number> {
  const { io, t, style, options, positionals } = ctx;
  if (positionals.length > 1) throw unexpectedArgument(positionals[1]!, 'warden sandboxes');
  const { backend, spec } = chosen(positionals[0]);
  const names = backend === undefined ? SANDBOX_BACKENDS : [backend];
  if (!options.check) {
    if (options.json) for (const name of names) io.stdout.write(`${JSON.stringify({ backend: name, form: FORMS[name].form, needs: t(FORMS[name].needs) })}\n`);
    else {
      io.stdout.write(renderTable([t('column.backend'), t('column.sandboxForm'), t('column.configuredBy')], names.map((name) => [name, FORMS[name].form, t(FORMS[name].needs)]), style));
      io.stdout.write(`${style.dim(t('sandboxes.hintCheck'))}\n`);
    }
    return EXIT.done;
  }
  const reports = await checkSandboxBackends({ env: io.env, workspace: io.cwd, knownHostsFile: wardenKnownHosts(io.env), ...(spec !== undefined ? { spec } : {}) }, backend);
  if (options.json) for (const report of reports) io.stdout.write(`${JSON.stringify(report)}\n`);
  else {
    const state = (r: (typeof reports)[number]): string =>
      r.check.state === 'available' ? style.green(t('sandboxes.available')) : r.check.state === 'failing' ? style.red(t('sandboxes.failing', { code: r.check.code })) : style.dim(t('sandboxes.notConfigured'));
    io.stdout.write(renderTable([t('column.backend'), t('column.state'), t('column.where'), t('column.detail')], reports.map((r) => [r.backend, state(r), r.target, r.check.detail]), style));
  }
  return reports.some((r) => r.check.state === 'failing') ? EXIT.error : EXIT.done;
}
