import { emptyUsage, type RunEvent } from '@warden/protocol';
import { describe, expect, it } from 'vitest';
import type { CliOutput } from '../cli/io.js';
import { loadTranslator } from '../i18n/load-catalog.js';
import { createEventRenderer } from './event-renderer.js';
import { terminalStyle, wantsColor } from './terminal-style.js';

function buffer(isTTY: boolean, columns = 80): CliOutput & { text: string } {
  const out = { text: '', isTTY, columns, write: (s: string) => void (out.text += s) };
  return out;
}

const base = { runId: 'run_1', at: '2026-01-01T00:00:00.000Z' };
const events: RunEvent[] = [
  { ...base, type: 'run_start', task: 't', provider: 'openai', model: 'gpt', sessionId: 'ses_1' },
  { ...base, type: 'text_delta', step: 0, text: 'Writing ' },
  { ...base, type: 'text_delta', step: 0, text: 'the file.' },
  { ...base, type: 'assistant_message', step: 0, message: { role: 'assistant', parts: [{ type: 'text', text: 'Writing the file.' }] } },
  { ...base, type: 'tool_call', step: 0, callId: 'c1', name: 'write_file', args: { path: 'hello.py', content: 'print(1)' } },
  { ...base, type: 'tool_decision', step: 0, callId: 'c1', name: 'write_file', decision: { effect: 'ask', reason: 'mutating tool in safe mode', rule: 'mode.safe' }, approval: { outcome: 'approved', automatic: true } },
  { ...base, type: 'tool_result', step: 0, callId: 'c1', name: 'write_file', status: 'ok', isError: false, content: [{ type: 'text', text: 'wrote 8 bytes' }], durationMs: 1 },
  { ...base, type: 'tool_call', step: 1, callId: 'c2', name: 'shell', args: { command: 'curl http://169.254.169.254/' } },
  { ...base, type: 'tool_decision', step: 1, callId: 'c2', name: 'shell', decision: { effect: 'deny', reason: 'cloud metadata endpoint', rule: 'shell.metadata' } },
  { ...base, type: 'tool_result', step: 1, callId: 'c2', name: 'shell', status: 'denied', isError: true, content: [{ type: 'text', text: 'denied' }], durationMs: 0 },
  { ...base, type: 'tool_call', step: 1, callId: 'c3', name: 'shell', args: { command: 'python3 hello.py' } },
  { ...base, type: 'tool_decision', step: 1, callId: 'c3', name: 'shell', decision: { effect: 'allow', reason: 'yolo', rule: 'mode.yolo' } },
  { ...base, type: 'tool_result', step: 1, callId: 'c3', name: 'shell', status: 'ok', isError: false, content: [{ type: 'text', text: '1\n2\n3\n' }], durationMs: 3 },
  { ...base, type: 'run_end', stopReason: 'done', output: 'Writing the file.', steps: 2, usage: { ...emptyUsage(), inputTokens: 1000, outputTokens: 234 }, costUsd: 0.0012 },
];

