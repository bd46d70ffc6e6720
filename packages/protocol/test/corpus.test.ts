import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { ApprovalAnswer, ApprovalRequest, Decision, Handoff, HandoffReceipt, Message, ModelResponse, Plan, RunEvent, RunScope, SessionRecord, StoredApproval, ToolSpec, Usage } from '../src/schemas.js';

// The golden corpus pins what valid and invalid values of each persisted contract look like.
const schemas: Record<string, ZodType> = { Message, ToolSpec, Decision, Usage, ModelResponse, SessionRecord, RunEvent, Plan, RunScope, Handoff, HandoffReceipt, ApprovalRequest, ApprovalAnswer, StoredApproval };
const root = join(import.meta.dirname, 'corpus');

describe('golden corpus', () => {
  it('has a folder for every schema it checks, and nothing else', () => {
    expect(readdirSync(root).sort()).toEqual(Object.keys(schemas).sort());
  });

  for (const type of Object.keys(schemas)) {
    const files = readdirSync(join(root, type));
    it(`${type} has valid and invalid cases`, () => {
      expect(files.some((f) => f.startsWith('valid-'))).toBe(true);
      expect(files.some((f) => f.startsWith('invalid-'))).toBe(true);
    });
    for (const file of files) {
      const value: unknown = JSON.parse(readFileSync(join(root, type, file), 'utf8'));
      const shouldPass = file.startsWith('valid-');
      it(`${type}/${file} is ${shouldPass ? 'accepted' : 'rejected'}`, () => {
        expect(schemas[type]!.safeParse(value).success).toBe(shouldPass);
      });
    }
  }
});
