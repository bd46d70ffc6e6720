import { describe, expect, it } from 'vitest';
import { OutputBuffer } from './output-buffer.js';

describe('OutputBuffer', () => {
  it('keeps everything under the cap', () => {
    const buffer = new OutputBuffer(100);
    buffer.push(Buffer.from('hello '));
    buffer.push(Buffer.from('world'));
    expect(buffer.truncated).toBe(false);
    expect(buffer.text()).toBe('hello world');
  });

  it('keeps the head and the tail across many chunks, and counts what it dropped', () => {
    const buffer = new OutputBuffer(10);
    for (const chunk of ['abc', 'def', 'ghi', 'jkl', 'mno', 'pqr']) buffer.push(Buffer.from(chunk));
    expect(buffer.total).toBe(18);
    expect(buffer.truncated).toBe(true);
    expect(buffer.text()).toBe('abcde\n[... 8 bytes of output truncated (18 bytes in all) ...]\nnopqr');
  });
});
