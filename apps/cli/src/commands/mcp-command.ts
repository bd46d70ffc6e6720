import { defineCommand } from '../cli/command.js';
import { mcpOptions } from '../actions/mcp-options.js';

export const mcpCommand = defineCommand({
  name: 'mcp',
  summary: 'command.mcp.summary',
  usage: 'command.mcp.usage',
  options: mcpOptions,
  aliases: { w: 'workdir', m: 'model' },
  async run(ctx) {
    const { mcpAction } = await import('../actions/mcp-action.js');
    return mcpAction(ctx);
  },
});
