import { defineCommand } from '../cli/command.js';
import { knowledgeOptions } from '../actions/knowledge-options.js';


/** `warden knowledge stores|check|add FILE…|search "QUERY"`: knowledge bases on embedded and server stores. */
export const knowledgeCommand = defineCommand({
  name: 'knowledge',
  summary: 'command.knowledge.summary',
  usage: 'command.knowledge.usage',
  options: knowledgeOptions,
  async run(ctx) {
    const { knowledgeAction } = await import('../actions/knowledge-action.js');
    return knowledgeAction(ctx);
  },
});
