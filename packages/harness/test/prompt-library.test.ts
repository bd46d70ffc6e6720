import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadPromptLibrary, prompt } from '../src/blueprint.js';

let dir = '';
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = '';
});

describe('prompts', () => {
  it('render fills every variable, and a missing or unknown one is an error', () => {
    const triage = prompt('triage', 'Sort {ticket} into {buckets}.', { version: '2' });
    expect(triage.variables).toEqual(['ticket', 'buckets']);
    expect(triage.render({ ticket: 'T-1', buckets: 'p1/p2/p3' })).toBe('Sort T-1 into p1/p2/p3.');
    expect(() => triage.render({ ticket: 'T-1' })).toThrow(/prompt triage \(version 2\) needs \{buckets\}/);
    expect(() => triage.render({ ticket: 'T-1', buckets: 'x', tickets: 'y' })).toThrow(/no variable \{tickets\} \(did you mean \{ticket\}\?\)/);
  });

  it('partial fills some now and the rest later; concat composes', () => {
    const triage = prompt('triage', 'Sort {ticket} into {buckets}.', { version: '2' });
    const p1 = triage.partial({ buckets: 'p1/p2' });
    expect(p1.variables).toEqual(['ticket']);
    expect(p1.render({ ticket: 'T-9' })).toBe('Sort T-9 into p1/p2.');
    const both = prompt('style', 'Be brief, {name}.').concat(triage);
    expect(both).toMatchObject({ name: 'style+triage', version: '1+2', variables: ['name', 'ticket', 'buckets'] });
    expect(both.render({ name: 'Ana', ticket: 'T', buckets: 'b' })).toBe('Be brief, Ana.\n\nSort T into b.');
    // JSON in a template is not a variable.
    expect(prompt('json', 'Reply {"ok": true} about {x}').variables).toEqual(['x']);
  });

  it('a folder of Markdown files with front matter is a library; problems name the file', async () => {
    dir = mkdtempSync(join(tmpdir(), 'warden-prompts-'));
    writeFileSync(join(dir, 'triage.md'), '---\nversion: 3\nvariables: [ticket]\n---\nSort {ticket}.\n');
    writeFileSync(join(dir, 'plain.md'), 'Say hello to {who}.');
    const library = await loadPromptLibrary(dir);
    expect(library.names()).toEqual(['plain', 'triage']);
    expect(library.get('triage').version).toBe('3');
    expect(library.render('triage', { ticket: 'T-1' })).toBe('Sort T-1.');
    expect(() => library.get('triaje')).toThrow(/did you mean triage/);
    writeFileSync(join(dir, 'bad.md'), '---\nvariables: [a]\n---\nUses {b}.');
    await expect(loadPromptLibrary(dir)).rejects.toThrow(/bad.md: the front matter declares \{a\}, the template uses \{b\}/);
    writeFileSync(join(dir, 'bad.md'), '---\nversoin: 1\n---\nx');
    await expect(loadPromptLibrary(dir)).rejects.toThrow(/bad.md: front matter/);
  });
});
