import { INTERFACE_VERSIONS, WardenError, type JsonObject, type ProviderV1, type ToolOutput, type ToolResultContent, type ToolV1 } from '@warden/protocol';
import { strictOptions } from '@warden/protocol/checks';
import type { GeneratedImage } from './image-engine.js';
import type { ImageGenerator, ImageReference } from './image-generator.js';
import { isMediaError, type ImageJob } from './image-job.js';
import { inspectImage } from './inspect-image.js';
import { EXTENSIONS, sniffImage } from './magic-bytes.js';
import { readWorkspaceFile, writeWorkspaceFile } from './workspace-files.js';

export interface ImageToolsOptions {
  generator: ImageGenerator;
  /** How long `generate_image` waits before answering with the job id instead (default 20 000 ms). */
  waitMs?: number;
  /** A vision-capable model for `inspect_image`; without it the picture itself is returned for the run's model to see. */
  vision?: ProviderV1;
  /** Workspace folder the pictures are written to (default `images`). */
  dir?: string;
  /** Largest reference or inspected picture read from the workspace (default 20 MiB). */
  maxReadBytes?: number;
}

const KEYS = { generator: true, waitMs: true, vision: true, dir: true, maxReadBytes: true } as const;
const ASPECTS = ['1:1', '16:9', '9:16', '4:3', '3:4', '3:2', '2:3'];

/** What a tool call tells the model when it fails: the code and message, never a key (errors carry none). */
function failure(thrown: unknown): ToolOutput {
  if (WardenError.isInstance(thrown)) return { content: `${thrown.code}: ${thrown.message}${thrown.hint ? ` (${thrown.hint})` : ''}`, isError: true };
  throw thrown;
}

const NO_WORKSPACE: ToolOutput = { content: 'The image tools need a workspace (this run has none).', isError: true };

/**
 * `generate_image`, `image_status` and `inspect_image`. Generating sends the prompt (and any
 * reference) to a vendor and costs money: the tools are open-world (effect class `egress`, their
 * output taints the run) and mutating (they write under `images/`). Pictures come back as image
 * parts, so a model that sees looks at what it made.
 */
