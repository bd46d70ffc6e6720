/** A sentence of a text with where it sits. */
export interface Sentence {
  text: string;
  start: number;
  end: number;
}

/** Splits on `.`, `!` or `?` followed by white space, and on line breaks; trims each piece. */
export function sentencesOf(text: string): Sentence[] {
  const out: Sentence[] = [];
  const push = (from: number, to: number): void => {
    const raw = text.slice(from, to);
    const lead = raw.length - raw.trimStart().length;
    const trimmed = raw.trim();
    if (trimmed.length > 0) out.push({ text: trimmed, start: from + lead, end: from + lead + trimmed.length });
  };
  const cut = /[.!?]+(?=\s)|\n/g;
  let at = 0;
  for (let m = cut.exec(text); m; m = cut.exec(text)) {
    push(at, m.index + m[0].length);
    at = m.index + m[0].length;
  }
  push(at, text.length);
  return out;
}

const STOP = new Set(
  'a an the and or but if then than that this these those there their they them it its is are was were be been being to of in on at by for with from as into about over under not no yes do does did done have has had having can could would should will shall may might must i you he she we our your his her my me us so such very also just only more most some any all each every which who whom whose what when where why how'.split(
    ' ',
  ),
);

/** The content words of a text: lower case, letters and digits, stop words and one-letter words left out. */
export function contentWords(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+(?:[.'-][\p{L}\p{N}]+)*/gu) ?? []).filter((w) => w.length > 1 && !STOP.has(w));
}
