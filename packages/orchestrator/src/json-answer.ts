// Models answer in text; the orchestrator's roles are asked for JSON. This reads the first JSON
// object in an answer (a fenced block too) and returns undefined when there is none, so a caller
// can tell "no usable answer" from a wrong one.

/** The first JSON object in a model's answer, or undefined. */
export function jsonAnswer(text: string): Record<string, unknown> | undefined {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/.exec(text);
  const candidates = [fenced?.[1], text, text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1)];
  for (const candidate of candidates) {
    if (!candidate || !candidate.trim().startsWith('{')) continue;
    try {
      const value: unknown = JSON.parse(candidate);
      if (value !== null && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
    } catch {
      // try the next reading
    }
  }
  return undefined;
}
