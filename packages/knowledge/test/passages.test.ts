import { describe, expect, it } from 'vitest';
import { cutPassages } from '../src/index.js';

describe('cutPassages', () => {
  it('labels passages with their headings and never crosses one', () => {
    const text = '# Guide\n\nIntro paragraph.\n\n## Install\n\nRun the installer.\n\n### Linux\n\nUse the package.\n\n## Use\n\nStart it.';
    expect(cutPassages(text)).toEqual([
      { headings: ['Guide'], text: 'Intro paragraph.' },
      { headings: ['Guide', 'Install'], text: 'Run the installer.' },
      { headings: ['Guide', 'Install', 'Linux'], text: 'Use the package.' },
      { headings: ['Guide', 'Use'], text: 'Start it.' },
    ]);
  });

  it('cuts long sections at paragraph then sentence boundaries, with overlapping sentences', () => {
    const sentence = (i: number): string => `Sentence number ${i} says something about the topic at hand.`;
    const paragraph = (from: number): string => Array.from({ length: 5 }, (_, i) => sentence(from + i)).join(' ');
    const text = `# Long\n\n${paragraph(0)}\n\n${paragraph(5)}\n\n${paragraph(10)}`;
    const passages = cutPassages(text, { maxChars: 400, overlapChars: 120 });
    expect(passages.length).toBeGreaterThan(2);
    for (const p of passages) {
      expect(p.text.length).toBeLessThanOrEqual(400);
      expect(p.headings).toEqual(['Long']);
      // Every passage starts and ends on a sentence boundary.
      expect(p.text).toMatch(/^Sentence number \d+/);
      expect(p.text).toMatch(/hand\.$/);
    }
    // The next passage repeats the previous one's last sentence.
    for (let i = 1; i < passages.length; i += 1) {
      const last = passages[i - 1]!.text.split(/(?<=\.)\s+/).at(-1)!;
      expect(passages[i]!.text.startsWith(last)).toBe(true);
    }
    // Nothing is lost: every sentence is in some passage.
    for (let i = 0; i < 15; i += 1) expect(passages.some((p) => p.text.includes(sentence(i)))).toBe(true);
  });

  it('keeps fenced code whole and ignores headings inside it', () => {
    const text = '# Code\n\n```sh\n# not a heading\n\necho hi\n```\n\nAfter.';
    expect(cutPassages(text)).toEqual([
      { headings: ['Code'], text: '```sh\n# not a heading\n\necho hi\n```\n\nAfter.' },
    ]);
  });

  it('refuses sizes it cannot use', () => {
    expect(() => cutPassages('x', { maxChars: 10 })).toThrow(expect.objectContaining({ code: 'knowledge.invalid_options' }) as Error);
    expect(() => cutPassages('x', { maxChars: 400, overlapChars: 300 })).toThrow(expect.objectContaining({ code: 'knowledge.invalid_options' }) as Error);
  });
});
