import { z } from 'zod';
import { scopeHostText } from '@warden/protocol/net';
import type { ToolContext, ToolV1 } from '@warden/protocol';
import { defineTool } from './define-tool.js';
import type { PathJail } from './path-jail.js';
import { runProcess } from './run-process.js';
import type { Sandbox, SandboxCommand } from './sandbox/create-sandbox.js';
import { sanitizeEnv } from './sanitize-env.js';
import { toolError } from './tool-error-codes.js';

export interface ShellConfig {
  timeoutMs: number;
  maxTimeoutMs: number;
  maxOutputBytes: number;
  secretEnvNames: string[];
  env?: Record<string, string | undefined>;
  shellPath: string;
  killGraceMs: number;
  /** Applied to the merged output before its middle is cut. */
  redact?: (text: string) => string;
  /** Runs every command through this OS sandbox (see `createSandbox`). */
  sandbox?: Sandbox;
}

/**
 * The hosts the run's task names, each on its ports (`http://localhost:3000`, not every port of
 * localhost): the person authorized them, so the sandbox's proxy lets this command reach them too.
 */
function scopeHosts(ctx: ToolContext): { allowedHosts?: string[] } {
  const hosts = ctx.scope?.hosts.map(scopeHostText) ?? [];
  return hosts.length > 0 ? { allowedHosts: hosts } : {};
}

const SANDBOX_NOTE =
  ' When the OS sandbox is active, only the workspace is writable (not .env*, .git/config, .git/hooks, .warden or instruction files), the rest of the system is read-only, the home folder is hidden, /tmp is private, the network is reachable only to allowed hosts through HTTP_PROXY/HTTPS_PROXY/ALL_PROXY, and background processes end with the command.';

/**
 * The `shell` tool. It does not judge commands — whether one may run is the
 * gate's decision — it only runs them safely: workspace cwd, secret-free
 * environment, timeout, capped output, whole process group killed.
 */
export function shellTool(jail: PathJail, config: ShellConfig): ToolV1 {
  const maxTimeout = Math.max(config.maxTimeoutMs, config.timeoutMs);
  return defineTool({
    name: 'shell',
    description: `Run a shell command (${config.shellPath} -c) with the workspace root as the working directory. stdout and stderr are merged; output beyond ${config.maxOutputBytes} bytes is cut in the middle. The command and everything it started are killed after the timeout (default ${config.timeoutMs} ms). Secret environment variables are not available.${config.sandbox && config.sandbox.mode !== 'off' ? SANDBOX_NOTE : ''}`,
    input: z.strictObject({
      command: z.string().min(1).max(100_000).describe('The command line to run.'),
      cwd: z.string().optional().describe('Working directory relative to the workspace root. Default: the root.'),
      timeoutMs: z.number().int().min(1).max(maxTimeout).optional().describe(`Time limit in milliseconds (at most ${maxTimeout}).`),
    }),
    annotations: { mutating: true, destructive: true, openWorld: true },
    timeoutMs: maxTimeout + config.killGraceMs + 1000,
    async execute(args, ctx) {
      const cwd = args.cwd === undefined ? jail.resolve('.') : jail.resolve(args.cwd);
      if (!cwd.exists) throw toolError('tool.file_not_found', `working directory ${args.cwd ?? '.'} does not exist`);
      const timeoutMs = args.timeoutMs ?? config.timeoutMs;
      const env = sanitizeEnv(config.env ?? process.env, config.secretEnvNames);
      const plan: SandboxCommand = config.sandbox
        ? await config.sandbox.wrap(args.command, { cwd: cwd.real, env, shellPath: config.shellPath, ...scopeHosts(ctx) })
        : { file: config.shellPath, args: ['-c', args.command], env, sandboxed: false, finish: async () => ({ violations: [], text: '' }) };
      if (plan.notice !== undefined) ctx.emit({ type: 'warning', message: plan.notice });
      const result = await runProcess({
        file: plan.file,
        args: plan.args,
        cwd: cwd.real,
        env: plan.env,
        timeoutMs,
        maxOutputBytes: config.maxOutputBytes,
        killGraceMs: config.killGraceMs,
        signal: ctx.signal,
        ...(config.redact ? { redact: config.redact } : {}),
      });
      const report = await plan.finish(result.output);
      if (result.spawnError !== undefined) {
        throw toolError('tool.execution_failed', `could not start ${plan.file}: ${result.spawnError}`, plan.sandboxed ? 'Check that bubblewrap is installed.' : 'Check the shellPath option.');
      }
      for (const violation of report.violations) ctx.emit({ type: 'progress', message: `sandbox ${violation.kind}: ${violation.detail}` });
      const status = result.timedOut
        ? `timed out after ${timeoutMs} ms (tool.timeout); the process group was killed`
        : result.aborted
          ? 'aborted; the process group was killed'
          : result.signal !== null
            ? `killed by ${result.signal}`
            : `exit code ${result.exitCode}`;
      const body = result.output === '' ? `[${status}; no output]` : `${result.output}${result.output.endsWith('\n') ? '' : '\n'}[${status}]`;
      const text = report.text === '' ? body : `${body}\n${report.text}`;
      return { content: text, isError: result.timedOut || result.aborted || result.exitCode !== 0 };
    },
  });
}
