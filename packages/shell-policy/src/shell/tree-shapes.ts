import type { Node } from './parser-loader.js';
import type { ScopeState } from './scope-state.js';
import { evalWord } from './word-eval.js';

export const REDIRECT_TYPES = new Set(['file_redirect', 'heredoc_redirect', 'herestring_redirect']);

export interface PipelineStage {
  node: Node;
  redirects: Node[];
}

/** The grammar nests `a | b 2>&1 | c` as pipeline(redirected(pipeline(a, b)), c): flatten it. */
export function pipelineStages(node: Node): PipelineStage[] {
  const out: PipelineStage[] = [];
  for (const child of node.namedChildren) {
    if (!child) continue;
    const body = child.type === 'redirected_statement' ? child.childForFieldName('body') : null;
    if (child.type === 'pipeline') out.push(...pipelineStages(child));
    else if (body?.type === 'pipeline') {
      const inner = pipelineStages(body);
      const redirects = child.namedChildren.filter((c): c is Node => c !== null && REDIRECT_TYPES.has(c.type));
      const last = inner[inner.length - 1];
      if (last) last.redirects.push(...redirects);
      out.push(...inner);
    } else out.push({ node: child, redirects: [] });
  }
  return out;
}

const HEREDOC_PARTS = new Set(['heredoc_start', 'heredoc_body', 'heredoc_end']);

/** The body node of a here-document or here-string redirect. */
export function inputBody(node: Node): Node | undefined {
  if (node.type === 'heredoc_redirect') return node.namedChildren.find((c): c is Node => c !== null && c.type === 'heredoc_body');
  if (node.type !== 'herestring_redirect') return undefined;
  return node.namedChildren.find((c): c is Node => c !== null && !REDIRECT_TYPES.has(c.type));
}

/**
 * What the grammar hangs inside a here-document redirect after its start: the rest of the line,
 * `cat <<EOF | sh` → pipeline(sh), `cat <<EOF && rm x` → command(rm). It is not the document:
 * it runs, and a pipeline reads the redirected command's output.
 */
export function heredocTail(node: Node): Node[] {
  if (node.type !== 'heredoc_redirect') return [];
  return node.namedChildren.filter((c): c is Node => c !== null && !HEREDOC_PARTS.has(c.type) && !REDIRECT_TYPES.has(c.type));
}

/** The text a here-document or here-string feeds in: null if `node` is neither, undefined if dynamic. */
export function inputText(node: Node, state: ScopeState): string | undefined | null {
  const body = inputBody(node);
  if (!body) return null;
  const quotedDelimiter = node.namedChildren.some((c) => c?.type === 'heredoc_start' && /['"\\]/.test(c.text));
  const words = body.type === 'heredoc_body' && quotedDelimiter ? [{ text: body.text, glob: false }] : evalWord(body, state);
  return words.some((w) => w.text === undefined) ? undefined : words.map((w) => w.text).join(' ');
}
