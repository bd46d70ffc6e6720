import { printable } from './terminal-style.js';

/**
 * Wraps text to a width at spaces (a word longer than the width is broken), every line after the
 * first indented by `indent`; control characters are removed. Nothing is cut: a reason a person
 * must read is shown whole.
 */
export function wrapText(text: string, width: number, indent = ''): string[] {
  const room = Math.max(20, width - indent.length);
  const words = printable(text).replace(/\s+/g, ' ').trim().split(' ');
  const lines: string[] = [];
  let line = '';
  for (let word of words) {
    while (word.length > room) {
      if (line) {
        lines.push(line);
        line = '';
      }
      lines.push(word.slice(0, room));
      word = word.slice(room);
    }
    if (line && line.length + 1 + word.length > room) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.map((l, i) => (i === 0 ? l : `${indent}${l}`));
}
