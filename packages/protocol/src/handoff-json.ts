import { protocolError } from './errors/coded-errors.js';
import { ProtocolError } from './errors/protocol-error.js';
import { HANDOFF_LIMITS, utf8Length } from './handoff-limits.js';
import { Handoff, HandoffReceipt } from './handoff.js';

type Schema<T> = { safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: Array<{ path: PropertyKey[]; message: string }> } } };

function tooLarge(what: string, bytes: number): ProtocolError {
  return protocolError({
    code: 'protocol.too_large',
    message: `the ${what} is at least ${bytes} bytes as JSON; the limit is ${HANDOFF_LIMITS.jsonBytes}`,
    hint: 'Put large material in artifacts (names of files or URLs), not in the summary or metadata.',
  });
}

function check<T>(schema: Schema<T>, value: unknown, what: string): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const where = issue.path.length > 0 ? issue.path.map(String).join('.') : '(root)';
  throw protocolError({ code: 'protocol.invalid_value', message: `the ${what} is invalid at ${where}: ${issue.message}`, hint: `A ${what} must match the protocol's ${what === 'handoff' ? 'Handoff' : 'HandoffReceipt'} schema (version 1).` });
}

function serialize<T>(schema: Schema<T>, value: T, what: string): string {
  const json = JSON.stringify(check(schema, value, what));
  const bytes = utf8Length(json);
  if (bytes > HANDOFF_LIMITS.jsonBytes) throw tooLarge(what, bytes);
  return json;
}

function deserialize<T>(schema: Schema<T>, json: string, what: string): T {
  if (typeof json !== 'string') throw protocolError({ code: 'protocol.invalid_value', message: `a ${what} must be read from a JSON string` });
  // Checked before parsing: a huge text is refused without building it into objects.
  // Every UTF-16 unit is at least one UTF-8 byte: a longer string is refused without counting.
  if (json.length > HANDOFF_LIMITS.jsonBytes) throw tooLarge(what, json.length);
  const bytes = utf8Length(json);
  if (bytes > HANDOFF_LIMITS.jsonBytes) throw tooLarge(what, bytes);
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    throw protocolError({ code: 'protocol.invalid_value', message: `the ${what} is not JSON`, cause: error });
  }
  return check(schema, value, what);
}

/** A handoff as JSON, validated and within `HANDOFF_LIMITS.jsonBytes` (`protocol.invalid_value`, `protocol.too_large`). */
export function handoffToJson(handoff: Handoff): string {
  return serialize(Handoff, handoff, 'handoff');
}

/** A handoff read back from JSON: size checked first, then the schema (`protocol.too_large`, `protocol.invalid_value`). */
export function handoffFromJson(json: string): Handoff {
  return deserialize(Handoff, json, 'handoff');
}

export function handoffReceiptToJson(receipt: HandoffReceipt): string {
  return serialize(HandoffReceipt, receipt, 'handoff receipt');
}

export function handoffReceiptFromJson(json: string): HandoffReceipt {
  return deserialize(HandoffReceipt, json, 'handoff receipt');
}
