import { braceExpand, type WordChar } from './brace-expand.js';
import type { Node } from './parser-loader.js';
import { HOME_MARK, lookupVar, type ScopeState } from './scope-state.js';
import type { ShellWord } from './types.js';
import { staticOutput } from './static-output.js';

/** A statically expanded word, or DYNAMIC when part of it is only known at run time. */
type Chars = WordChar[] | typeof DYNAMIC;
const DYNAMIC = Symbol('dynamic');

const SIMPLE_ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', a: '\x07', b: '\b', e: '\x1b', E: '\x1b', f: '\f', v: '\v', '\\': '\\', "'": "'", '"': '"', '?': '?' };

function chars(text: string, k: WordChar['k']): WordChar[] {
  return [...text].map((c) => ({ c, k }));
}

/** `$'…'`: decode the escapes bash knows. */
export function decodeAnsiC(body: string): string {
  return body.replace(/\\(x[0-9A-Fa-f]{1,2}|u[0-9A-Fa-f]{1,4}|U[0-9A-Fa-f]{1,8}|[0-7]{1,3}|c.|.)/gs, (_m, esc: string) => {
    const head = esc[0] as string;
    if (head === 'x' || head === 'u' || head === 'U') return String.fromCodePoint(parseInt(esc.slice(1), 16));
    if (/^[0-7]/.test(esc)) return String.fromCharCode(parseInt(esc, 8) & 0xff);
    if (head === 'c') return String.fromCharCode((esc.charCodeAt(1) ?? 64) & 0x1f);
    return SIMPLE_ESCAPES[esc] ?? `\\${esc}`;
  });
}

/** An unquoted word: a backslash quotes the next character; backslash-newline vanishes. */
function unquotedWord(text: string): WordChar[] {
  const out: WordChar[] = [];
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (ch === '\\' && i + 1 < text.length) {
      const next = text[i + 1] as string;
      i += 1;
      if (next !== '\n') out.push({ c: next, k: 'q' });
    } else if (ch !== '\\') out.push({ c: ch, k: 'u' });
  }
  return out;
}

