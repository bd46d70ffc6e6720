import { posix } from 'node:path';
import type { Node } from './parser-loader.js';

function descendants(node: Node, type: string, out: Node[] = []): Node[] {
  for (const child of node.namedChildren) {
    if (!child) continue;
    if (child.type === type) out.push(child);
    descendants(child, type, out);
  }
  return out;
}

function staticName(command: Node): string | undefined {
  const name = command.childForFieldName('name');
  if (!name) return undefined;
  const text = name.text.replace(/\\(.)/gs, '$1').replace(/['"]/g, '');
  return posix.basename(text).toLowerCase();
}

/** Names of the commands inside the given kinds of substitution under `node`. */
export function commandNamesIn(node: Node, kinds: readonly string[]): string[] {
  const names: string[] = [];
  for (const kind of kinds) {
    for (const sub of node.type === kind ? [node] : descendants(node, kind)) {
      for (const cmd of descendants(sub, 'command')) {
        const name = staticName(cmd);
        if (name) names.push(name);
      }
    }
  }
  return names;
}

/** A function that calls itself twice, in a pipe, or in the background: `:(){ :|:& };:`. */
export function forkBombIn(name: string, body: Node): boolean {
  const calls = descendants(body, 'command').filter((c) => staticName(c) === name.toLowerCase());
  if (calls.length === 0) return false;
  if (calls.length >= 2) return true;
  const inPipe = calls.some((c) => {
    for (let p = c.parent; p && p.id !== body.id; p = p.parent) if (p.type === 'pipeline') return true;
    return false;
  });
  return inPipe || /(^|[^&>])&(?![&>])/.test(body.text);
}
