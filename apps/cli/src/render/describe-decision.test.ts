import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../i18n/catalog-types.js';
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

  const SHELL_REFUSALS = [
    ['en', 'the command escalates privileges (sudo)', 'the command deletes /etc, outside the workspace (rm)'],
    ['es', 'el comando eleva privilegios (sudo)', 'el comando borra /etc, fuera del espacio de trabajo (rm)'],
    ['hi', 'कमांड विशेषाधिकार बढ़ाती है (sudo)', 'कमांड वर्कस्पेस के बाहर /etc मिटाती है (rm)'],
    ['fr', 'la commande élève ses privilèges (sudo)', 'la commande supprime /etc, hors de l\'espace de travail (rm)'],
  ] as const;

  it.each(SHELL_REFUSALS)('names the refused command (and path) of a shell refusal in %s', async (lang, sudo, rm) => {
    const t = await loadTranslator(lang);
    expect(describeDecision({ effect: 'deny', rule: 'shell.privilege_escalation', reason: 'sudo runs a command with other privileges', params: { command: 'sudo' } }, t)).toBe(sudo);
    expect(describeDecision({ effect: 'deny', rule: 'shell.delete_outside_workspace', reason: 'rm removes /etc, outside the workspace', params: { command: 'rm', path: '/etc' } }, t)).toBe(rm);
    const reset = describeDecision({ effect: 'deny', rule: 'shell.git_reset_hard', reason: 'git reset --hard discards uncommitted work', params: { command: 'git reset --hard' } }, t);
    expect(reset.startsWith('git reset --hard ')).toBe(true);
    expect(reset).not.toBe('git reset --hard discards uncommitted work');
  });

  it('checks shell refusals in every language', () => {
    expect(SHELL_REFUSALS.map(([lang]) => lang).sort()).toEqual([...LANGUAGES].sort());
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