/** Text inside double quotes: only `\$ \` \" \\` and backslash-newline are escapes. */
function doubleQuotedText(text: string): string {
  return text.replace(/\\([$`"\\\n])/g, (_m, c: string) => (c === '\n' ? '' : c));
}

function variableValue(node: Node, state: ScopeState, quoted: boolean): Chars {
  const kind = quoted ? 'q' : 'e';
  const named = node.namedChildren.filter((c): c is Node => c !== null);
  const nameNode = named[0];
  if (!nameNode || (nameNode.type !== 'variable_name' && nameNode.type !== 'special_variable_name')) return DYNAMIC;
  if (node.type === 'expansion') {
    // Only `${NAME}` and `${NAME:-word}` with NAME known and non-empty are static.
    const inner = node.text.slice(2, -1);
    const plain = inner === nameNode.text;
    const defaulted = new RegExp(`^${nameNode.text.replace(/[^\w]/g, '\\$&')}:?[-=]`).test(inner);
    if (!plain && !defaulted) return DYNAMIC;
    const value = lookupVar(state, nameNode.text);
    if (value === undefined || (defaulted && value === '')) return DYNAMIC;
    return chars(value, kind);
  }
  const value = lookupVar(state, nameNode.text);
  return value === undefined ? DYNAMIC : chars(value, kind);
}

/**
 * `$(echo literal)`, `$(printf literal)`, `$(pwd)`, and pipelines of them through `base64 -d` and
 * friends: the command substitutions whose output is known statically (trailing newlines removed).
 */
function substitutionValue(node: Node, state: ScopeState, quoted: boolean): Chars {
  const named = node.namedChildren.filter((c): c is Node => c !== null);
  if (named.length !== 1) return DYNAMIC;
  const body = named[0] as Node;
  let input: string | undefined;
  const commands = body.type === 'command' ? [body] : body.type === 'pipeline' ? body.namedChildren.filter((c): c is Node => c !== null) : [];
  if (commands.length === 0 || commands.some((c) => c.type !== 'command')) return DYNAMIC;
  for (const cmd of commands) {
    let words = cmd.namedChildren.filter((c): c is Node => c !== null);
    // `$(base64 -d <<< cm0g…)`: a here-string fed to the first command is known input.
    const fed = words.filter((w) => w.type === 'herestring_redirect');
    if (fed.length === 1 && cmd === commands[0]) {
      const value = fed[0]?.namedChildren.find((c): c is Node => c !== null);
      const text = value ? evalNode(value, state, false) : DYNAMIC;
      if (text === DYNAMIC) return DYNAMIC;
      input = `${text.map((x) => x.c).join('')}\n`;
      words = words.filter((w) => w.type !== 'herestring_redirect');
    }
    // `2>/dev/null` and `2>&1` change nothing in what the command prints on standard output.
    words = words.filter((w) => !(w.type === 'file_redirect' && /^2>(?:\s*\/dev\/null|&1)$/.test(w.text.replace(/\s+/g, ''))));
    if (words.some((w) => w.type.endsWith('redirect') || w.type === 'variable_assignment')) return DYNAMIC;
    const argv: ShellWord[] = [];
    for (const w of words) {
      const value = evalNode(w, state, false);
      if (value === DYNAMIC) return DYNAMIC;
      argv.push({ text: value.map((x) => x.c).join(''), glob: false });
    }
    const name = argv[0]?.text;
    if (name === undefined) return DYNAMIC;
    if (name === 'pwd' && argv.length === 1) {
      if (state.cwd === undefined || state.cwd === '~') return DYNAMIC;
      input = state.cwd;
      continue;
    }
    const output = staticOutput(name, argv.slice(1), input);
    if (output?.kind !== 'text') return DYNAMIC;
    input = output.text;
  }
  return chars((input ?? '').replace(/\n+$/, ''), quoted ? 'q' : 'e');
}

/** Double-quoted strings and heredoc bodies: literal text plus expansions, gaps included. */
function quotedContainer(node: Node, state: ScopeState, stripQuotes: boolean): Chars {
  const out: WordChar[] = [];
  const text = node.text;
  const base = node.startIndex;
  let pos = stripQuotes && text.startsWith('"') ? 1 : 0;
  const end = stripQuotes && text.endsWith('"') && text.length > 1 ? text.length - 1 : text.length;
  for (const child of node.namedChildren) {
    if (!child) continue;
    const start = child.startIndex - base;
    if (start > pos) out.push(...chars(doubleQuotedText(text.slice(pos, start)), 'q'));
    const value = child.type === 'string_content' || child.type === 'heredoc_content' ? chars(doubleQuotedText(child.text), 'q') : evalNode(child, state, true);
    if (value === DYNAMIC) return DYNAMIC;
    out.push(...value);
    pos = Math.max(pos, child.endIndex - base);
  }
  if (end > pos) out.push(...chars(doubleQuotedText(text.slice(pos, end)), 'q'));
  return out;
}

function evalNode(node: Node, state: ScopeState, quoted: boolean): Chars {
  switch (node.type) {
    case 'word':
    case 'command_name':
      if (node.type === 'command_name') {
        const inner = node.namedChildren[0];
        return inner ? evalNode(inner, state, quoted) : DYNAMIC;
      }
      return quoted ? chars(node.text, 'q') : unquotedWord(node.text);
    case 'number':
    case 'variable_name':
    case 'file_descriptor':
    case 'test_operator':
      return chars(node.text, quoted ? 'q' : 'u');
    case 'raw_string':
      return chars(node.text.slice(1, -1), 'q');
    case 'ansi_c_string':
      return chars(decodeAnsiC(node.text.slice(2, -1)), 'q');
    case 'string':
      return quotedContainer(node, state, true);
    case 'translated_string': {
      const inner = node.namedChildren[0];
      return inner ? evalNode(inner, state, true) : [];
    }
    case 'heredoc_body':
      return quotedContainer(node, state, false);
    case 'simple_expansion':
    case 'expansion':
      return variableValue(node, state, quoted);
    case 'command_substitution':
      return substitutionValue(node, state, quoted);
    case 'concatenation': {
      const out: WordChar[] = [];
      let prevEnd = -1;
      for (const child of node.children) {
        if (!child) continue;
        if (prevEnd >= 0 && child.startIndex > prevEnd) {
          const gap = node.text.slice(prevEnd - node.startIndex, child.startIndex - node.startIndex);
          if (gap !== '\\\n') out.push(...unquotedWord(gap));
        }
        const value = child.isNamed ? evalNode(child, state, quoted) : quoted ? chars(child.text, 'q') : unquotedWord(child.text);
        if (value === DYNAMIC) return DYNAMIC;
        out.push(...value);
        prevEnd = child.endIndex;
      }
      return out;
    }
    default:
      return DYNAMIC;
  }
}

/** Concatenates several nodes into one word (for `r\⏎m`, which the grammar splits in two). */
export function evalNodes(nodes: Node[], state: ScopeState): ShellWord[] {
  const all: WordChar[] = [];
  for (const node of nodes) {
    const value = evalNode(node, state, false);
    if (value === DYNAMIC) return [{ text: undefined, glob: false }];
    all.push(...value);
  }
  return finishWord(all, state, nodes.length > 0 && nodes.every((n) => n.type === 'simple_expansion' || n.type === 'expansion' || n.type === 'command_substitution'));
}

export function evalWord(node: Node, state: ScopeState): ShellWord[] {
  return evalNodes([node], state);
}

function isGlobChar(c: string): boolean {
  return c === '*' || c === '?' || c === '[';
}

/** Tilde, brace expansion, word splitting; then the text handed to the rules. */
function finishWord(input: WordChar[], state: ScopeState, onlyExpansions: boolean): ShellWord[] {
  let word = input;
  const first = word[0];
  if (first?.c === '~' && first.k === 'u') {
    const second = word[1];
    if (!second || second.c === '/') {
      const home = lookupVar(state, 'HOME');
      if (home === undefined) return [{ text: undefined, glob: false }];
      word = [...chars(home, 'q'), ...word.slice(1)];
    } else word = [{ c: HOME_MARK, k: 'q' }, ...word.slice(1)];
  }
  const expanded = braceExpand(word);
  if (!expanded) return [{ text: undefined, glob: false }];
  const out: ShellWord[] = [];
  for (const one of expanded) {
    const hasExpansionChars = one.some((x) => x.k === 'e');
    const ifs = state.ifs;
    if (hasExpansionChars && ifs === undefined) return [{ text: undefined, glob: false }];
    let current: WordChar[] = [];
    const pieces: WordChar[][] = [];
    for (const ch of one) {
      if (ch.k === 'e' && ifs !== undefined && ifs.includes(ch.c)) {
        if (current.length > 0 || !/\s/.test(ch.c)) pieces.push(current);
        current = [];
      } else current.push(ch);
    }
    if (current.length > 0 || (!onlyExpansions && pieces.length === 0)) pieces.push(current);
    for (const piece of pieces) out.push(render(piece));
  }
  return out;
}

function render(piece: WordChar[]): ShellWord {
  const value = piece.map((x) => x.c).join('');
  let text = value;
  const glob = piece.some((x) => x.k !== 'q' && isGlobChar(x.c));
  if (text.startsWith('~')) text = `./${text}`;
  text = text.replace(new RegExp(`^${HOME_MARK}`), '~').replaceAll(HOME_MARK, '/~');
  // The value itself, for what stores it (an assignment) or parses it again (eval): `x=~` holds the
  // home directory, `x='~'` a literal tilde that `eval` expands.
  return text === value ? { text, glob } : { text, glob, value };
}

/** What a word holds as a value (see `ShellWord.value`). */
export function wordValue(word: ShellWord): string | undefined {
  return word.text === undefined ? undefined : (word.value ?? word.text);
}
