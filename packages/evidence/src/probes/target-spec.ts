import { z } from 'zod';

const FunctionRef = z.string().regex(/^[^:\s][^\n]*:[A-Za-z_$][A-Za-z0-9_$]*$/, 'must be "module:function" or "path/to/file.mjs:function"');
const HttpUrl = z
  .string()
  .max(2048)
  .refine((text) => {
    try {
      const url = new URL(text);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.username === '' && url.password === '';
    } catch {
      return false;
    }
  }, 'must be an http(s) URL without credentials (put them in headers)');
const Headers = z.record(z.string().regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/, 'must be a header name'), z.string().max(8192).regex(/^[^\r\n\0]*$/, 'must hold no line breaks'));
const TimeoutS = z.number().positive().max(86_400).default(300);

/** A target whose functions run on this machine, in a worker thread. */
export const ModuleTargetFile = z.object({ kind: z.literal('module'), entry: FunctionRef, cleanup: FunctionRef.optional(), close: FunctionRef.optional(), timeout_s: TimeoutS }).strict();

/** A target behind an HTTP endpoint: each turn is a JSON POST, the JSON answer the observation. */
export const HttpTargetFile = z
  .object({ kind: z.literal('http'), url: HttpUrl, headers: Headers.optional(), cleanup_url: HttpUrl.optional(), close_url: HttpUrl.optional(), timeout_s: TimeoutS })
  .strict();

/** A target behind a streamable HTTP MCP server: each turn calls one tool. */
export const McpTargetFile = z
  .object({ kind: z.literal('mcp'), url: HttpUrl, tool: z.string().min(1).max(128).default('call'), headers: Headers.optional(), timeout_s: TimeoutS })
  .strict();

/** A probe target file. Strict: unknown keys are errors. */
export const TargetFile = z.discriminatedUnion('kind', [ModuleTargetFile, HttpTargetFile, McpTargetFile]);
export type TargetFile = z.output<typeof TargetFile>;

/** Kinds whose code runs on the probing machine: a probe server refuses them. */
export const LOCAL_TARGET_KINDS: readonly string[] = ['module', 'python'];
