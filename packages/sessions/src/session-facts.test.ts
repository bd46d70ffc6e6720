import { describe, expect, it } from 'vitest';
import { contractRecords as R } from './contract-records.js';
import { addFacts, emptyFacts } from './session-facts.js';

describe('session facts', () => {
  it('takes the title from the first user message, on one line and at most 80 characters', () => {
    const facts = addFacts(emptyFacts(), [R.assistant('hi'), R.user(`  Fix\nthe   ${'x'.repeat(100)}`), R.user('second')]);
    expect(facts.title.startsWith('Fix the xxx')).toBe(true);
    expect(facts.title).toHaveLength(80);
    expect(facts.title.endsWith('…')).toBe(true);
    expect(facts.messageCount).toBe(3);
  });

  it('keeps an explicit title and sums the cost of meta records', () => {
    const facts = addFacts(emptyFacts('Named'), [R.user('hello'), R.cost(0.5), R.cost(0.25)]);
    expect(facts).toEqual({ title: 'Named', messageCount: 1, costUsd: 0.75 });
  });
});
