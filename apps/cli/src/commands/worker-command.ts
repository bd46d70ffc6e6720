import { defineCommand } from '../cli/command.js';
import { workerOptions } from '../actions/worker-options.js';

export const workerCommand = defineCommand({
  name: 'worker',
  summary: 'command.worker.summary',
  usage: 'command.worker.usage',
  options: workerOptions,
  aliases: { m: 'model', c: 'concurrency' },
  async run(ctx) {
    const { workerAction } = await import('../actions/worker-action.js');
    return workerAction(ctx);
  },
});
