import type { HooksV1, JsonValue, Message, ModelRequest, ToolV1 } from '@warden/protocol';
import { classifyText, type Finding } from '../classify/classify.js';
import { DATA_CLASSES, type DataClass } from '../classify/data-classes.js';
import { policyError } from '../util/coded-errors.js';
import { PSEUDONYM_PATTERN, tokenVault, type TokenVault } from './token-vault.js';

export type DataTreatment = 'redact' | 'pseudonymise';

export interface DataProtectionOptions {
  /** Why the run processes personal data (recorded with every finding). */
  purpose: string;
  /** The data classes this purpose allows to reach the model; every other class is treated. */
  allow: readonly DataClass[];
  /** `pseudonymise` (default): a token the tool gets back as the real value. `redact`: gone for good. */
  treatment?: DataTreatment;
  /** Per class, a stricter treatment than `treatment`: `deny` refuses the model call while the class is present. */
  treatments?: Partial<Record<DataClass, DataTreatment | 'deny'>>;
  /** Classify and report (`onTreated`) without changing the request: `mode: monitor`. */
  monitor?: boolean;
  /** Findings below this confidence are left alone (default 0.5: the keyword screen counts). */
  minConfidence?: number;
  /** Key of the pseudonyms (default: random per instance). */
  key?: string | Uint8Array;
  /** Told of every value treated before a model call (class and action, never the value). */
  onTreated?: (treated: TreatedData) => void;
}

export interface TreatedData {
  purpose: string;
  runId: string;
  step: number;
  /** The default treatment (per-class treatments may be stricter). */
  action: DataTreatment;
  /** False under `monitor`: the request left unchanged. */
  enforced: boolean;
  /** How many values of each class were treated in this request. */
  classes: Partial<Record<DataClass, number>>;
}

export interface DataProtection {
  /** `beforeModel`: treats every text the request carries. Put it last, so it sees what leaves. */
  readonly hooks: HooksV1;
  /** Treats one text as the hook does. */
  protectText(text: string, count?: Partial<Record<DataClass, number>>): string;
  /** Puts back the real values of the pseudonyms this run issued, anywhere in a JSON value. */
  restore<T extends JsonValue>(value: T): T;
  /** The tool with its arguments restored before it runs (the model only ever saw tokens). */
  wrapTool<T extends ToolV1>(tool: T): T;
}

/**
 * Purpose limitation at the model boundary: the data classes a purpose does not allow are
 * redacted or pseudonymised in every message before a provider call leaves, and pseudonyms are
 * restored only for the tools, which act on the real customer.
 */
export function dataProtection(options: DataProtectionOptions): DataProtection {
  const allowed = new Set(options.allow);
  const screened = DATA_CLASSES.filter((c) => !allowed.has(c));
  const treatment = options.treatment ?? 'pseudonymise';
  const minConfidence = options.minConfidence ?? 0.5;
  const vault: TokenVault = tokenVault(options.key);

  function replacement(finding: Finding, value: string): string {
    const how = options.treatments?.[finding.class] ?? treatment;
    if (how === 'deny' && options.monitor !== true) {
      throw policyError({
        code: 'policy.data_refused',
        message: `the purpose "${options.purpose}" does not allow ${finding.class} data to reach a model, and the policy refuses the call rather than redact it`,
        hint: 'Remove the data from the task, or change the purpose or the on: data rule in the governance file.',
      });
    }
    return how === 'redact' ? `[redacted:${finding.class}]` : vault.tokenFor(finding.class, value);
  }

  function protectText(text: string, count: Partial<Record<DataClass, number>> = {}): string {
    const findings = withoutNested(classifyText(text, screened).filter((f) => f.confidence >= minConfidence));
    let out = text;
    for (const f of findings.reverse()) {
      out = out.slice(0, f.start) + replacement(f, text.slice(f.start, f.end)) + out.slice(f.end);
      count[f.class] = (count[f.class] ?? 0) + 1;
    }
    return out;
  }

  function protectJson(value: JsonValue, count: Partial<Record<DataClass, number>>): JsonValue {
    if (typeof value === 'string') return protectText(value, count);
    if (Array.isArray(value)) return value.map((v) => protectJson(v, count));
    if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, protectJson(v, count)]));
    return value;
  }

  function protectMessage(message: Message, count: Partial<Record<DataClass, number>>): Message {
    switch (message.role) {
      case 'system':
        return { ...message, parts: message.parts.map((p) => ({ ...p, text: protectText(p.text, count) })) };
      case 'user':
        return { ...message, parts: message.parts.map((p) => (p.type === 'text' ? { ...p, text: protectText(p.text, count) } : p)) };
      case 'assistant':
        // Thinking is signed by the vendor and must go back unchanged; the model wrote it from tokens anyway.
        return {
          ...message,
          parts: message.parts.map((p) => {
            if (p.type === 'text') return { ...p, text: protectText(p.text, count) };
            if (p.type === 'tool_call') return { ...p, args: protectJson(p.args, count) as typeof p.args };
            return p;
          }),
        };
      case 'tool':
        return {
          ...message,
          parts: message.parts.map((p) => ({ ...p, content: p.content.map((c) => (c.type === 'text' ? { ...c, text: protectText(c.text, count) } : c)) })),
        };
    }
  }

  function restoreText(text: string): string {
    return text.replace(PSEUDONYM_PATTERN, (token) => vault.valueOf(token) ?? token);
  }

  function restore<T extends JsonValue>(value: T): T {
    if (typeof value === 'string') return restoreText(value) as T;
    if (Array.isArray(value)) return value.map((v) => restore(v)) as T;
    if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, restore(v)])) as T;
    return value;
  }

  return {
    protectText,
    restore,
    hooks: {
      beforeModel({ runId, step, request }) {
        const count: Partial<Record<DataClass, number>> = {};
        const protectedRequest: ModelRequest = { ...request, messages: request.messages.map((m) => protectMessage(m, count)) };
        if (Object.keys(count).length === 0) return undefined;
        const enforced = options.monitor !== true;
        options.onTreated?.({ purpose: options.purpose, runId, step, action: treatment, enforced, classes: count });
        return enforced ? { request: protectedRequest } : undefined;
      },
    },
    wrapTool(tool) {
      return { ...tool, execute: (args, ctx) => tool.execute(restore(args), ctx) };
    },
  };
}

/** A keyword inside a value already treated (a card number's "fingerprint" label, say) is not treated twice. */
function withoutNested(findings: Finding[]): Finding[] {
  const kept: Finding[] = [];
  for (const f of findings) if (!kept.some((k) => f.start < k.end && k.start < f.end)) kept.push(f);
  return kept;
}
