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

/**
 * Loads web-tree-sitter and the tree-sitter-bash grammar (WASM) on first use. Each call builds its
 * own parser; nothing is cached at module level.
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
    await mod.Parser.init();
    const language = await mod.Language.load(wasmPath);
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
