import { governanceOptions } from '../actions/governance-options.js';
import { defineCommand } from '../cli/command.js';

/** `warden governance packs|pack NAME|check|report --pack P|dsar erase|export SUBJECT|incidents|notice|inventory|dpia|verify MANIFEST`: declared governance, its reports, data-subject rights and transparency. */
export const governanceCommand = defineCommand({
  name: 'governance',
  summary: 'command.governance.summary',
  usage: 'command.governance.usage',
  options: governanceOptions,
  aliases: { w: 'workdir' },
  async run(ctx) {
    const { governanceAction } = await import('../actions/governance-action.js');
    return governanceAction(ctx);
  },
});
