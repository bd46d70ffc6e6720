import type { Node } from './parser-loader.js';
import { assignVar, type ScopeState } from './scope-state.js';
import type { ShellRun, WalkContext } from './shell-run.js';
import { evalWord, wordValue } from './word-eval.js';
import { checkBeacon, loopMark } from './beacons.js';

/** Literal `for` lists longer than this are not unrolled: the variable is then a run-time value. */
const MAX_UNROLL = 16;

/**
 * `for x in a b c; do …; done`: with a literal list (no globs, nothing built at run time) the body
 * is analysed once per value, so `for c in rm; do $c -rf /; done` is read as `rm -rf /`. Otherwise
 * the variable holds a run-time value.
 */
export function walkForLoop(run: ShellRun, node: Node, state: ScopeState, ctx: WalkContext): void {
  const variable = node.childForFieldName('variable');
  const body = node.childForFieldName('body');
  const valueNodes = node.childrenForFieldName('value').filter((c): c is Node => c !== null);
  for (const v of valueNodes) run.walk(v, state, { ...ctx, stage: undefined });
  const hasIn = node.children.some((c) => c?.type === 'in');
  const words = valueNodes.flatMap((v) => evalWord(v, state));
  const literal = node.type === 'for_statement' && hasIn && words.length > 0 && words.length <= MAX_UNROLL && words.every((w) => w.text !== undefined && !w.glob);
  if (!variable || !body) {
    run.walkChildren(node, state, ctx);
    return;
  }
  const mark = loopMark(run);
  if (!literal) {
    assignVar(state, variable.text, undefined);
    run.walk(body, state, ctx);
  } else {
    for (const word of words) {
      assignVar(state, variable.text, wordValue(word));
      run.walk(body, state, ctx);
    }
  }
  checkBeacon(run, node, mark, mark, false);
}

/** `while true`, `while :`, `until false`, `while [ 1 ]`, `while ((1))`, `for ((;;))`: a loop with no way out but `break`. */
export function loopIsEndless(node: Node, _state: ScopeState): boolean {
  if (/\bbreak\b|\bexit\b|\breturn\b/.test(node.childForFieldName('body')?.text ?? '')) return false;
  if (node.type === 'c_style_for_statement') return /^for\s*\(\(\s*[^;]*;\s*;/.test(node.text);
  const condition = node.childForFieldName('condition')?.text.trim().replace(/;$/, '').trim() ?? '';
  const until = node.text.startsWith('until');
  if (until) return /^(?:false|!\s*true|!\s*:)$/.test(condition);
  return /^(?:true|:|\[\s*1\s*\]|\[\[\s*1\s*\]\]|\(\(\s*1\s*\)\)|test\s+1|\/bin\/true|!\s*false)$/.test(condition);
}