describe('event renderer', () => {
  it('shows streamed text, each call with its decision and a short result, and a summary', async () => {
    const out = buffer(false);
    const renderer = createEventRenderer({ out, t: await loadTranslator('en'), style: terminalStyle(out, {}) });
    for (const event of events) renderer.render(event);
    expect(out.text).toBe(
      [
        'openai/gpt · session ses_1',
        'Writing the file.',
        '? write_file hello.py · asked → approved automatically (--yes) mutating tool in safe mode [mode.safe]',
        '  ↳ ok · 1 line · wrote 8 bytes',
        '✖ shell $ curl http://169.254.169.254/ · denied cloud metadata endpoint [shell.metadata]',
        '● shell $ python3 hello.py · allowed',
        '  ↳ ok · 3 lines · 1',
        '✔ done · 2 steps · 1,234 tokens · $0.0012',
        '',
      ].join('\n'),
    );
  });

  it('writes no colour codes to a pipe or under NO_COLOR, and colour on a terminal or with FORCE_COLOR', async () => {
    const t = await loadTranslator('en');
    const cases: Array<[boolean, NodeJS.ProcessEnv, boolean]> = [
      [false, {}, false],
      [true, {}, true],
      [true, { NO_COLOR: '1' }, false],
      [false, { FORCE_COLOR: '1' }, true],
      [true, { FORCE_COLOR: '0' }, false],
    ];
    for (const [tty, env, colored] of cases) {
      const out = buffer(tty);
      const renderer = createEventRenderer({ out, t, style: terminalStyle(out, env) });
      for (const event of events) renderer.render(event);
      expect(out.text.includes('\u001b['), JSON.stringify({ tty, env })).toBe(colored);
      expect(wantsColor(out, env)).toBe(colored);
    }
  });

  it('fits long lines to the terminal width', async () => {
    const out = buffer(true, 40);
    const renderer = createEventRenderer({ out, t: await loadTranslator('en'), style: terminalStyle(out, { NO_COLOR: '1' }) });
    renderer.render({ ...base, type: 'tool_call', step: 0, callId: 'c', name: 'shell', args: { command: `echo ${'x'.repeat(200)}` } });
    renderer.render({ ...base, type: 'tool_decision', step: 0, callId: 'c', name: 'shell', decision: { effect: 'allow', reason: 'r', rule: 'x' } });
    const lines = out.text.trimEnd().split('\n');
    expect(lines.every((line) => line.length <= 60)).toBe(true);
    expect(lines[0]).toContain('…');
  });

  it('in quiet mode prints only the final answer and problems', async () => {
    const out = buffer(false);
    const renderer = createEventRenderer({ out, t: await loadTranslator('en'), style: terminalStyle(out, {}), quiet: true });
    for (const event of events.filter((e) => e.type !== 'text_delta')) renderer.render(event);
    expect(out.text).toBe(['✖ shell $ curl http://169.254.169.254/ · denied cloud metadata endpoint [shell.metadata]', 'Writing the file.', ''].join('\n'));
  });

  it('strips terminal control sequences that a model or a tool put in its text', async () => {
    const out = buffer(true);
    const renderer = createEventRenderer({ out, t: await loadTranslator('en'), style: terminalStyle(out, { NO_COLOR: '1' }) });
    renderer.render({ ...base, type: 'text_delta', step: 0, text: 'safe\u001b[2J\u001b]0;owned\u0007 text\n' });
    renderer.render({ ...base, type: 'tool_call', step: 0, callId: 'c', name: 'shell', args: { command: 'echo \u001b[31mred' } });
    renderer.render({ ...base, type: 'tool_decision', step: 0, callId: 'c', name: 'shell', decision: { effect: 'allow', reason: 'r', rule: 'x' } });
    renderer.render({ ...base, type: 'tool_result', step: 0, callId: 'c', name: 'shell', status: 'ok', isError: false, content: [{ type: 'text', text: '\u001b[31mred\u009b' }], durationMs: 1 });
    expect([...out.text].filter((c) => c !== "\n" && (c.charCodeAt(0) < 0x20 || (c.charCodeAt(0) >= 0x7f && c.charCodeAt(0) <= 0x9f)))).toEqual([]);
    expect(out.text).toContain('safe[2J]0;owned text');
  });

  it('explains provider retries and switches in the run language', async () => {
    const out = buffer(false);
    const renderer = createEventRenderer({ out, t: await loadTranslator('fr'), style: terminalStyle(out, {}) });
    renderer.render({ ...base, type: 'provider_notice', notice: { type: 'retry', provider: 'openai', attempt: 2, delayMs: 1500, reason: 'HTTP 429' } });
    renderer.render({ ...base, type: 'provider_notice', notice: { type: 'provider_switch', from: 'openai', to: 'anthropic', reason: 'circuit open' } });
    expect(out.text).toBe('openai : nouvel essai (tentative 2) dans 1,5 s — HTTP 429\npassage de openai à anthropic — circuit open\n');
  });

  it('says the reason of a notice that names its error code in the run language', async () => {
    const out = buffer(false);
    const fr = await loadTranslator('fr');
    const renderer = createEventRenderer({ out, t: fr, style: terminalStyle(out, {}) });
    renderer.render({ ...base, type: 'provider_notice', notice: { type: 'retry', provider: 'openai', attempt: 2, delayMs: 1500, reason: 'provider.rate_limited (HTTP 429)', code: 'provider.rate_limited', status: 429 } });
    renderer.render({ ...base, type: 'provider_notice', notice: { type: 'provider_switch', from: 'openai', to: 'anthropic', reason: 'provider.circuit_open', code: 'provider.circuit_open' } });
    expect(out.text).toBe(
      `openai : nouvel essai (tentative 2) dans 1,5 s — ${fr('code.provider.rate_limited', { provider: 'openai', status: 429 })}\n` +
        `passage de openai à anthropic — ${fr('code.provider.circuit_open', { provider: 'openai' })}\n`,
    );
    expect(out.text).not.toContain('provider.rate_limited');
  });

  it('says why the run is tainted in the run language', async () => {
    const out = buffer(false);
    const renderer = createEventRenderer({ out, t: await loadTranslator('es'), style: terminalStyle(out, {}) });
    renderer.render({ ...base, type: 'taint', source: 'tool:web_fetch', reason: 'web_fetch returns content from outside the workspace', reasonId: 'outside_tool', params: { tool: 'web_fetch' } });
    renderer.render({ ...base, type: 'taint', source: 'hook:x', reason: 'a note from an older hook' });
    expect(out.text).toContain('web_fetch devuelve contenido de fuera del espacio de trabajo');
    expect(out.text).toContain('a note from an older hook');
    expect(out.text).not.toContain('returns content');
  });
});

