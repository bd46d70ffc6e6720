import { PolicyError, ProviderError } from '@warden/protocol';
import { scriptedProvider } from '@warden/protocol/testing';
import { describe, expect, it } from 'vitest';
import { checkRails } from '../../src/rails/check-rails.js';
import { noSecrets } from '../../src/rails/detectors.js';
import { JUDGE_POLICIES, JUDGE_POLICY_NAMES } from '../../src/rails/judge-policies.js';
import { llmJudge } from '../../src/rails/llm-judge.js';

const verdict = (pass: boolean, severity: string, reason: string): string => JSON.stringify({ pass, severity, reason });

describe('llmJudge', () => {
  it('passes on a structured pass verdict and sends the ready policy, the text and the sources as data', async () => {
    const provider = scriptedProvider([verdict(true, 'none', 'supported')]);
    const outcome = await llmJudge(provider, 'groundedness').judge('Order 4412 shipped.', { sources: ['order 4412: shipped'] });
    expect(outcome).toEqual({ findings: [] });
    const request = provider.requests[0]!;
    expect(JSON.stringify(request.messages[0])).toContain(JUDGE_POLICIES.groundedness.slice(0, 40));
    expect(JSON.stringify(request.messages[1])).toContain('<sources>');
    expect(request.responseFormat).toMatchObject({ type: 'json', name: 'judge_verdict' });
  });

  it('blocks on a failing verdict with its severity and reason, and names itself', async () => {
    const provider = scriptedProvider([verdict(false, 'high', 'names a competitor')]);
    const judge = llmJudge(provider, 'never name a competitor');
    expect(judge.name).toBe('judge:custom');
    const outcome = await judge.judge('Try ACME instead.');
    expect(outcome.findings).toEqual([expect.objectContaining({ rail: 'judge:custom', kind: 'judge_verdict', severity: 'high', spans: [] })]);
    expect(outcome.findings[0]!.message).toContain('names a competitor');
    expect(JSON.stringify(provider.requests[0]!.messages[0])).toContain('never name a competitor');
  });

  it('blockAt lets a failing verdict under it through', async () => {
    const judge = llmJudge(scriptedProvider([verdict(false, 'medium', 'a bit curt')]), 'tone', { blockAt: 'high' });
    expect((await judge.judge('Fine.')).findings).toEqual([]);
  });

  it('a judge that does not answer JSON has FAILED: blocked by default', async () => {
    for (const reply of ['Looks fine to me!', '{"pass": true}', verdict(true, 'none', 'ok').replace('}', ', "extra": 1}'), { text: verdict(true, 'none', 'ok'), finishReason: 'length' as const }]) {
      const outcome = await llmJudge(scriptedProvider([reply]), 'safety').judge('hello');
      expect(outcome.failure).toBeTruthy();
      expect(outcome.findings).toEqual([expect.objectContaining({ rail: 'judge:safety', kind: 'judge_failed', severity: 'high' })]);
    }
  });

  it('onError allow lets a failed judge through but says so; raise throws policy.judge_failed', async () => {
    const allowed = await llmJudge(scriptedProvider(['not json']), 'pii', { onError: 'allow' }).judge('hello');
    expect(allowed).toEqual({ findings: [], failure: 'the judge did not answer with a valid JSON verdict' });
    const down = new ProviderError({ code: 'provider.unavailable', message: 'down', provider: 'scripted', retryable: false });
    const raised = llmJudge(scriptedProvider([down]), 'pii', { onError: 'raise' }).judge('hello');
    await expect(raised).rejects.toSatisfy((e: unknown) => PolicyError.isInstance(e) && (e).code === 'policy.judge_failed' && Boolean((e).hint));
  });

  it('a judge that takes too long has failed', async () => {
    const outcome = await llmJudge(scriptedProvider([{ text: verdict(true, 'none', 'ok'), delayMs: 5_000 }]), 'safety', { timeoutMs: 20 }).judge('hello');
    expect(outcome.failure).toContain('unavailable');
    expect(outcome.findings[0]!.kind).toBe('judge_failed');
  });

  it('has the seven ready policies', () => {
    expect(JUDGE_POLICY_NAMES).toEqual(['safety', 'pii', 'relevance', 'groundedness', 'jailbreak', 'tone', 'compliance']);
  });
});

describe('checkRails: cheap checks first', () => {
  it('does not call the judge when a detector already found something', async () => {
    const provider = scriptedProvider([verdict(true, 'none', 'ok')]);
    const rails = { detectors: [noSecrets()], judges: [llmJudge(provider, 'safety')] };
    const check = await checkRails(rails, `token ghp_${'A1b2C3d4E5'.repeat(3)}abcdef`);
    expect(check.findings.map((f) => f.rail)).toEqual(['noSecrets']);
    expect(check.judged).toEqual([]);
    expect(provider.requests).toHaveLength(0);
  });

  it('runs the judges in order when the detectors pass, stopping at the first that blocks', async () => {
    const first = scriptedProvider([verdict(false, 'medium', 'off topic')]);
    const second = scriptedProvider([verdict(true, 'none', 'ok')]);
    const rails = { detectors: [noSecrets()], judges: [llmJudge(first, 'relevance'), llmJudge(second, 'tone')] };
    const check = await checkRails(rails, 'The weather is nice.');
    expect(check.judged).toEqual(['judge:relevance']);
    expect(check.findings.map((f) => f.rail)).toEqual(['judge:relevance']);
    expect(second.requests).toHaveLength(0);
  });

  it('records an allowed judge failure', async () => {
    const rails = { detectors: [], judges: [llmJudge(scriptedProvider(['nope']), 'tone', { onError: 'allow' })] };
    expect(await checkRails(rails, 'Hello.')).toEqual({ findings: [], judged: ['judge:tone'], failures: [{ rail: 'judge:tone', reason: 'the judge did not answer with a valid JSON verdict' }] });
  });
});
