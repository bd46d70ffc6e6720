// Tools for fleet tests, shared by in-process tests and worker processes (plain JS so a child
// process can load it without a TypeScript loader).
import { appendFileSync } from 'node:fs';

const sleep = (ms, signal) =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    }, { once: true });
  });

/** A tool with a side effect: it appends `key` to `file` (first), then holds for `holdMs` (so a test can kill the worker after the effect and before the result). */
export function countTool(file) {
  return {
    specificationVersion: 'v1',
    name: 'count_effect',
    description: 'Records a side effect for a key.',
    inputSchema: { type: 'object', properties: { key: { type: 'string' }, holdMs: { type: 'number' } }, required: ['key'] },
    annotations: { mutating: true },
    async execute(args, ctx) {
      appendFileSync(file, `${args.key}\n`);
      if (args.holdMs) await sleep(args.holdMs, ctx.signal);
      return `counted ${args.key}`;
    },
  };
}

/** A read-only tool: it may be run again after a crash. */
export function peekTool(file) {
  return {
    specificationVersion: 'v1',
    name: 'peek',
    description: 'Reads something for a key.',
    inputSchema: { type: 'object', properties: { key: { type: 'string' }, holdMs: { type: 'number' } }, required: ['key'] },
    annotations: { readOnly: true },
    async execute(args, ctx) {
      appendFileSync(file, `peek:${args.key}\n`);
      if (args.holdMs) await sleep(args.holdMs, ctx.signal);
      return `peeked ${args.key}`;
    },
  };
}
