import type { JsonObject, ToolResultContent } from '@warden/protocol';

/** A short, one-line view of a tool call's arguments (the command, the path, or compact JSON). */
export function summarizeArgs(name: string, args: JsonObject): string {
  const pick = (key: string): string | undefined => (typeof args[key] === 'string' ? (args[key]) : undefined);
  const command = pick('command') ?? pick('cmd');
  if (command !== undefined) return `$ ${command}`;
  const target = pick('path') ?? pick('file') ?? pick('pattern') ?? pick('name');
  if (target !== undefined) return target;
  const json = JSON.stringify(args);
  return json === '{}' ? name : json;
}

/** The text of a tool result (images are named, not shown). */
export function resultText(content: ToolResultContent): string {
  return content.map((part) => (part.type === 'text' ? part.text : `[${part.type}]`)).join('\n');
}

/** First non-empty line and the number of lines. */
export function firstLine(text: string): { line: string; lines: number } {
  const lines = text.replace(/\r\n?/g, '\n').replace(/\n+$/, '').split('\n');
  const line = lines.find((l) => l.trim() !== '') ?? '';
  return { line: line.trim(), lines: text.trim() === '' ? 0 : lines.length };
}

/** `$0.0123`, with enough digits to show small costs. */
export function formatCost(usd: number): string {
  if (usd === 0) return '$0';
  if (usd < 0.01) return `$${usd.toFixed(4)}`;
  return `$${usd.toFixed(2)}`;
}
