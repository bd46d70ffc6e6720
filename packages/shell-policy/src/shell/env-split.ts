/**
 * GNU `env -S STRING`'s own word splitting (it is not a shell): blanks separate, single quotes are
 * literal, double quotes keep blanks and take `\"`, `\\`, `\$`; `\_` is a blank (a separator outside
 * quotes), `\t`/`\n` their characters, `\c` ends the string, `#` at a word's start comments out the
 * rest. `${NAME}` expands at run time: the result is undefined (undecidable), as is a bad string.
 */
export function splitEnvString(text: string): string[] | undefined {
  const out: string[] = [];
  let current = '';
  let started = false;
  let quote: '"' | "'" | undefined;
  const push = (): void => {
    if (started) out.push(current);
    current = '';
    started = false;
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (quote === "'") {
      if (ch === "'") quote = undefined;
      else if (ch === '\\' && (text[i + 1] === "'" || text[i + 1] === '\\')) current += text[++i] as string;
      else current += ch;
      continue;
    }
    if (ch === '$' && text[i + 1] === '{') return undefined;
    if (ch === '\\') {
      const next = text[++i];
      if (next === undefined) return undefined;
      if (next === 'c') break;
      if (next === '_') {
        if (quote) current += ' ';
        else push();
        continue;
      }
      current += next === 't' ? '\t' : next === 'n' ? '\n' : next === 'r' ? '\r' : next === 'f' ? '\f' : next === 'v' ? '\v' : next;
      started = true;
      continue;
    }
    if (quote === '"') {
      if (ch === '"') quote = undefined;
      else current += ch;
      continue;
    }
    if (ch === '"' || ch === "'") {
      quote = ch;
      started = true;
      continue;
    }
    if (/\s/.test(ch)) {
      push();
      continue;
    }
    if (ch === '#' && !started) break;
    current += ch;
    started = true;
  }
  if (quote) return undefined;
  push();
  return out;
}
