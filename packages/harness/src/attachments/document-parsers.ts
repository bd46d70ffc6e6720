import { loadOptionalPeer, type ModuleImporter } from '@warden/protocol/vocabulary';
import { attachmentError } from '../coded-errors.js';

interface UnpdfModule {
  getDocumentProxy(data: Uint8Array): Promise<{ numPages: number }>;
  extractText(pdf: unknown, options: { mergePages: false }): Promise<{ totalPages: number; text: string[] }>;
}
interface MammothModule {
  extractRawText(input: { buffer: Buffer }): Promise<{ value: string }>;
}

const importModule: ModuleImporter = (specifier) => import(specifier);

function missing(kind: string, name: string) {
  return (install: string, cause: unknown) =>
    attachmentError({ code: 'attachment.parser_missing', message: `${name} is attached, but reading ${kind} needs an optional package that is not installed`, hint: `Install it: ${install}`, cause });
}

function unreadable(name: string, kind: string, cause: unknown) {
  return attachmentError({ code: 'attachment.unreadable', message: `${name} could not be read as ${kind}`, hint: 'Check that the file opens in a viewer and is not encrypted; or attach its text instead.', cause });
}

/** A PDF's text, page by page (`unpdf`, an optional peer); refused past `maxPages` before any text is extracted. */
export async function pdfText(name: string, bytes: Uint8Array, maxPages: number, importer: ModuleImporter = importModule): Promise<string> {
  const unpdf = await loadOptionalPeer(['unpdf'], async () => (await importer('unpdf')) as UnpdfModule, missing('PDF', name));
  let pdf: { numPages: number };
  try {
    pdf = await unpdf.getDocumentProxy(new Uint8Array(bytes));
  } catch (error) {
    throw unreadable(name, 'PDF', error);
  }
  if (pdf.numPages > maxPages) {
    throw attachmentError({ code: 'attachment.too_many_pages', message: `${name} has ${pdf.numPages} pages, over the limit of ${maxPages}`, hint: 'Attach the pages that matter (split the PDF), or raise the page limit (attachmentLimits.maxPages).' });
  }
  const { text } = await unpdf.extractText(pdf, { mergePages: false });
  return text.map((page, i) => `[page ${i + 1}]\n${page.trim()}`).join('\n\n');
}

/** A DOCX's text (`mammoth`, an optional peer). */
export async function docxText(name: string, bytes: Uint8Array, importer: ModuleImporter = importModule): Promise<string> {
  const loaded = await loadOptionalPeer(['mammoth'], async () => (await importer('mammoth')) as MammothModule | { default: MammothModule }, missing('DOCX', name));
  const mammoth = 'default' in loaded ? loaded.default : loaded;
  try {
    return (await mammoth.extractRawText({ buffer: Buffer.from(bytes) })).value.replace(/\n{3,}/g, '\n\n').trim();
  } catch (error) {
    throw unreadable(name, 'DOCX', error);
  }
}