export function imageTools(options: ImageToolsOptions): ToolV1[] {
  strictOptions('imageTools', KEYS, options);
  const { generator } = options;
  const waitMs = options.waitMs ?? 20_000;
  const dir = options.dir ?? 'images';
  const maxReadBytes = options.maxReadBytes ?? 20 * 1024 * 1024;
  const saved = new Map<string, string[]>();

  async function collect(job: ImageJob, images: GeneratedImage[], workspace: string): Promise<ToolResultContent> {
    let paths = saved.get(job.id);
    if (!paths) {
      paths = [];
      for (const [n, image] of images.entries()) paths.push(await writeWorkspaceFile(workspace, dir, `${job.id}-${n + 1}.${EXTENSIONS[image.mediaType] ?? 'png'}`, image.bytes));
      saved.set(job.id, paths);
    }
    const state = job.describe();
    const lines = [`Job ${job.id}: ${images.length} picture(s) by ${state.engine} in ${state.elapsedMs} ms, saved as ${paths.join(', ')}.`];
    for (const image of images) if (image.revisedPrompt) lines.push(`The engine rewrote the prompt as: ${image.revisedPrompt}`);
    return [{ type: 'text', text: lines.join('\n') }, ...images.map((image) => ({ type: 'image' as const, mediaType: image.mediaType, data: Buffer.from(image.bytes).toString('base64') }))];
  }

  async function waitOrTell(job: ImageJob, ms: number, workspace: string): Promise<ToolOutput> {
    try {
      return await collect(job, await job.wait(ms), workspace);
    } catch (thrown) {
      if (isMediaError(thrown, 'media.timeout') && !job.describe().error) {
        const s = job.describe();
        return `Job ${job.id} is ${s.status} on ${s.engine ?? 'an engine'} (${Math.round(s.fraction * 100)}%, ${s.elapsedMs} ms). Call image_status with this jobId to wait, collect or cancel.`;
      }
      return failure(thrown);
    }
  }

  async function references(list: unknown, workspace: string): Promise<ImageReference[]> {
    if (!Array.isArray(list)) return [];
    const out: ImageReference[] = [];
    for (const item of list) {
      const text = String(item);
      const job = /^(img_[0-9a-f]+)(?:#(\d+))?$/.exec(text);
      if (job) out.push({ job: job[1]!, index: Number(job[2] ?? 1) - 1 });
      else out.push({ bytes: await readWorkspaceFile(workspace, text, maxReadBytes) });
    }
    return out;
  }

  const generate: ToolV1 = {
    specificationVersion: INTERFACE_VERSIONS.tool,
    name: 'generate_image',
    description: `Generate pictures from a prompt (sent to an image vendor; each picture costs money). Waits up to ${Math.round(waitMs / 1000)} s, then answers with a job id for image_status. Pictures are saved under ${dir}/ and shown to you.`,
    inputSchema: {
      type: 'object',
      properties: {
        prompt: { type: 'string', minLength: 1, maxLength: 4000, description: 'What to draw.' },
        aspectRatio: { type: 'string', enum: ASPECTS },
        count: { type: 'integer', minimum: 1, maximum: 4 },
        references: { type: 'array', maxItems: 4, items: { type: 'string' }, description: 'Workspace paths of reference pictures, or an earlier job id (img_…, optionally #N).' },
      },
      required: ['prompt'],
      additionalProperties: false,
    },
    annotations: { openWorld: true, mutating: true },
    async execute(args: JsonObject, ctx) {
      const workspace = ctx.workspace;
      if (!workspace) return NO_WORKSPACE;
      try {
        const job = generator.submit({
          prompt: String(args.prompt),
          ...(typeof args.count === 'number' ? { count: args.count } : {}),
          ...(typeof args.aspectRatio === 'string' ? { aspectRatio: args.aspectRatio } : {}),
          references: await references(args.references, workspace),
        });
        const off = job.onProgress((s) => ctx.emit({ type: 'progress', message: `${job.id}: ${s.status} ${Math.round(s.fraction * 100)}% on ${s.engine ?? '…'}` }));
        const onAbort = (): void => job.cancel();
        ctx.signal.addEventListener('abort', onAbort, { once: true });
        try {
          return await waitOrTell(job, waitMs, workspace);
        } finally {
          off();
          ctx.signal.removeEventListener('abort', onAbort);
        }
      } catch (thrown) {
        return failure(thrown);
      }
    },
  };

  const status: ToolV1 = {
    specificationVersion: INTERFACE_VERSIONS.tool,
    name: 'image_status',
    description: 'Check, wait for, collect or cancel an image job generate_image started.',
    inputSchema: {
      type: 'object',
      properties: {
        jobId: { type: 'string', pattern: '^img_[0-9a-f]+$' },
        action: { type: 'string', enum: ['check', 'wait', 'collect', 'cancel'] },
        waitMs: { type: 'integer', minimum: 0, maximum: 600_000 },
      },
      required: ['jobId', 'action'],
      additionalProperties: false,
    },
    annotations: { openWorld: true, mutating: true },
    async execute(args: JsonObject, ctx) {
      const workspace = ctx.workspace;
      if (!workspace) return NO_WORKSPACE;
      try {
        const job = generator.job(String(args.jobId));
        const action = String(args.action);
        if (action === 'cancel') {
          job.cancel();
          return `Job ${job.id} is ${job.describe().status}.`;
        }
        if (action === 'check') {
          const s = job.describe();
          return JSON.stringify({ id: s.id, status: s.status, engine: s.engine, fraction: s.fraction, elapsedMs: s.elapsedMs, ...(s.error ? { error: s.error } : {}) });
        }
        return await waitOrTell(job, action === 'collect' ? 0 : typeof args.waitMs === 'number' ? args.waitMs : waitMs, workspace);
      } catch (thrown) {
        return failure(thrown);
      }
    },
  };

  const inspect: ToolV1 = {
    specificationVersion: INTERFACE_VERSIONS.tool,
    name: 'inspect_image',
    description: options.vision ? 'Ask a vision model a question about a picture in the workspace.' : 'Look at a picture in the workspace (it is shown to you).',
    inputSchema: {
      type: 'object',
      properties: { path: { type: 'string', minLength: 1 }, question: { type: 'string', maxLength: 2000 } },
      required: ['path'],
      additionalProperties: false,
    },
    // A picture is content from outside (it may carry text): reading it taints the run. Asking a
    // separate vision vendor sends the picture out (egress); showing it to the run's own model does not.
    annotations: options.vision ? { openWorld: true } : { readOnly: true, openWorld: true },
    async execute(args: JsonObject, ctx) {
      const workspace = ctx.workspace;
      if (!workspace) return NO_WORKSPACE;
      try {
        const bytes = await readWorkspaceFile(workspace, String(args.path), maxReadBytes);
        const mediaType = sniffImage(bytes);
        if (!mediaType) return { content: `${String(args.path)} is not a PNG, JPEG, GIF or WebP picture.`, isError: true };
        const question = typeof args.question === 'string' && args.question ? args.question : 'Describe this picture.';
        if (options.vision) return `The vision model says: ${await inspectImage(options.vision, { bytes, mediaType }, question, { signal: ctx.signal })}`;
        return [{ type: 'text', text: `${String(args.path)} (${mediaType}, ${bytes.length} bytes):` }, { type: 'image', mediaType, data: Buffer.from(bytes).toString('base64') }];
      } catch (thrown) {
        return failure(thrown);
      }
    },
  };

  return [generate, status, inspect];
}
