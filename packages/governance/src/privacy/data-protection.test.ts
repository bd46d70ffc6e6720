import { createAgent } from '@warden/core';
import type { JsonObject, ModelRequest, ToolV1 } from '@warden/protocol';
import { recordingGate, scriptedProvider } from '@warden/protocol/testing';
import { describe, expect, it } from 'vitest';
import { dataProtection, type TreatedData } from './data-protection.js';


function requestText(request: ModelRequest): string {
  return JSON.stringify(request.messages);
}

/** A tool that records the arguments it was really given. */
function mailer(received: JsonObject[]): ToolV1 {
  return {
    specificationVersion: 'v1',
    name: 'send_email',
    description: 'Sends an email to a customer.',
    inputSchema: { type: 'object', properties: { to: { type: 'string' }, body: { type: 'string' } }, required: ['to', 'body'] },
    annotations: { openWorld: true },
    execute(args) {
      received.push(args);
      return `sent to ${String(args.to)}`;
    },
  };
}

describe('dataProtection in a real agent loop', () => {
  it('the model sees a pseudonym, the tool gets the real email, and the tool result is pseudonymised again', async () => {
    const seen: string[] = [];
    const treated: TreatedData[] = [];
    const protection = dataProtection({ purpose: 'refunds', allow: ['iban'], onTreated: (t) => treated.push(t) });
    const provider = scriptedProvider([
      (request) => {
        seen.push(requestText(request));
        const token = /⟨email:[0-9a-f]{8}⟩/.exec(requestText(request))?.[0] ?? 'no token';
        return { toolCalls: [{ name: 'send_email', args: { to: token, body: 'Your refund to DE89 3704 0044 0532 0130 00 is on its way' } }] };
      },
      (request) => {
        seen.push(requestText(request));
        return 'done';
      },
    ]);
    const received: JsonObject[] = [];
    const agent = createAgent({ provider, tools: [protection.wrapTool(mailer(received))], gate: recordingGate({ send_email: 'allow' }), hooks: [protection.hooks] });
    const result = await agent.run('Refund customer ana.garcia@example.es (card 4111 1111 1111 1111) to IBAN DE89 3704 0044 0532 0130 00');
    expect(result.stopReason).toBe('done');

    // What left for the provider: no email, no card; the IBAN is allowed for refunds.
    for (const text of seen) {
      expect(text).not.toContain('ana.garcia@example.es');
      expect(text).not.toContain('4111 1111 1111 1111');
      expect(text).toContain('DE89 3704 0044 0532 0130 00');
    }
    expect(seen[0]).toMatch(/⟨email:[0-9a-f]{8}⟩/);
    expect(seen[0]).toMatch(/⟨card:[0-9a-f]{8}⟩/);
    // The tool acted on the real customer.
    expect(received).toEqual([{ to: 'ana.garcia@example.es', body: 'Your refund to DE89 3704 0044 0532 0130 00 is on its way' }]);
    // Its answer named the customer; the model got the same pseudonym back, not the address.
    const token = /⟨email:[0-9a-f]{8}⟩/.exec(seen[0] as string)?.[0] as string;
    expect(seen[1]).toContain(`sent to ${token}`);
    expect(treated[0]).toMatchObject({ purpose: 'refunds', action: 'pseudonymise', classes: { email: 1, card: 1 } });
    expect(JSON.stringify(treated)).not.toContain('ana.garcia');
  });

  it('redact removes the value for good: nothing is restored', async () => {
    const protection = dataProtection({ purpose: 'analytics', allow: [], treatment: 'redact' });
    const text = protection.protectText('call +44 20 7946 0958 about S1234567D, who is pregnant');
    expect(text).toBe('call [redacted:phone] about [redacted:sg_nric], who is [redacted:health]');
    expect(protection.restore({ a: text })).toEqual({ a: text });
  });

  it('the same value gets the same pseudonym; different values and keys get different ones; invented tokens stay', () => {
    const a = dataProtection({ purpose: 'p', allow: [], key: 'k1' });
    const b = dataProtection({ purpose: 'p', allow: [], key: 'k2' });
    const one = a.protectText('x@example.com and x@example.com and y@example.com');
    const tokens = one.match(/⟨email:[0-9a-f]{8}⟩/g) ?? [];
    expect(tokens).toHaveLength(3);
    expect(tokens[0]).toBe(tokens[1]);
    expect(tokens[2]).not.toBe(tokens[0]);
    expect(b.protectText('x@example.com')).not.toBe(tokens[0]);
    expect(a.restore({ to: [tokens[0] as string, '⟨email:00000000⟩'] })).toEqual({ to: ['x@example.com', '⟨email:00000000⟩'] });
  });

  it('a request with nothing to treat goes out unchanged', async () => {
    const protection = dataProtection({ purpose: 'p', allow: [] });
    const request: ModelRequest = { messages: [{ role: 'user', parts: [{ type: 'text', text: 'hello' }] }] };
    expect(await protection.hooks.beforeModel?.({ runId: 'r', step: 1, request })).toBeUndefined();
  });
});
