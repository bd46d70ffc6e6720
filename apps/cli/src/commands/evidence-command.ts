import { defineCommand } from '../cli/command.js';
import { checkOptions } from '../actions/check-options.js';

/** `warden evidence list|run|push`: the evidence runner under its own name (`run` and `list` are `warden check`). */
export const evidenceCommand = defineCommand({
  name: 'evidence',
  summary: 'command.evidence.summary',
  usage: 'command.evidence.usage',
  options: checkOptions,
  async run(ctx) {
    const { evidenceAction } = await import('../actions/evidence-action.js');
    return evidenceAction(ctx);
  },
});
