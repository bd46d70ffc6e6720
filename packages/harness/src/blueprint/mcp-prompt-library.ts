import type { McpCatalog } from '@warden/tools';
import { didYouMean } from '@warden/protocol/checks';
import { configError } from '../coded-errors.js';
import { prompt, type Prompt, type PromptLibrary } from './prompt-library.js';

export interface McpPromptLibraryResult {
  /** The MCP servers' prompts (by `<server>__<prompt>`), then `base`'s; an MCP prompt never replaces one of `base`. */
  library: PromptLibrary;
  /** The MCP prompts left out, one line each (the server refused to render them with placeholders, or a name was taken). */
  problems: string[];
}

const ARGUMENT = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * The prompts of connected MCP servers (`mcp.catalog`) as a `PromptLibrary`: each is rendered once
 * by its server with `{argument}` placeholders for every argument, and the text becomes the
 * template (its version `mcp`), so `render`, `partial` and `concat` work as for prompt files — every
 * argument, optional ones too, is then a variable. A prompt whose arguments are not plain names or
 * that its server will not render with placeholders is left out and reported. The templates are the
 * servers' text: untrusted unless you trust the server (give a rendered prompt to a run as an
 * untrusted task).
 */
export async function mcpPromptLibrary(catalog: McpCatalog, options: { base?: PromptLibrary } = {}): Promise<McpPromptLibraryResult> {
  const prompts = new Map<string, Prompt>();
  const problems: string[] = [];
  const baseNames = new Set(options.base?.names() ?? []);
  for (const listed of await catalog.prompts()) {
    if (baseNames.has(listed.id)) {
      problems.push(`${listed.id}: a prompt of that name is already in the library`);
      continue;
    }
    const bad = listed.arguments.find((a) => !ARGUMENT.test(a.name));
    if (bad) {
      problems.push(`${listed.id}: argument ${JSON.stringify(bad.name.slice(0, 40))} is not a plain name`);
      continue;
    }
    try {
      const rendered = await catalog.renderPrompt(listed.id, Object.fromEntries(listed.arguments.map((a) => [a.name, `{${a.name}}`])));
      prompts.set(listed.id, prompt(listed.id, rendered.text, { version: 'mcp' }));
    } catch (error) {
      problems.push(`${listed.id}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const get = (name: string): Prompt => {
    const found = prompts.get(name);
    if (found) return found;
    if (options.base && baseNames.has(name)) return options.base.get(name);
    const near = didYouMean(name, [...prompts.keys(), ...baseNames]);
    throw configError({ code: 'config.invalid', message: `no prompt named ${name}${near ? ` (did you mean ${near}?)` : ''}` });
  };
  const library: PromptLibrary = { names: () => [...prompts.keys(), ...baseNames], get, render: (name, values) => get(name).render(values) };
  return { library, problems };
}
