import { createRequire } from 'node:module';
import { PolicyError } from '@warden/protocol';
import { policyError } from '../coded-errors.js';
import type { Node, Tree } from 'web-tree-sitter';

export type { Node, Tree };

export interface BashParser {
  parse(source: string): Tree;
  dispose(): void;
}

const INSTALL_HINT = 'Install the shell parser: npm install web-tree-sitter@0.25.10 tree-sitter-bash@0.25.1';

type Language = import('web-tree-sitter').Language;

/**
 * The bash grammar, loaded once per process. This is the package's one module-level cache, on
 * purpose: web-tree-sitter links each `Language.load` into its single WASM memory and can never
 * free it (about 3 MB a load), so a process that builds a gate per run — a fleet worker, an MCP or
 * A2A server, the containment pack — ran out of WASM memory after some 1,800 runs, and from then
 * on every shell command was undecidable. The grammar is immutable; parsers stay per analyzer.
 * A failed load is forgotten, so a later call tries again.
 */
let grammar: Promise<Language> | undefined;

function bashGrammar(mod: typeof import('web-tree-sitter'), wasmPath: string): Promise<Language> {
  if (grammar) return grammar;
  const loading = mod.Parser.init().then(() => mod.Language.load(wasmPath));
  grammar = loading;
  loading.catch(() => {
    if (grammar === loading) grammar = undefined;
  });
  return loading;
}

/**
 * Loads web-tree-sitter and the tree-sitter-bash grammar (WASM) on first use. Each call builds its
 * own parser (freed by `dispose`) over the process's one grammar.
 */
export async function loadBashParser(): Promise<BashParser> {
  let mod: typeof import('web-tree-sitter');
  let wasmPath: string;
  try {
    mod = await import('web-tree-sitter');
    wasmPath = createRequire(import.meta.url).resolve('tree-sitter-bash/tree-sitter-bash.wasm');
  } catch (cause) {
    throw policyError({
      code: 'policy.shell_parser_unavailable',
      message: 'The shell parser (web-tree-sitter with tree-sitter-bash) could not be loaded.',
      hint: INSTALL_HINT,
      cause,
    });
  }
  try {
    const language = await bashGrammar(mod, wasmPath);
    const parser = new mod.Parser();
    parser.setLanguage(language);
    return {
      parse(source: string): Tree {
        const tree = parser.parse(source);
        if (tree === null) {
          throw policyError({ code: 'policy.shell_parser_unavailable', message: 'The shell parser returned no tree.', hint: INSTALL_HINT });
        }
        return tree;
      },
      dispose(): void {
        parser.delete();
      },
    };
  } catch (cause) {
    if (PolicyError.isInstance(cause)) throw cause;
    throw policyError({
      code: 'policy.shell_parser_unavailable',
      message: 'The bash grammar could not be loaded into the parser.',
      hint: INSTALL_HINT,
      cause,
    });
  }
}
