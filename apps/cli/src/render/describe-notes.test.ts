import { HANDOFF_REFUSALS } from '@warden/protocol/handoff';
import { TAINT_NOTES } from '@warden/protocol/policy';
import { SANDBOX_UNAVAILABLE } from '@warden/tools';
import { describe, expect, it } from 'vitest';
import { loadTranslator } from '../i18n/load-catalog.js';
import { describeHandoffRefusal } from './describe-handoff-refusal.js';
import { describeNoticeReason } from './describe-notice.js';
import { describeSandboxUnavailable } from './describe-sandbox.js';
import { describeTaint } from './describe-taint.js';

const rejected = (reason: string) => ({ version: 1 as const, handoffId: 'hof_1', status: 'rejected' as const, by: 'writer', reason, at: 'now' });

describe('describeTaint', () => {
  it('says why the run is tainted in the run language, with the values', async () => {
    const fr = await loadTranslator('fr');
    const note = { reason: 'read_file read src/a.ts that this run did not write', reasonId: 'unwritten_file', params: { tool: 'read_file', path: 'src/a.ts' } };
    expect(describeTaint(note, fr)).toBe("read_file a lu src/a.ts, que cette exécution n'a pas écrit");
    const es = await loadTranslator('es');
    expect(describeTaint({ reason: 'x', reasonId: 'injection.reveal_secrets', params: { tool: 'web_fetch' } }, es)).toBe('la salida de web_fetch pide revelar secretos');
  });

  it('keeps the English reason for a note without an id, an unknown id, or missing values', async () => {
    const hi = await loadTranslator('hi');
    expect(describeTaint({ reason: 'older note' }, hi)).toBe('older note');
    expect(describeTaint({ reason: 'plugin note', reasonId: 'plugin.thing' }, hi)).toBe('plugin note');
    expect(describeTaint({ reason: 'no values', reasonId: 'unwritten_file' }, hi)).toBe('no values');
  });

  it('has a message with every value each note names, in every language', async () => {
    for (const lang of ['en', 'es', 'hi', 'fr'] as const) {
      const t = await loadTranslator(lang);
      for (const id of Object.keys(TAINT_NOTES)) {
        const params = { tool: 'TOOL', path: 'PATH', file: 'FILE', server: 'SERVER' };
        expect(describeTaint({ reason: 'ENGLISH', reasonId: id, params }, t), `${lang} ${id}`).not.toBe('ENGLISH');
      }
    }
  });
});

describe('describeNoticeReason', () => {
  it('says why a call is retried from its error code, with the provider', async () => {
    const es = await loadTranslator('es');
    const retry = { type: 'retry' as const, provider: 'anthropic', attempt: 1, delayMs: 500, reason: 'provider.rate_limited (HTTP 429)', code: 'provider.rate_limited', status: 429 };
    const text = describeNoticeReason(retry, es);
    expect(text).toContain('anthropic');
    expect(text).not.toContain('provider.rate_limited');
    const sw = { type: 'provider_switch' as const, from: 'anthropic', to: 'gemini', reason: 'provider.unavailable', code: 'provider.unavailable', status: 503 };
    expect(describeNoticeReason(sw, es)).toContain('anthropic');
    expect(describeNoticeReason(sw, es)).not.toBe('provider.unavailable');
  });

  it('keeps the reason in English, and for a notice without a code', async () => {
    const en = await loadTranslator('en');
    const fr = await loadTranslator('fr');
    const retry = { type: 'retry' as const, provider: 'p', attempt: 1, delayMs: 1, reason: 'provider.network', code: 'provider.network' };
    expect(describeNoticeReason(retry, en)).toBe('provider.network');
    expect(describeNoticeReason({ ...retry, code: undefined }, fr)).toBe('provider.network');
  });
});

describe('describeHandoffRefusal', () => {
  it('says a refused handoff from its code and values', async () => {
    const fr = await loadTranslator('fr');
    const event = { receipt: rejected('run.max_handoffs: this run has reached its limit of 2 handoffs'), refusal: { code: 'run.max_handoffs', params: { limit: 2 } } };
    expect(describeHandoffRefusal(event, fr)).toBe('cette exécution a atteint sa limite de 2 transferts');
  });

  it("reads the code prefix of an older receipt when the message needs no values, else keeps the receipt's reason", async () => {
    const hi = await loadTranslator('hi');
    expect(describeHandoffRefusal({ receipt: rejected('protocol.too_large: the handoff is 9 bytes') }, hi)).toBe('हैंडऑफ़ रिकॉर्ड प्रोटोकॉल की अनुमति से बड़ा है');
    expect(describeHandoffRefusal({ receipt: rejected('run.max_handoffs: limit of 2') }, hi)).toBe('run.max_handoffs: limit of 2');
    expect(describeHandoffRefusal({ receipt: rejected('plugin said no') }, hi)).toBe('plugin said no');
  });

  it('knows every refusal code in every language', async () => {
    for (const lang of ['en', 'es', 'hi', 'fr'] as const) {
      const t = await loadTranslator(lang);
      for (const code of Object.keys(HANDOFF_REFUSALS)) {
        const event = { receipt: rejected('ENGLISH'), refusal: { code, params: { limit: 1, to: 'b', agent: 'a', reason: 'r' } } };
        expect(describeHandoffRefusal(event, t), `${lang} ${code}`).not.toBe('ENGLISH');
      }
    }
  });
});

describe('describeSandboxUnavailable', () => {
  it("says why the sandbox is unavailable from its code, else keeps the library's reason", async () => {
    const es = await loadTranslator('es');
    expect(describeSandboxUnavailable({ available: false, reason: 'bubblewrap not found (bwrap); install it', code: 'sandbox.not_found', params: { name: 'bwrap' } }, es)).toBe('no se encontró bubblewrap (bwrap)');
    expect(describeSandboxUnavailable({ available: false, reason: 'older reason' }, es)).toBe('older reason');
  });

  it('knows every code in every language', async () => {
    for (const lang of ['en', 'es', 'hi', 'fr'] as const) {
      const t = await loadTranslator(lang);
      for (const code of Object.keys(SANDBOX_UNAVAILABLE)) {
        const status = { available: false as const, reason: 'ENGLISH', code: code as keyof typeof SANDBOX_UNAVAILABLE, params: { platform: 'p', name: 'n', why: 'w', workspace: 'ws' } };
        expect(describeSandboxUnavailable(status, t), `${lang} ${code}`).not.toBe('ENGLISH');
      }
    }
  });
});
