import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ToolContext, ToolOutput, ToolV1 } from '@warden/protocol';
import { normalizeToolOutput } from '@warden/protocol';

/** A fresh temp directory (real path) and its cleanup. */
export function tempDir(prefix = 'warden-tools-'): { dir: string; cleanup(): void } {
  const dir = realpathSync(mkdtempSync(path.join(tmpdir(), prefix)));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Writes files (creating parents) from a map of relative path → content. */
export function writeTree(root: string, files: Record<string, string | Buffer>): void {
  for (const [relative, content] of Object.entries(files)) {
    const full = path.join(root, relative);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, content);
  }
}

export function toolContext(signal: AbortSignal = new AbortController().signal): ToolContext {
  return { signal, callId: 'call-1', runId: 'run-1', emit: () => undefined };
}

export function byName(tools: ToolV1[], name: string): ToolV1 {
  const tool = tools.find((t) => t.name === name);
  if (!tool) throw new Error(`no tool ${name}`);
  return tool;
}

/** Runs a tool and returns its text (all text parts joined) and error flag. */
export async function runTool(tool: ToolV1, args: Record<string, unknown>, ctx = toolContext()): Promise<{ text: string; isError: boolean; output: ToolOutput }> {
  const output = await tool.execute(args as never, ctx);
  const { content, isError } = normalizeToolOutput(output);
  const text = content.map((p) => (p.type === 'text' ? p.text : `[image ${p.mediaType}]`)).join('\n');
  return { text, isError, output };
}

/** Runs a tool expecting a ToolError; returns its code and message. */
export async function toolFailure(tool: ToolV1, args: Record<string, unknown>, ctx = toolContext()): Promise<{ code: string; message: string }> {
  try {
    const { text } = await runTool(tool, args, ctx);
    return { code: 'none', message: text };
  } catch (error) {
    const e = error as { code?: string; message?: string };
    return { code: e.code ?? 'not-a-warden-error', message: e.message ?? String(error) };
  }
}
