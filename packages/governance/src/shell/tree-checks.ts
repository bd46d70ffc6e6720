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

export interface CodeFinding {
  kind: 'deny' | 'undecidable';
  rule: string;
  reason: string;
}

/** Calls that start processes or delete files: their targets cannot be read without running the code. */
const SPAWNS_OR_DELETES = /\bsystem\b|\b(?:rmSync|unlinkSync|rmdirSync|writeFileSync|appendFileSync|execSync|spawnSync|execFileSync)\b|\.(?:rm|unlink|rmdir|writeFile|appendFile)\s*\(|%x[({[]|\bexec(?:[lv]p?e?|Sync|File)?\s*\(|popen|subprocess|\bspawn|child_process|shutil\.(?:rmtree|move)|os\.(?:remove|unlink|rmdir|removedirs|system|exec|kill)|\b(?:unlink|rmdir|rmtree|remove_dir_all|remove_file)\b|fs\.(?:rm|rmSync|unlink|unlinkSync|rmdir|rmdirSync|writeFile|writeFileSync)|\bqx\s*[({/]|Runtime\.getRuntime|proc_open|shell_exec|passthru|FileUtils\.rm|File\.delete|Deno\.(?:remove|run|Command)|Bun\.spawn|\|\s*getline|\bopen\s*\([^)]*['"][wa]/;

/** Code in another language cannot be parsed here; these are the signs that can be read statically. */
export function codeIndicators(code: string): CodeFinding[] {
  const out: CodeFinding[] = [];
  if (/socket/i.test(code) && /(\/bin\/(?:ba|z|da|k)?sh\b|pty\.spawn|subprocess|child_process|dup2|\bexec\s*\(|\bspawn\s*\(|proc_open|popen)/i.test(code)) {
    out.push({ kind: 'deny', rule: 'shell.reverse_shell', reason: 'the script connects a socket to a shell (reverse shell)' });
  }
  if (/fork\s*(?:\(\s*\))?\s*while\s*fork|while\s*\(?\s*(?:1|true|True)\s*\)?\s*:?\s*\{?[^}\n]{0,40}\bfork\s*\(|os\.fork\(\)\s*(?:;|\n)\s*while|for\s*\(\s*;\s*;\s*\)\s*\{?\s*fork/.test(code)) {
    out.push({ kind: 'deny', rule: 'shell.fork_bomb', reason: 'the script forks without bound (fork bomb)' });
  }
  if (out.length === 0 && SPAWNS_OR_DELETES.test(code)) {
    out.push({ kind: 'undecidable', rule: 'shell.undecidable', reason: 'the script starts processes, deletes or writes files; its targets cannot be read statically' });
  }
  if (out.length === 0 && SPAWNS_OR_DELETES.test(code)) {
    out.push({ kind: 'undecidable', rule: 'shell.undecidable', reason: 'the script starts processes, deletes or writes files; its targets cannot be read statically' });
  }
  return out;
}
