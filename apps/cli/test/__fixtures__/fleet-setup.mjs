// `warden worker --setup`: adds a tool with a countable side effect (a line per call in effects.txt).
import { appendFileSync } from 'node:fs';
import path from 'node:path';

export default function setup(workdir) {
  return {
    tools: [
      {
        specificationVersion: 'v1',
        name: 'count_effect',
        description: 'Records a side effect for a key.',
        inputSchema: { type: 'object', properties: { key: { type: 'string' } }, required: ['key'] },
        annotations: { mutating: true },
        execute(args) {
          appendFileSync(path.join(workdir, 'effects.txt'), `${args.key}\n`);
          return `counted ${args.key}`;
        },
      },
    ],
  };
}
