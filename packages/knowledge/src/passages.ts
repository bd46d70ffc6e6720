import { knowledgeError } from './coded-errors.js';

export interface PassageOptions {
  /** Most characters in one passage (default 1200). */
  maxChars?: number;
  /** Characters of the previous passage's end repeated at the next one's start, in whole sentences (default 200). */
  overlapChars?: number;
}

export interface Passage {
  /** The headings the passage sits under, outermost first. */
  headings: string[];
  text: string;
}

const HEADING = /^(#{1,6})\s+(.+?)\s*#*\s*$/;
const FENCE = /^(```|~~~)/;

interface Section {
  headings: string[];
  paragraphs: string[];
}

/** Splits Markdown (or plain text) into sections under their headings, and each into paragraphs; fenced code stays whole. */
function sections(text: string): Section[] {
  const out: Section[] = [];
  const trail: string[] = [];
  let current: Section = { headings: [], paragraphs: [] };
  let paragraph: string[] = [];
  let fenced = false;
  const endParagraph = (): void => {
    const joined = paragraph.join('\n').trim();
    if (joined) current.paragraphs.push(joined);
    paragraph = [];
  };
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    if (FENCE.test(line.trim())) fenced = !fenced;
    const heading = fenced ? null : HEADING.exec(line);
    if (heading) {
      endParagraph();
      if (current.paragraphs.length > 0) out.push(current);
      const level = heading[1]!.length;
      trail.length = Math.min(trail.length, level - 1);
      trail[level - 1] = heading[2]!;
      current = { headings: trail.filter(Boolean), paragraphs: [] };
    } else if (!fenced && line.trim() === '') {
      endParagraph();
    } else {
      paragraph.push(line);
    }
  }
  endParagraph();
  if (current.paragraphs.length > 0) out.push(current);
  return out;
}

/** Sentences of a paragraph (a period, ! or ? followed by space and a capital, digit or quote). */
export function sentences(paragraph: string): string[] {
  return paragraph.split(/(?<=[.!?])\s+(?=[A-Z0-9"'([`*_-])/).filter((s) => s.trim() !== '');
}

/** Pieces no longer than `max`: the paragraph, else its sentences, else hard cuts of a sentence too long. */
function pieces(paragraph: string, max: number): string[] {
  if (paragraph.length <= max) return [paragraph];
  return sentences(paragraph).flatMap((s) => {
    if (s.length <= max) return [s];
    const cuts: string[] = [];
    for (let i = 0; i < s.length; i += max) cuts.push(s.slice(i, i + max));
    return cuts;
  });
}

/** The end of a passage, in whole sentences, at most `chars` long (empty when the last sentence is longer). */
function tail(text: string, chars: number): string {
  if (chars <= 0) return '';
  const parts = sentences(text.split('\n\n').at(-1) ?? text);
  const kept: string[] = [];
  let size = 0;
  for (let i = parts.length - 1; i >= 0; i -= 1) {
    const part = parts[i]!;
    if (size + part.length + 1 > chars) break;
    kept.unshift(part);
    size += part.length + 1;
  }
  return kept.join(' ');
}

/**
 * Cuts a document into overlapping passages at paragraph and sentence boundaries, each labelled
 * with the headings it sits under. Passages never cross a heading; overlap stays within a section.
 */
export function cutPassages(text: string, options: PassageOptions = {}): Passage[] {
  const max = options.maxChars ?? 1200;
  const overlap = options.overlapChars ?? 200;
  if (!Number.isInteger(max) || max < 100) throw knowledgeError('knowledge.invalid_options', 'maxChars must be an integer of at least 100.');
  if (!Number.isInteger(overlap) || overlap < 0 || overlap >= max / 2) throw knowledgeError('knowledge.invalid_options', 'overlapChars must be an integer from 0 to less than half of maxChars.');
  const out: Passage[] = [];
  for (const section of sections(text)) {
    let buffer = '';
    let fresh = false;
    const flush = (): void => {
      if (fresh) out.push({ headings: section.headings, text: buffer });
      const carried = tail(buffer, overlap);
      buffer = carried;
      fresh = false;
    };
    for (const paragraph of section.paragraphs) {
      for (const piece of pieces(paragraph, max - overlap - 2)) {
        if (buffer && buffer.length + piece.length + 2 > max) flush();
        buffer = buffer ? `${buffer}\n\n${piece}` : piece;
        fresh = true;
      }
    }
    if (fresh) out.push({ headings: section.headings, text: buffer });
  }
  return out;
}
