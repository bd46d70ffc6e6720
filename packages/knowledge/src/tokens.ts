/** Lower-cased words of a text; identifiers keep their inner dashes, dots and underscores (`ERR-4471`, `v1.2`). */
export function words(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+(?:[-_.][\p{L}\p{N}]+)*/gu) ?? []);
}
