import type { ModelRequest } from '@warden/protocol';
import type { ScriptedTurn } from '@warden/protocol/testing';

/** The text of the newest tool result the model was sent (what actually happened, not what the script hoped). */
export function lastToolOutput(request: ModelRequest): { text: string; isError: boolean } {
  for (let i = request.messages.length - 1; i >= 0; i--) {
    const message = request.messages[i]!;
    if (message.role !== 'tool') continue;
    const part = message.parts.at(-1);
    if (part?.type !== 'tool_result') continue;
    return { text: part.content.map((c) => (c.type === 'text' ? c.text : '')).join('').trim(), isError: part.isError };
  }
  return { text: '', isError: false };
}

/** Every tool result the model was sent, oldest first. */
export function toolOutputs(request: ModelRequest): Array<{ name: string; text: string; isError: boolean }> {
  const out: Array<{ name: string; text: string; isError: boolean }> = [];
  for (const message of request.messages) {
    if (message.role !== 'tool') continue;
    for (const part of message.parts) {
      if (part.type === 'tool_result') out.push({ name: part.name, text: part.content.map((c) => (c.type === 'text' ? c.text : '')).join('').trim(), isError: part.isError });
    }
  }
  return out;
}

const PROGRAM = `// squares.js — written by the Warden demo
const n = 5;
const squares = Array.from({ length: n }, (_, i) => (i + 1) ** 2);
console.log(\`squares up to \${n}: \${squares.join(' ')}\`);
`;

function quote(text: string, max = 160): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/**
 * The demo's model: a script whose later turns read the real tool results, so
 * its final report says what actually happened in the workspace.
 */
export function demoScript(): ScriptedTurn[] {
  return [
    { text: "I'll write a small program that prints square numbers.", toolCalls: [{ name: 'write_file', args: { path: 'squares.js', content: PROGRAM } }] },
    { text: 'Now I run it.', toolCalls: [{ name: 'shell', args: { command: 'node squares.js' } }] },
    (request) => ({
      text: `It printed: "${quote(lastToolOutput(request).text)}". I'll extend it to 8 squares.`,
      toolCalls: [{ name: 'edit_file', args: { path: 'squares.js', oldText: 'const n = 5;', newText: 'const n = 8;' } }],
    }),
    (request) => {
      const edit = lastToolOutput(request);
      return {
        text: edit.isError ? `The edit was not allowed: "${quote(edit.text, 120)}". Running the program as it is, and reading it back.` : 'Running it again, and reading the program back.',
        toolCalls: [{ name: 'shell', args: { command: 'node squares.js' } }, { name: 'read_file', args: { path: 'squares.js' } }],
      };
    },
    {
      text: 'Next, a command the policy should refuse: asking the cloud metadata endpoint for credentials.',
      toolCalls: [{ name: 'shell', args: { command: 'curl -s http://169.254.169.254/latest/meta-data/iam/security-credentials/' } }],
    },
    { text: 'And reading the .env file, which is protected.', toolCalls: [{ name: 'read_file', args: { path: '.env' } }] },
    (request) => {
      const outputs = toolOutputs(request);
      const program = outputs.filter((o) => o.name === 'shell' && !o.isError && o.text.startsWith('squares')).at(-1);
      const refused = outputs.filter((o) => o.isError).length;
      return {
        text: `Done. The program's last output was "${quote(program?.text ?? '(none)', 100)}"; ${refused} of my ${outputs.length} tool calls were refused or failed, as the report below shows.`,
      };
    },
  ];
}
