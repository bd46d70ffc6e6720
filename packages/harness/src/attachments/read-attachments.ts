import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { ImagePart, TaintSource, TextPart } from '@warden/protocol';
import { PROTECTED_PATHS, protectedNames, protectedNameTest, type ModuleImporter } from '@warden/protocol/vocabulary';
import { attachmentError } from '../coded-errors.js';
import { attachmentKind, type AttachmentKind } from './attachment-kind.js';
import { docxText, pdfText } from './document-parsers.js';
import { htmlToText } from './html-text.js';

/**
 * Something attached to a task: a file path (resolved against the workspace; `force` sends a
 * protected path such as `.env` anyway), or bytes already in memory with the name to show.
 */
export type AttachmentInput = string | { path: string; force?: boolean } | { name: string; data: Uint8Array };

export interface AttachmentLimits {
  /** The largest file read, in bytes (default 20 MB). */
  maxBytes?: number;
  /** The most pages a PDF may have (default 100). */
  maxPages?: number;
}

export const DEFAULT_ATTACHMENT_LIMITS: Readonly<Required<AttachmentLimits>> = Object.freeze({ maxBytes: 20 * 1024 * 1024, maxPages: 100 });

export interface ReadAttachmentsOptions {
  /** Relative paths are resolved against it. */
  workdir: string;
  limits?: AttachmentLimits;
  /** Whether the model sees images: `false` refuses an image (`attachment.image_unsupported`); undefined sends it. */
  acceptsImages?: boolean;
  /** The model's name, for the error when it cannot see images. */
  model?: string;
  /** How the optional parsers are imported (tests stand in for one that is not installed). */
  importer?: ModuleImporter;
}

/** The parts to send with the task, and the taint they bring (one note per file: attached content is untrusted). */
export interface ReadAttachments {
  parts: (TextPart | ImagePart)[];
  taint: TaintSource[];
}

const isProtectedName = protectedNameTest(protectedNames(PROTECTED_PATHS));

async function fileBytes(input: string | { path: string; force?: boolean }, options: ReadAttachmentsOptions, maxBytes: number): Promise<{ name: string; bytes: Uint8Array }> {
  const given = typeof input === 'string' ? input : input.path;
  const force = typeof input === 'object' && input.force === true;
  const absolute = path.resolve(options.workdir, given);
  let real: string;
  try {
    real = await fs.realpath(absolute);
    if (!(await fs.stat(real)).isFile()) throw new Error('not a regular file');
  } catch (error) {
    throw attachmentError({ code: 'attachment.not_found', message: `${given} is not a file that can be attached`, hint: 'Check the path; attach files, not folders.', cause: error });
  }
  // Both spellings are checked: a harmless-looking link to `.env` is refused like `.env` itself.
  const segments = [...absolute.split(path.sep), ...real.split(path.sep)].filter((s) => s !== '');
  if (!force && segments.some((s) => isProtectedName(s))) {
    throw attachmentError({ code: 'attachment.protected', message: `${given} is a protected path (.env, .env.*, .git, .warden) and is not attached`, hint: 'Attach a copy without secrets, or force it (--attach-force / { path, force: true }) if you mean to send it to the model.' });
  }
  const size = (await fs.stat(real)).size;
  if (size > maxBytes) throw tooLarge(given, size, maxBytes);
  return { name: given, bytes: new Uint8Array(await fs.readFile(real)) };
}

function tooLarge(name: string, size: number, maxBytes: number) {
  return attachmentError({ code: 'attachment.too_large', message: `${name} is ${size} bytes, over the attachment limit of ${maxBytes}`, hint: 'Attach a smaller file or an excerpt, or raise attachmentLimits.maxBytes.' });
}

function label(index: number, name: string, what: string): string {
  return `[attachment ${index}: ${name} (${what})]`;
}

async function textOf(name: string, bytes: Uint8Array, kind: Exclude<AttachmentKind, { kind: 'image' }>, options: ReadAttachmentsOptions, maxPages: number): Promise<{ what: string; text: string }> {
  switch (kind.kind) {
    case 'pdf':
      return { what: 'PDF', text: await pdfText(name, bytes, maxPages, options.importer) };
    case 'docx':
      return { what: 'DOCX', text: await docxText(name, bytes, options.importer) };
    case 'html':
      return { what: 'HTML, as text', text: htmlToText(Buffer.from(bytes).toString('utf8')) };
    default:
      return { what: kind.format, text: Buffer.from(bytes).toString('utf8') };
  }
}

/**
 * Reads attachments into message parts before a run: text, Markdown, CSV and JSON as they are,
 * HTML as text, PDF and DOCX through their optional parsers, each in a text part labelled with its
 * name and ending with a closing line; images (PNG, JPEG, GIF, WebP, known by their bytes) as
 * image parts after a label. Every check (existence, protected paths, size, pages, image support,
 * parsers) runs for every file before anything is sent, so a bad attachment stops the run before
 * any model call. Each file is one taint note: its content is untrusted.
 */
export async function readAttachments(inputs: readonly AttachmentInput[], options: ReadAttachmentsOptions): Promise<ReadAttachments> {
  const maxBytes = options.limits?.maxBytes ?? DEFAULT_ATTACHMENT_LIMITS.maxBytes;
  const maxPages = options.limits?.maxPages ?? DEFAULT_ATTACHMENT_LIMITS.maxPages;
  const parts: (TextPart | ImagePart)[] = [];
  const taint: TaintSource[] = [];
  for (const [i, input] of inputs.entries()) {
    const index = i + 1;
    const { name, bytes } = typeof input === 'object' && 'data' in input ? { name: input.name, bytes: input.data } : await fileBytes(input, options, maxBytes);
    if (bytes.length > maxBytes) throw tooLarge(name, bytes.length, maxBytes);
    const kind = attachmentKind(name, bytes);
    if (!kind) {
      throw attachmentError({ code: 'attachment.unsupported_type', message: `${name} is not text, HTML, PDF, DOCX or a PNG/JPEG/GIF/WebP image`, hint: 'Convert it to one of those (e.g. export a spreadsheet as CSV) and attach that.' });
    }
    if (kind.kind === 'image') {
      if (options.acceptsImages === false) {
        throw attachmentError({ code: 'attachment.image_unsupported', message: `${name} is an image, and ${options.model ?? 'the model'} cannot see images`, hint: 'Use a model with vision (e.g. gpt-4o, claude-sonnet-4, gemini-2.5-flash), or describe the image in the task.' });
      }
      parts.push({ type: 'text', text: label(index, name, kind.mediaType) }, { type: 'image', mediaType: kind.mediaType, data: Buffer.from(bytes).toString('base64') });
    } else {
      const { what, text } = await textOf(name, bytes, kind, options, maxPages);
      parts.push({ type: 'text', text: `${label(index, name, what)}\n${text}\n[end of attachment ${index}: ${name}]` });
    }
    taint.push({ source: `attachment:${name}`, reason: `the attached file ${name} is in the model's context; its content is untrusted`, reasonId: 'attached_file', params: { file: name } });
  }
  return { parts, taint };
}
