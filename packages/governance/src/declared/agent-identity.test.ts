import { describe, expect, it } from 'vitest';
import { assertPermittedUse, delegatedIdentity, intersectTools } from './agent-identity.js';
import { effectiveGovernance } from './effective-governance.js';
import { parseGovernance } from './load-governance.js';

const governance = effectiveGovernance(
  await parseGovernance(`prohibited: [social_scoring, emotion_recognition_workplace]
policy:
  purposes:
    customer_support: [email, iban]
    refunds: [iban]
    marketing: [email, phone]
`),
);

describe('agent identity through delegation (issue 40)', () => {
  const support = { owner: 'cx-lead@acme.example', purpose: 'customer_support', tools: ['order_status', 'issue_refund', 'kb_*'] };

  it('a delegate holds only the tools of every identity above it (globs count), two levels down', () => {
    const refunds = delegatedIdentity(support, { name: 'refunds', owner: 'payments@acme.example', purpose: 'refunds', tools: ['issue_refund', 'shell', 'kb_search'] }, governance);
    expect(refunds.tools).toEqual(['issue_refund', 'kb_search']);
    expect(refunds.chain).toEqual(['cx-lead@acme.example', 'payments@acme.example']);
    const leaf = delegatedIdentity(refunds, { name: 'leaf', tools: ['kb_search', 'order_status'] }, governance);
    // order_status is in the top identity but not in its parent's: the intersection of every identity above.
    expect(leaf.tools).toEqual(['kb_search']);
    expect(leaf.purpose).toBe('refunds');
    expect(leaf.chain).toEqual(['cx-lead@acme.example', 'payments@acme.example', 'payments@acme.example']);
  });

  it('a delegate without tools of its own gets exactly its parent\'s; intersectTools takes any number of limits', () => {
    expect(delegatedIdentity(support, { name: 'x' }).tools).toEqual(support.tools);
    expect(intersectTools(['a', 'b', 'c'], ['a', 'b'], undefined, ['b', 'c'])).toEqual(['b']);
  });

  it('a purpose must match or narrow: a wider or unrelated one is policy.identity_widened', () => {
    expect(() => delegatedIdentity(support, { name: 'ads', purpose: 'marketing' }, governance)).toThrowError(expect.objectContaining({ code: 'policy.identity_widened' }));
    const refunds = delegatedIdentity(support, { purpose: 'refunds' }, governance);
    expect(() => delegatedIdentity(refunds, { name: 'back', purpose: 'customer_support' }, governance)).toThrowError(/does not match or narrow "refunds"/);
    // Without the policy only the same purpose narrows.
    expect(() => delegatedIdentity(support, { purpose: 'refunds' })).toThrowError(expect.objectContaining({ code: 'policy.identity_widened' }));
  });

  it('refuses to build an agent declared for a prohibited domain or purpose (policy.prohibited_use), and passes one that is not', () => {
    expect(() => assertPermittedUse(governance, { name: 'scorer', domains: ['credit', 'social_scoring'] })).toThrowError(expect.objectContaining({ code: 'policy.prohibited_use', message: expect.stringContaining('social_scoring') }));
    expect(() => assertPermittedUse(governance, { purpose: 'emotion_recognition_workplace' })).toThrowError(expect.objectContaining({ code: 'policy.prohibited_use' }));
    expect(assertPermittedUse(governance, { purpose: 'customer_support', domains: ['retail'] })).toBeUndefined();
    expect(governance.prohibited).toEqual(['emotion_recognition_workplace', 'social_scoring']);
  });
});
