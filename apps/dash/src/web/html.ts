/** Markup that is already safe: only `html` templates and `raw` produce it. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '`': '&#96;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"'`]/g, (ch) => ESCAPES[ch] ?? ch);
}

type Interpolation = SafeHtml | string | number | boolean | null | undefined | readonly Interpolation[];

function render(value: Interpolation): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map((v: Interpolation) => render(v)).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value));
}

/**
 * The dashboard's only way to build markup: every interpolated value is escaped
 * unless it is itself an `html` result, so text from a pushed report is always
 * data, never markup.
 */
export function html(strings: TemplateStringsArray, ...values: Interpolation[]): SafeHtml {
  let out = strings[0] ?? '';
  for (let i = 0; i < values.length; i += 1) out += render(values[i]) + (strings[i + 1] ?? '');
  return new SafeHtml(out);
}

/** Markup the dashboard itself generated (SVG charts built from numbers). Never pass pushed text. */
export function raw(markup: string): SafeHtml {
  return new SafeHtml(markup);
}
