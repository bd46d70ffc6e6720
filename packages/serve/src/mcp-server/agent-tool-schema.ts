import { z } from 'zod';

/** The one input every agent tool takes. */
export function agentInput(maxTaskChars: number) {
  return z.strictObject({
    task: z.string().trim().min(1, 'task is empty').max(maxTaskChars, `task is longer than ${maxTaskChars} characters`).describe('What the agent should do, in words.'),
    sessionId: z
      .string()
      .min(1)
      .max(200)
      .regex(/^[A-Za-z0-9._:-]+$/, 'a session id is letters, digits, . _ : and -')
      .optional()
      .describe('Continue this conversation (the sessionId a previous call returned).'),
  });
}

const Refusal = z.object({ tool: z.string(), rule: z.string(), reason: z.string(), taintSource: z.string().optional() });
const Approval = z.object({ id: z.string(), tool: z.string(), rule: z.string(), reason: z.string(), howToApprove: z.string() });

/** The structured content of every agent tool result. */
export const AgentOutput = z.object({
  agent: z.string(),
  stopReason: z.enum(['done', 'max_turns', 'budget', 'aborted', 'approval', 'error', 'stopped', 'rejected']),
  sessionId: z.string().optional(),
  steps: z.number().int().nonnegative(),
  tainted: z.boolean(),
  refusals: z.array(Refusal),
  pendingApprovals: z.array(Approval),
  error: z.object({ code: z.string(), message: z.string() }).optional(),
});

function jsonSchema(schema: z.ZodType): { type: 'object'; [key: string]: unknown } {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input' }) as Record<string, unknown>;
  return { ...rest, type: 'object' };
}

export function agentInputJsonSchema(maxTaskChars: number): { type: 'object'; [key: string]: unknown } {
  return jsonSchema(agentInput(maxTaskChars));
}

export function agentOutputJsonSchema(): { type: 'object'; [key: string]: unknown } {
  return jsonSchema(AgentOutput);
}

/** Zod's issues as one line a calling model can act on. */
export function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || 'arguments'}: ${issue.message}`).join('; ');
}
