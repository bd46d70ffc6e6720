import fc from 'fast-check';
import type { GateCall } from '@warden/protocol';
import { describe, expect, it } from 'vitest';
import { DATA_CLASSES, type DataClass } from '../classify/data-classes.js';
import { decideData, decideModel, decideTool } from './decide.js';
import { effectiveGovernance } from './effective-governance.js';
import { dataStrictness, toolStrictness } from './effects-order.js';
import type { GovernanceFile, GovernanceRule } from './governance-schema.js';
import { checkedPack } from './load-governance.js';
import { BUILTIN_PACK_DATA } from './builtin-packs.js';
import type { GovernancePack } from './pack-schema.js';

const declared = (file: GovernanceFile, packs: GovernancePack[] = []) => effectiveGovernance({ source: 'governance.yaml', file, packs });
const call = (name: string, args: Record<string, number | string> = {}): GateCall => ({ id: 'c1', name, args });

function pack(id: string, policy: GovernancePack['policy']): GovernancePack {
  return { id, title: id, published: '2026-01-01', source: 'https://example.org', reviewed: '2026-01-01', notice: 'Not legal advice.', requirements: [{ id: 'r', title: 'r', cite: '§1', controls: [{ id: 'c', text: 't', evidence: 'manual', action: 'a' }] }], ...(policy ? { policy } : {}) };
}

describe('decideTool', () => {
  const g = declared({
    policy: {
      rules: [
        { id: 'refund-two', on: 'tool', match: 'refund*', when: 'args.amount > 500', effect: 'require_approval', approvers: 2, timeout: '2h' },
        { id: 'refund-three', on: 'tool', match: 'refund', when: 'args.amount > 10000', effect: 'require_approval', approvers: 3, timeout: '1h' },
        { id: 'no-wire', on: 'tool', match: 'wire_*', effect: 'deny', reason: 'wires go through treasury' },
        { id: 'ask-mail', on: 'tool', match: 'send_email', effect: 'ask' },
      ],
    },
  });

  it('the strictest matching rule wins, with the most approvers and the shortest timeout', () => {
    expect(decideTool(g, call('refund', { amount: 100 }), { tainted: false })).toMatchObject({ effect: 'allow', approvers: 0, rules: [] });
    expect(decideTool(g, call('refund', { amount: 600 }), { tainted: false })).toMatchObject({ effect: 'require_approval', approvers: 2, timeoutMs: 7_200_000, rules: ['refund-two'] });
    expect(decideTool(g, call('refund', { amount: 20000 }), { tainted: false })).toMatchObject({ effect: 'require_approval', approvers: 3, timeoutMs: 3_600_000, rules: ['refund-two', 'refund-three'] });
    expect(decideTool(g, call('wire_transfer'), { tainted: false })).toMatchObject({ effect: 'deny', reason: 'wires go through treasury' });
    expect(decideTool(g, call('send_email'), { tainted: false })).toMatchObject({ effect: 'ask' });
    expect(decideTool(g, call('refund', { amount: 600 }), { tainted: false }).policyVersion).toBe(g.version);
  });

  it('a condition that cannot be evaluated fails closed', () => {
    expect(decideTool(g, call('refund', { amount: 'lots' }), { tainted: false })).toMatchObject({ effect: 'require_approval', approvers: 3 });
  });

  it("the OWASP pack's rule asks before a tainted run's destructive call", () => {
    const owasp = checkedPack(BUILTIN_PACK_DATA['owasp-agentic'], 'owasp-agentic');
    const withPack = declared({}, [owasp]);
    expect(decideTool(withPack, { ...call('delete_account'), annotations: { destructive: true } }, { tainted: true })).toMatchObject({ effect: 'ask', rules: ['pack:owasp-agentic#owasp-t6-tainted-destructive'] });
    expect(decideTool(withPack, { ...call('delete_account'), annotations: { destructive: true } }, { tainted: false }).effect).toBe('allow');
  });
});

