/**
 * The model segment of a Vertex AI publisher URL. Vertex names model versions with `@`
 * (`claude-sonnet-4@20250514`, `gemini-1.0-pro@001`) and expects it literally; anything else
 * that could break the path (`/`, `?`, `#`, spaces) is encoded.
 */
export function publisherModelSegment(model: string): string {
  return encodeURIComponent(model).replace(/%40/g, '@');
}