describe('event renderer: handoffs', () => {
  it('says who took the conversation over, and why a handoff was refused', async () => {
    const out = buffer(false);
    const renderer = createEventRenderer({ out, t: await loadTranslator('en'), style: terminalStyle(out, {}) });
    const handoff = { version: 1 as const, id: 'hof_1', from: 'researcher', to: 'writer', contextSummary: 's', artifacts: [], metadata: {}, createdAt: base.at };
    renderer.render({ ...base, type: 'handoff', handoff, receipt: { version: 1, handoffId: 'hof_1', status: 'accepted', by: 'writer', at: base.at } });
    renderer.render({ ...base, type: 'handoff', handoff: { ...handoff, id: 'hof_2', from: 'writer', to: 'researcher' }, receipt: { version: 1, handoffId: 'hof_2', status: 'rejected', by: 'writer', reason: 'run.max_handoffs: limit of 1', at: base.at } });
    expect(out.text).toBe('researcher handed the conversation to writer\nhandoff from writer to researcher refused: run.max_handoffs: limit of 1\n');
  });

  it('says a refused handoff from its code and values in the run language', async () => {
    const out = buffer(false);
    const renderer = createEventRenderer({ out, t: await loadTranslator('es'), style: terminalStyle(out, {}) });
    const handoff = { version: 1 as const, id: 'hof_2', from: 'writer', to: 'researcher', contextSummary: 's', artifacts: [], metadata: {}, createdAt: base.at };
    const receipt = { version: 1 as const, handoffId: 'hof_2', status: 'rejected' as const, by: 'writer', reason: 'run.max_handoffs: this run has reached its limit of 1 handoffs', at: base.at };
    renderer.render({ ...base, type: 'handoff', handoff, receipt, refusal: { code: 'run.max_handoffs', params: { limit: 1 } } });
    expect(out.text).toContain('esta ejecución alcanzó su límite de 1 traspasos');
    expect(out.text).not.toContain('reached its limit');
  });
});
