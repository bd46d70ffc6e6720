import { readdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { didYouMean } from '@warden/protocol/checks';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { configError } from '../coded-errors.js';

// Prompts as reviewable values (seed 003, "Prompts"): a name, a version and a template whose
// `{variable}`s are filled by `render`. A missing variable is an error, never an empty hole;
// `partial` fills some now and the rest later; `concat` joins two into one.

const VARIABLE = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

export interface Prompt {
  readonly name: string;
  readonly version: string;
  readonly template: string;
  /** The variables still to fill, in the order they first appear. */
  readonly variables: readonly string[];
  /** The text with every variable filled; `config.invalid` names any that is missing or unknown. */
  render(values?: Readonly<Record<string, string | number>>): string;
  /** A prompt with these variables filled and the others left for later. */
  partial(values: Readonly<Record<string, string | number>>): Prompt;
  /** This prompt, a blank line, then the other (its name `a+b`, its version `va+vb`). */
  concat(other: Prompt): Prompt;
}

/** A prompt from its parts. */
export function prompt(name: string, template: string, options: { version?: string } = {}): Prompt {
  const version = options.version ?? '1';
  const variables = [...new Set([...template.matchAll(VARIABLE)].map((m) => m[1]!))];
  const fill = (values: Readonly<Record<string, string | number>>, partial: boolean): string => {
    const unknown = Object.keys(values).filter((key) => !variables.includes(key));
    if (unknown.length > 0) {
      const near = didYouMean(unknown[0]!, variables);
      throw configError({ code: 'config.invalid', message: `prompt ${name}: no variable ${unknown.map((k) => `{${k}}`).join(', ')}${near ? ` (did you mean {${near}}?)` : ''}`, hint: `Its variables: ${variables.map((v) => `{${v}}`).join(', ') || 'none'}.` });
    }
    const missing = variables.filter((v) => !Object.hasOwn(values, v));
    if (!partial && missing.length > 0) {
      throw configError({ code: 'config.invalid', message: `prompt ${name} (version ${version}) needs ${missing.map((v) => `{${v}}`).join(', ')}`, hint: 'Pass every variable to render, or fill some first with partial.' });
    }
    return template.replace(VARIABLE, (whole, key: string) => (Object.hasOwn(values, key) ? String(values[key]) : whole));
  };
  return {
    name,
    version,
    template,
    variables,
    render: (values = {}) => fill(values, false),
    partial: (values) => prompt(name, fill(values, true), { version }),
    concat: (other) => prompt(`${name}+${other.name}`, `${template}\n\n${other.template}`, { version: `${version}+${other.version}` }),
  };
}

const FrontMatter = z.strictObject({
  name: z.string().min(1).optional(),
  version: z.union([z.string().min(1), z.number()]).optional(),
  description: z.string().optional(),
  variables: z.array(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/)).optional(),
});

export interface PromptLibrary {
  names(): string[];
  get(name: string): Prompt;
  render(name: string, values?: Readonly<Record<string, string | number>>): string;
}

/**
 * The `.md` files of a folder as prompts: YAML front matter (`name` — default the file name —,
 * `version`, `description`, `variables`), then the template. A declared variable list must match
 * the template's; a problem names the file.
 */
export async function loadPromptLibrary(dir: string): Promise<PromptLibrary> {
  const prompts = new Map<string, Prompt>();
  for (const entry of (await readdir(dir)).filter((f) => f.endsWith('.md')).sort()) {
    const text = await readFile(join(dir, entry), 'utf8');
    const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
    const parsed = FrontMatter.safeParse(match ? (parseYaml(match[1]!) ?? {}) : {});
    if (!parsed.success) throw configError({ code: 'config.invalid', message: `${entry}: front matter: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'it'} ${i.message}`).join('; ')}` });
    const meta = parsed.data;
    const made = prompt(meta.name ?? basename(entry, '.md'), (match ? match[2]! : text).trim(), meta.version !== undefined ? { version: String(meta.version) } : {});
    if (meta.variables && [...meta.variables].sort().join() !== [...made.variables].sort().join()) {
      throw configError({ code: 'config.invalid', message: `${entry}: the front matter declares ${meta.variables.map((v) => `{${v}}`).join(', ') || 'no variables'}, the template uses ${made.variables.map((v) => `{${v}}`).join(', ') || 'none'}` });
    }
    if (prompts.has(made.name)) throw configError({ code: 'config.invalid', message: `${entry}: a second prompt named ${made.name}` });
    prompts.set(made.name, made);
  }
  const get = (name: string): Prompt => {
    const found = prompts.get(name);
    if (found) return found;
    const near = didYouMean(name, prompts.keys());
    throw configError({ code: 'config.invalid', message: `no prompt named ${name} in ${dir}${near ? ` (did you mean ${near}?)` : ''}` });
  };
  return { names: () => [...prompts.keys()], get, render: (name, values) => get(name).render(values) };
}
