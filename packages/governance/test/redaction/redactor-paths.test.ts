import { describe, expect, it } from 'vitest';
import { createRedactor } from '../../src/index.js';
import { BUILTIN_PATTERNS } from '../../src/redaction/secret-patterns.js';
import { createProbeFilter } from '../../src/redaction/secret-probes.js';
import { fake, LOOK_ALIKES, SECRETS } from './secret-fixtures.js';

// The fast paths of `redact` (probe search, exec loops, remembered name verdicts) must give
// exactly what each line gives alone, wherever the secret sits in the text.
const SEP = '\n#----#\n';

describe('redact fast paths', () => {
  const redactor = createRedactor({ env: { DEPLOY_TOKEN: 'benchsupersecretvalue42' } });

  it('gives every line of a long mixed text what the line gives alone', () => {
    // A truncated private key is redacted to the end of the text, so it goes last.
    const lines = [...SECRETS.map(([, line]) => line), ...LOOK_ALIKES, 'the deploy token is benchsupersecretvalue42 ok'];
    lines.sort((a, b) => Number(a.includes('[output truncated]')) - Number(b.includes('[output truncated]')));
    const alone = lines.map((line) => redactor.redact(line));
    expect(redactor.redact(lines.join(SEP)).split(SEP)).toEqual(alone);
    // Twice over, so every probe is found again after the first of its kind was replaced.
    const twice = [...lines.slice(0, -1), ...lines];
    expect(redactor.redact(twice.join(SEP)).split(SEP)).toEqual(twice.map((line) => redactor.redact(line)));
  });

  it.each(SECRETS.filter(([, line]) => !line.includes('\n')))('removes %s at the very start, the very end and after a line break', (_label, line, secret) => {
    for (const text of [line, `${line}\n`, `x\n${line}`, `${line}\n${line}`, `${'.'.repeat(5000)}\n${line}`]) {
      const out = redactor.redact(text);
      expect(out).not.toContain(secret);
      expect(out).toMatch(/\[redacted:[a-z0-9:_-]+\]/i);
    }
  });

  it('finds a probe that starts where another one was found (sk- and sk-ant-)', () => {
    const anthropic = `sk-ant-api03-${fake(40)}`;
    const openai = `sk-proj-${fake(40)}`;
    expect(redactor.redact(`k=${anthropic}`)).toBe('k=[redacted:anthropic-key]');
    expect(redactor.redact(`a ${openai} b ${anthropic} c`)).toBe('a [redacted:openai-key] b [redacted:anthropic-key] c');
    expect(redactor.redact(`a ${anthropic} b ${openai} c`)).toBe('a [redacted:anthropic-key] b [redacted:openai-key] c');
  });

  it('skips only the patterns whose probe is absent, in their order', () => {
    const only = createProbeFilter(BUILTIN_PATTERNS);
    const kinds = (text: string): string[] => only(text).map((p) => p.kind);
    const always = BUILTIN_PATTERNS.filter((p) => p.probe === undefined).map((p) => p.kind);
    expect(kinds('plain text with nothing in it')).toEqual(always);
    const both = kinds(`x sk-ant-${fake(30)} then ghp_${fake(36)}`);
    expect(both).toEqual(BUILTIN_PATTERNS.filter((p) => p.probe === undefined || (['github-token', 'anthropic-key', 'openai-key'].includes(p.kind) && p.probe !== 'github_pat_')).map((p) => p.kind));
    expect(createProbeFilter([])('anything')).toEqual([]);
  });

  it('keeps every probe a case-sensitive prefix of its pattern', () => {
    for (const p of BUILTIN_PATTERNS) {
      if (p.probe === undefined) continue;
      expect(p.regex.flags).not.toContain('i');
      expect(p.regex.source.replace(/^\(\?<pre>/, '').startsWith(p.probe)).toBe(true);
      // No capturing group of its own: the combined search tells probes apart by group number.
      expect(new RegExp(`${p.probe}|`).exec('')).toHaveLength(1);
    }
  });

  it('keeps the quotes around a quoted match and steps over empty matches of a custom pattern', () => {
    const custom = createRedactor({ patterns: [{ name: 'ticket', pattern: /(?<secret>"T-\d+"|T-\d+)?/ }] });
    expect(custom.redact('see "T-123" and T-9 here')).toBe('see "[redacted:ticket]" and [redacted:ticket] here');
    expect(custom.redact('nothing')).toBe('nothing');
  });

  it('judges every assignment of a repeated name, and each name on its own', () => {
    const text = ['API_TOKEN=abc12345xyz', 'MAX_TOKENS=4096', 'API_TOKEN=def67890uvw', 'MAX_TOKENS=8192', 'api_token: "q1w2e3r4t5"'].join('\n');
    expect(redactor.redact(text)).toBe(
      ['API_TOKEN=[redacted:token]', 'MAX_TOKENS=4096', 'API_TOKEN=[redacted:token]', 'MAX_TOKENS=8192', 'api_token: "[redacted:token]"'].join('\n'),
    );
  });
});
