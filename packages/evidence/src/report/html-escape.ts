/** Escapes text for HTML element content and quoted attribute values. */
export function esc(text: string | number | boolean): string {
  return String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}
