import { describe, expect, it } from 'vitest';
import { parseSkillFrontMatter } from './skill-front-matter.js';

describe('parseSkillFrontMatter', () => {
  it('reads quoted and plain values and strips the block from the body', () => {
    expect(parseSkillFrontMatter('---\nname: deploy\ndescription: \'Ship it: carefully\'\n---\nBody\n')).toEqual({
      name: 'deploy',
      description: 'Ship it: carefully',
      body: 'Body\n',
    });
  });

  it('folds > blocks, keeps | blocks, and accepts CRLF and a BOM', () => {
    expect(parseSkillFrontMatter('\uFEFF---\r\ndescription: >\r\n  one\r\n  two\r\n---\r\nB').description).toBe('one two');
    expect(parseSkillFrontMatter('---\ndescription: |\n  one\n  two\n---\n').description).toBe('one\ntwo');
  });

  it('treats a document without front matter as all body', () => {
    expect(parseSkillFrontMatter('# Title\n')).toEqual({ body: '# Title\n' });
    expect(parseSkillFrontMatter('---\nunterminated')).toEqual({ body: '---\nunterminated' });
  });
});
