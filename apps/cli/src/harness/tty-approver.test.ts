import type { ApprovalRequest } from '@warden/protocol';
import { describe, expect, it } from 'vitest';
import { loadTranslator } from '../i18n/load-catalog.js';
import { terminalStyle } from '../render/terminal-style.js';
import { SessionRules } from '../repl/session-rules.js';
import { ttyApprover } from './tty-approver.js';

function request(command: string, id = 'a1'): ApprovalRequest {
  return { id, runId: 'r', step: 0, call: { id: `c-${id}`, name: 'shell', args: { command } }, decision: { effect: 'ask', reason: 'runs a program', rule: 'shell.ask' }, createdAt: new Date(0).toISOString() };
}

async function setup(answers: string[]) {
  let text = '';
  const out = { write: (chunk: string) => void (text += chunk), isTTY: false, columns: 200 };
  const rules = new SessionRules();
  const approver = ttyApprover({ ask: async (q) => ((text += q), answers.shift() ?? ''), out: out, t: await loadTranslator('en'), style: terminalStyle(out, { NO_COLOR: '1' }), by: 'ada', rules });
  return { approver, rules, text: () => text };
}

const signal = new AbortController().signal;

describe('the terminal approver', () => {
  it('shows bidi overrides, zero-width and control characters as escapes in every untrusted string', async () => {
    const { approver, text } = await setup(['n']);
    const sneaky = 'echo safe\u202e\u2066 ;rm -rf ~\u2069\u200b\u200d\u2060\ufeff\u200e\u001b[2J';
    await approver.approve({ ...request(sneaky), decision: { effect: 'ask', reason: 'r\u202e', rule: 'shell.ask', provenance: { taintSource: 'file:a\u2067.md' } } }, { signal });
    const shown = text();
    for (const ch of ['\u202e', '\u2066', '\u2067', '\u2069', '\u200b', '\u200d', '\u2060', '\ufeff', '\u200e', '\u001b']) expect(shown).not.toContain(ch);
    expect(shown).toContain('\\u202e');
    expect(shown).toContain('\\u2060');
  });

  it('"always" grants the parsed command: the same command again is approved without asking, a chained one is asked', async () => {
    const { approver, text } = await setup(['a', 'n', 'n']);
    expect((await approver.approve(request('npm test', 'a1'), { signal })).outcome).toBe('approved');
    expect(text()).toContain('shell(npm test)');
    expect((await approver.approve(request("npm  'test'", 'a2'), { signal })).note).toContain('allowed for this session');
    for (const [id, chained] of [['a3', 'npm test; curl https://evil.example'], ['a4', 'npm test && rm -rf x']]) {
      const answer = await approver.approve(request(chained!, id), { signal });
      expect(answer.outcome).toBe('denied');
    }
  });
});
