export interface SkillFrontMatter {
  name?: string;
  description?: string;
  /** The document without its front matter. */
  body: string;
}

function unquote(value: string): string {
  const v = value.trim();
  if (v.length >= 2 && ((v.startsWith('"') && v.endsWith('"')) || (v.startsWith("'") && v.endsWith("'")))) return v.slice(1, -1);
  return v;
}

/**
 * Reads the `---` front matter of a SKILL.md: flat `key: value` lines (quoted
 * or not, and `>`/`|` folded blocks for description). Not a YAML parser: only
 * `name` and `description` are used.
 */
export function parseSkillFrontMatter(text: string): SkillFrontMatter {
  const normalized = text.replace(/^\uFEFF/, '').replace(/\r\n/g, '\n');
  if (!normalized.startsWith('---\n')) return { body: normalized };
  const end = normalized.indexOf('\n---', 4);
  if (end === -1) return { body: normalized };
  const lines = normalized.slice(4, end).split('\n');
  const body = normalized.slice(end + 4).replace(/^[^\n]*\n/, '');
  const fields: Record<string, string> = {};
  for (let i = 0; i < lines.length; i++) {
    const match = /^([A-Za-z_][\w-]*):\s*(.*)$/.exec(lines[i] as string);
    if (!match) continue;
    const key = match[1] as string;
    let value = match[2] as string;
    if (value === '>' || value === '|' || value === '>-' || value === '|-') {
      const block: string[] = [];
      while (i + 1 < lines.length && /^\s+\S/.test(lines[i + 1] as string)) block.push((lines[++i] as string).trim());
      value = block.join(value.startsWith('>') ? ' ' : '\n');
    }
    fields[key] = unquote(value);
  }
  const out: SkillFrontMatter = { body };
  if (fields.name !== undefined) out.name = fields.name;
  if (fields.description !== undefined) out.description = fields.description;
  return out;
}
