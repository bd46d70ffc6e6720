import { describe, expect, it } from 'vitest';
import { loadTranslator } from '../i18n/load-catalog.js';
import { describeDecision } from './describe-decision.js';
import { describeError } from './describe-error.js';

describe('describeDecision', () => {
  it('says a protected-path denial in the run language, with its values', async () => {
    const es = await loadTranslator('es');
    const decision = { effect: 'deny' as const, rule: 'path.protected', reason: 'write_file: path names a protected path (.env)', params: { tool: 'write_file', field: 'path', path: '.env' } };
    expect(describeDecision(decision, es)).toBe('write_file: path nombra una ruta protegida (.env)');
  });

  it('picks the message for the effect when a rule both allows and asks', async () => {
    const fr = await loadTranslator('fr');
    expect(describeDecision({ effect: 'allow', rule: 'mode.safe', reason: 'x', params: { tool: 'read_file' } }, fr)).toBe('read_file est en lecture seule');
    expect(describeDecision({ effect: 'ask', rule: 'mode.safe', reason: 'x', params: { tool: 'write_file' } }, fr)).toContain('mode sûr');
  });

  it('translates why a tainted call needs a person inside the taint message', async () => {
    const hi = await loadTranslator('hi');
    const text = describeDecision(
      {
        effect: 'ask',
        rule: 'taint.requires-person',
        reason: 'english',
        params: { because: 'outside_scope', what: 'write_file (path)', path: 'src/a.ts', source: 'tool:fetch', baseRule: 'mode.safe', baseEffect: 'ask' },
      },
      hi,
    );
    expect(text).toContain('अविश्वसनीय सामग्री');
    expect(text).toContain('src/a.ts');
    expect(text).toContain('tool:fetch');
    expect(text).toContain('कार्य के दायरे से बाहर');
  });

  it("keeps the library's English reason for a rule no catalog knows, or a decision recorded without its values", async () => {
    const es = await loadTranslator('es');
    expect(describeDecision({ effect: 'deny', rule: 'policy.no-terraform', reason: 'infrastructure goes through CI' }, es)).toBe('infrastructure goes through CI');
    expect(describeDecision({ effect: 'deny', rule: 'path.protected', reason: 'old english reason' }, es)).toBe('old english reason');
  });
});

describe('describeError', () => {
  it('translates a provider error by its code and names the provider', async () => {
    const fr = await loadTranslator('fr');
    const text = describeError({ code: 'provider.auth', message: 'openai: 401 invalid key', provider: 'openai' }, fr);
    expect(text.message).toBe('openai a refusé les identifiants');
    expect(text.hint).toContain('warden doctor');
    expect(text.detail).toBe('openai: 401 invalid key');
  });

  it("keeps English and a plugin's unknown code in the library's words", async () => {
    const en = await loadTranslator('en');
    expect(describeError({ code: 'provider.auth', message: 'openai: 401', hint: 'check OPENAI_API_KEY' }, en)).toEqual({ message: 'openai: 401', hint: 'check OPENAI_API_KEY' });
    const es = await loadTranslator('es');
    expect(describeError({ code: 'acme.broken', message: 'acme broke' }, es)).toEqual({ message: 'acme broke' });
  });
});