describe('decideData and decideModel', () => {
  it('a purpose allows its classes, pseudonymises the rest; the GDPR pack redacts special categories even where a purpose allows them', () => {
    const gdpr = checkedPack(BUILTIN_PACK_DATA.gdpr, 'gdpr');
    const file: GovernanceFile = { policy: { purposes: { care: ['email', 'health'] } } };
    expect(decideData(declared(file), 'care', 'health').effect).toBe('allow');
    expect(decideData(declared(file), 'care', 'iban').effect).toBe('pseudonymise');
    expect(decideData(declared(file), undefined, 'email').effect).toBe('pseudonymise');
    expect(decideData(declared(file, [gdpr]), 'care', 'health')).toMatchObject({ effect: 'redact', rules: ['pack:gdpr#gdpr-art9-special-categories'] });
    expect(decideData(declared(file, [gdpr]), 'care', 'email').effect).toBe('allow');
  });

  it('a pack narrows a purpose the file declares but never adds one', () => {
    const narrowing = pack('narrow', { purposes: { care: ['email'], marketing: ['email', 'phone'] } });
    const g = declared({ policy: { purposes: { care: ['email', 'phone'] } } }, [narrowing]);
    expect([...(g.purposes.get('care') ?? [])]).toEqual(['email']);
    expect(g.purposes.has('marketing')).toBe(false);
  });

  it('model rules forbid backends by provider:model glob', () => {
    const g = declared({ policy: { rules: [{ id: 'no-preview', on: 'model', match: '*:*-preview', effect: 'deny' }] } });
    expect(decideModel(g, 'openai', 'gpt-x-preview')).toMatchObject({ effect: 'deny', rules: ['no-preview'] });
    expect(decideModel(g, 'openai', 'gpt-x').effect).toBe('allow');
  });

  it('the policy version changes with the policy and not with key order', () => {
    const a = declared({ home: 'eu-west-1', regions: { a: 'x', b: 'y' } });
    const b = declared({ regions: { b: 'y', a: 'x' }, home: 'eu-west-1' });
    expect(a.version).toBe(b.version);
    expect(declared({ home: 'eu-west-2' }).version).not.toBe(a.version);
  });
});

const TOOLS = ['refund', 'refund_card', 'send_email', 'wire_out', 'lookup'] as const;
const toolRule = fc.record({
  id: fc.constantFrom('r1', 'r2', 'r3', 'r4'),
  on: fc.constant('tool' as const),
  match: fc.constantFrom('*', 'refund*', 'send_email', 'wire_*', 'lookup'),
  when: fc.option(fc.constantFrom('args.amount > 100', 'tainted', 'args.amount > 1000 and not tainted', 'args.note matches "urgent"'), { nil: undefined }),
  effect: fc.constantFrom('allow', 'ask', 'require_approval', 'deny'),
});
const dataRule = fc.record({
  id: fc.constantFrom('d1', 'd2', 'd3'),
  on: fc.constant('data' as const),
  match: fc.subarray([...DATA_CLASSES], { minLength: 1, maxLength: 4 }),
  effect: fc.constantFrom('allow', 'pseudonymise', 'redact', 'deny'),
});
const rule = fc.oneof(toolRule, dataRule).chain((r) =>
  r.effect === 'require_approval' ? fc.record({ approvers: fc.integer({ min: 1, max: 4 }) }).map((extra) => ({ ...r, ...extra })) : fc.constant(r),
) as fc.Arbitrary<GovernanceRule>;
const purposes = fc.dictionary(fc.constantFrom('refunds', 'support', 'care'), fc.subarray([...DATA_CLASSES]), { maxKeys: 3 });
const policy = fc.record({ purposes, rules: fc.array(rule, { maxLength: 5 }) });

describe('combining only tightens (property)', () => {
  it('adding any pack never loosens a tool or data decision', () => {
    fc.assert(
      fc.property(
        policy,
        fc.array(policy, { minLength: 1, maxLength: 3 }),
        fc.constantFrom(...TOOLS),
        fc.record({ amount: fc.integer({ min: 0, max: 5000 }), note: fc.constantFrom('urgent', 'later') }),
        fc.boolean(),
        fc.option(fc.constantFrom('refunds', 'support', 'care', 'other'), { nil: undefined }),
        fc.constantFrom(...DATA_CLASSES),
        (own, packPolicies, tool, args, tainted, purpose, cls: DataClass) => {
          const base = declared({ policy: own });
          const tighter = declared({ policy: own }, packPolicies.map((p, i) => pack(`p${i}`, p)));
          const before = decideTool(base, call(tool, args), { tainted });
          const after = decideTool(tighter, call(tool, args), { tainted });
          expect(toolStrictness(after.effect)).toBeGreaterThanOrEqual(toolStrictness(before.effect));
          if (before.effect === 'require_approval' && after.effect === 'require_approval') {
            expect(after.approvers).toBeGreaterThanOrEqual(before.approvers);
            expect(after.timeoutMs as number).toBeLessThanOrEqual(before.timeoutMs as number);
          }
          expect(dataStrictness(decideData(tighter, purpose, cls).effect)).toBeGreaterThanOrEqual(dataStrictness(decideData(base, purpose, cls).effect));
        },
      ),
      { numRuns: 400, seed: 40 },
    );
  });
});
