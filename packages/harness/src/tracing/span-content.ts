/**
 * Turns content (a prompt, an answer, tool arguments or output) into a span attribute value:
 * serialised, passed through the redactor, cut to `max` characters. Used only when
 * `captureContent` is on.
 */
export type ContentRecorder = (value: unknown) => string;

export function contentRecorder(redact: (text: string) => string, max: number): ContentRecorder {
  return (value) => {
    const text = typeof value === 'string' ? value : JSON.stringify(value) ?? '';
    const clean = redact(text);
    return clean.length > max ? `${clean.slice(0, max)}…[${clean.length - max} more characters]` : clean;
  };
}
