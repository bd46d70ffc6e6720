import type { Harness } from '@warden/harness';
import type { CommandContext } from '../cli/command.js';

/**
 * What the harness noticed while it was built — option warnings, gate warnings, MCP servers that
 * failed or tools refused against a pin — on stderr, so a person (and a script's log) sees it.
 */
export function reportHarnessWarnings(ctx: CommandContext<object>, harness: Pick<Harness, 'warnings'>): void {
  for (const issue of harness.warnings) {
    const message = issue.path ? `${issue.path}: ${issue.message}` : issue.message;
    ctx.io.stderr.write(`${ctx.style.yellow(ctx.t('render.warning', { message }))}\n`);
  }
}
