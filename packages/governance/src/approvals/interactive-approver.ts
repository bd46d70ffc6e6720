import type { ApprovalAnswer, ApprovalRequest, ApproverV1, OptionKeys } from '@warden/protocol';
import { strictOptions } from '@warden/protocol/checks';
import { requiresPerson } from '@warden/protocol/policy';
import { terminalSafe } from '@warden/protocol/vocabulary';
import { denied } from './answers.js';
import { askSafely } from './safe-approver.js';

export interface InteractiveApproverOptions {
  /** Where answers are read from (the CLI passes `process.stdin`). */
  input: NodeJS.ReadableStream;
  /** Where the question is written (the CLI passes `process.stdout`). */
  output: NodeJS.WritableStream;
  /** Deny when no answer arrives in this long. Default 5 minutes. */
  timeoutMs?: number;
  /** Recorded as `by` on answers. Default `interactive`. */
  by?: string;
  /** Longest argument text shown. Default 4000 characters. */
  maxArgsChars?: number;
  /**
   * Removes secrets from what the prompt shows (`createRedactor().redact`): the arguments are
   * redacted whole before they are cut to `maxArgsChars`, and the reason too. The answer still
   * binds to the original arguments.
   */
  redact?: (text: string) => string;
}

/** The question shown to the person. */
export function formatApprovalPrompt(request: ApprovalRequest, maxArgsChars = 4000, redact: (text: string) => string = (t) => t): string {
  let args = redact(JSON.stringify(request.call.args, null, 2));
  if (args.length > maxArgsChars) {
    // Cut the redacted text, and never inside a `[redacted:…]` marker.
    let cut = maxArgsChars;
    const open = args.lastIndexOf('[redacted:', cut - 1);
    if (open !== -1 && args.indexOf(']', open) >= cut) cut = open;
    args = `${args.slice(0, cut)}\n… (${args.length - cut} more characters not shown)`;
  }
  const lines = [
    '',
    'Approval needed',
    `  tool:   ${terminalSafe(request.call.name)}`,
    `  rule:   ${terminalSafe(request.decision.rule)}`,
    `  reason: ${terminalSafe(redact(request.decision.reason))}`,
    '  args:',
    ...terminalSafe(args).split('\n').map((line) => `    ${line}`),
  ];
  const provenance = request.decision.provenance;
  if (provenance?.taintSource) lines.push(`  from:   untrusted content (${terminalSafe(provenance.taintSource)}${provenance.taintReason ? `: ${terminalSafe(provenance.taintReason)}` : ''})`);
  if (provenance?.scopeEntry) lines.push(`  scope:  ${terminalSafe(provenance.scopeEntry)}`);
  if (provenance?.sandboxed !== undefined) lines.push(`  sandbox: ${provenance.sandboxed ? 'on' : 'off'}`);
  if (requiresPerson(request.decision)) lines.push('  ! this request may come from untrusted content, not from you: approve only if you asked for exactly this');
  lines.push('Allow? [y/N] ');
  return lines.join('\n');
}

const INTERACTIVE_APPROVER_KEYS = { input: true, output: true, timeoutMs: true, by: true, maxArgsChars: true, redact: true } satisfies OptionKeys<InteractiveApproverOptions>;

/**
 * Asks a person on the given streams, one question at a time (parallel calls
 * queue). Only `y` or `yes` approves; anything else, end of input, an error
 * or the timeout is a denial.
 */
export function interactiveApprover(options: InteractiveApproverOptions): ApproverV1 {
  strictOptions('interactiveApprover', INTERACTIVE_APPROVER_KEYS, options);
  const { input, output } = options;
  let buffered = '';
  let ended = false;
  let queue: Promise<unknown> = Promise.resolve();

  function readLine(signal: AbortSignal): Promise<string | undefined> {
    return new Promise((resolve) => {
      const finish = (line: string | undefined): void => {
        input.removeListener('data', onData);
        input.removeListener('end', onEnd);
        input.removeListener('error', onEnd);
        signal.removeEventListener('abort', onAbort);
        input.pause();
        resolve(line);
      };
      const take = (): boolean => {
        const newline = buffered.indexOf('\n');
        if (newline < 0) return false;
        const line = buffered.slice(0, newline);
        buffered = buffered.slice(newline + 1);
        finish(line);
        return true;
      };
      const onData = (chunk: Buffer | string): void => {
        buffered += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
        if (buffered.length > 64 * 1024) buffered = buffered.slice(-64 * 1024);
        take();
      };
      const onEnd = (): void => {
        ended = true;
        finish(undefined);
      };
      const onAbort = (): void => finish(undefined);
      if (take()) return;
      if (ended || signal.aborted) return finish(undefined);
      input.on('data', onData);
      input.once('end', onEnd);
      input.once('error', onEnd);
      signal.addEventListener('abort', onAbort, { once: true });
      input.resume();
    });
  }

  const by = options.by ?? 'interactive';
  const inner: ApproverV1 = {
    specificationVersion: 'v1',
    kind: 'person',
    async approve(request, { signal }): Promise<ApprovalAnswer> {
      output.write(formatApprovalPrompt(request, options.maxArgsChars, options.redact));
      const line = await readLine(signal);
      if (line === undefined) {
        output.write('\n(no answer: denied)\n');
        return denied('no answer was given', { by });
      }
      const yes = /^\s*(y|yes)\s*$/i.test(line);
      return { outcome: yes ? 'approved' : 'denied', by, at: new Date().toISOString() };
    },
  };

  return {
    specificationVersion: 'v1',
    kind: 'person',
    approve(request, { signal }) {
      const turn = queue.then(() => askSafely(inner, request, signal, { timeoutMs: options.timeoutMs ?? 300_000 }));
      queue = turn.catch(() => undefined);
      return turn;
    },
  };
}
