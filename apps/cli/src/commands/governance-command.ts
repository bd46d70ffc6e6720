import { z } from 'zod';
import { defineCommand } from '../cli/command.js';

/** `warden governance packs|pack NAME|check|report --pack P|incidents|notice|inventory|dpia|verify MANIFEST`: declared governance, its reports and transparency. */
export const governanceCommand = defineCommand({
  name: 'governance',
  summary: 'command.governance.summary',
  usage: 'command.governance.usage',
  options: z.strictObject({
    governance: z.string().min(1).optional(),
    pack: z.string().min(1).optional(),
    trail: z.string().min(1).optional(),
    publicKey: z.string().min(1).optional(),
    keyEnv: z.string().min(1).optional(),
    out: z.string().min(1).optional(),
    result: z.string().min(1).optional(),
    workdir: z.string().min(1).optional(),
  }),
  aliases: { w: 'workdir' },
  async run(ctx) {
    const { governanceAction } = await import('../actions/governance-action.js');
    return governanceAction(ctx);
  },
});
