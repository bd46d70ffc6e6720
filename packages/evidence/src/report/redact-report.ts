import { reportJsonSchema, type EvidenceReport } from './report-schema.js';

export type Redactor = (text: string) => string;

function safe(redact: Redactor, text: string): string {
  try {
    const out = redact(text);
    return typeof out === 'string' ? out : '[redaction failed]';
  } catch {
    return '[redaction failed]';
  }
}

interface Structure {
  /** Property names the report schema defines: structure, not data. */
  keys: Set<string>;
  /** Enum and const values of the schema (statuses, modes, kinds): never secrets. */
  values: Set<string>;
}

function structure(): Structure {
  const found: Structure = { keys: new Set(), values: new Set() };
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (typeof node === 'object' && node !== null) {
      for (const [key, child] of Object.entries(node)) {
        if (key === 'properties' && typeof child === 'object' && child !== null) for (const name of Object.keys(child)) found.keys.add(name);
        if (key === 'enum' && Array.isArray(child)) for (const v of child) if (typeof v === 'string') found.values.add(v);
        if (key === 'const' && typeof child === 'string') found.values.add(child);
        visit(child);
      }
    }
  };
  visit(reportJsonSchema());
  return found;
}

function walk(value: unknown, redact: Redactor, keep: Structure): unknown {
  if (typeof value === 'string') return keep.values.has(value) ? value : safe(redact, value);
  if (Array.isArray(value)) return value.map((item) => walk(item, redact, keep));
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const name = keep.keys.has(key) ? key : safe(redact, key);
      Object.defineProperty(out, name, { value: walk(item, redact, keep), enumerable: true, writable: true, configurable: true });
    }
    return out;
  }
  return value;
}

/**
 * Every string of the report, and every object key, through the redactor —
 * except the report's own structure (schema property names, enum values such
 * as statuses, the run id), so no redactor can make the report invalid. A redactor that throws
 * yields "[redaction failed]": it fails closed, never open.
 */
export function redactReport(report: EvidenceReport, redact: Redactor): EvidenceReport {
  const keep = structure();
  keep.values.add(report.runId);
  return walk(report, redact, keep) as EvidenceReport;
}
