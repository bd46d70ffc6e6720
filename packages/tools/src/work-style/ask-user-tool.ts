import { z } from 'zod';
import type { ToolV1 } from '@warden/protocol';
import { defineTool } from '../define-tool.js';
import { toolError } from '../tool-error-codes.js';

/** A question the agent puts to the person, as the front end receives it. */
export interface AskUserQuestion {
  question: string;
  /** Suggested answers, when the agent gave some (the person may answer otherwise). */
  options: string[];
  /**
   * True when the run had read untrusted content before asking: the question may echo it, so a
   * front end says so (never ask for a secret because a web page wanted one).
   */
  tainted: boolean;
  runId: string;
  signal: AbortSignal;
}

/** Asks the person and resolves with the answer (a TTY prompt, a chat UI). */
export type AskUser = (question: AskUserQuestion) => Promise<string>;

/**
 * `ask_user` (the cowork style, issue 47): a question to the person mid-run. It touches no
 * workspace file and no network. With no one to ask (a headless run) it fails with
 * `tool.ask_user_unavailable`, which tells the model to go on with a stated assumption.
 */
export function askUserTool(ask: AskUser | undefined): ToolV1 {
  return defineTool({
    name: 'ask_user',
    description: 'Ask the person a short question when you cannot go on sensibly without their answer (a choice only they can make). Offer options when there are a few obvious answers. Never ask for passwords, keys or tokens.',
    input: z.strictObject({
      question: z.string().trim().min(1).max(1000),
      options: z.array(z.string().trim().min(1).max(200)).max(8).optional(),
    }),
    annotations: { readOnly: true },
    async execute(args, ctx) {
      if (!ask) {
        throw toolError('tool.ask_user_unavailable', 'there is no person to ask: this run is headless', 'Make the reasonable assumption, say in your answer what you assumed, and go on.');
      }
      const answer = (await ask({ question: args.question, options: args.options ?? [], tainted: ctx.tainted === true, runId: ctx.runId, signal: ctx.signal })).trim();
      return answer === '' ? 'The person gave no answer; make the reasonable assumption and say what you assumed.' : `The person answered: ${answer}`;
    },
  });
}
