import { copyFileSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ImagePart, RunEvent, TextPart } from '@warden/protocol';
import { scriptedProvider } from '@warden/protocol/testing';
import { describe, expect, it } from 'vitest';
import { ATTACHMENT_ERROR_CODES, AttachmentError, createHarness, readAttachments } from '../src/index.js';
import { tempWorkspace } from './helpers/workspace.js';

const FIXTURES = path.join(import.meta.dirname, 'fixtures', 'attachments');
// A 1×1 PNG (its bytes, not its name, make it an image).
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

function workspace(): string {
  const dir = tempWorkspace('warden-attach-');
  writeFileSync(path.join(dir, 'notes.txt'), 'plain notes');
  writeFileSync(path.join(dir, 'guide.md'), '# Guide\n\nStep one.');
  writeFileSync(path.join(dir, 'page.html'), '<html><head><title>Terms</title><style>p{}</style></head><body><script>alert(1)</script><p>Fees &amp; charges</p><p>apply&nbsp;monthly</p></body></html>');
  writeFileSync(path.join(dir, 'figures.csv'), 'quarter,revenue\nQ3,120\n');
  writeFileSync(path.join(dir, 'data.json'), '{"ok":true}');
  writeFileSync(path.join(dir, 'pixel.dat'), PNG);
  writeFileSync(path.join(dir, 'blob.bin'), Buffer.from([0, 1, 2, 3, 0, 255]));
  writeFileSync(path.join(dir, '.env'), 'API_KEY=shh');
  copyFileSync(path.join(FIXTURES, 'notice.pdf'), path.join(dir, 'notice.pdf'));
  copyFileSync(path.join(FIXTURES, 'memo.docx'), path.join(dir, 'memo.docx'));
  return dir;
}

const texts = (parts: readonly (TextPart | ImagePart)[]) => parts.flatMap((p) => (p.type === 'text' ? [p.text] : []));

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    expect(AttachmentError.isInstance(error)).toBe(true);
    return (error as AttachmentError).code;
  }
  throw new Error('expected an AttachmentError');
}

describe('readAttachments', () => {
  it('reads text, Markdown, HTML (as text), CSV, JSON, PDF and DOCX into labelled text parts, and an image by its bytes', async () => {
    const dir = workspace();
    const { parts, taint } = await readAttachments(['notes.txt', 'guide.md', 'page.html', 'figures.csv', 'data.json', 'notice.pdf', 'memo.docx', 'pixel.dat'], { workdir: dir });
    const t = texts(parts);
    expect(t[0]).toBe('[attachment 1: notes.txt (text)]\nplain notes\n[end of attachment 1: notes.txt]');
    expect(t[1]).toContain('(markdown)]\n# Guide');
    expect(t[2]).toContain('Terms\n\nFees & charges\n\napply monthly');
    expect(t[2]).not.toContain('alert(1)');
    expect(t[3]).toContain('(csv)]\nquarter,revenue');
    expect(t[4]).toContain('(json)]\n{"ok":true}');
    expect(t[5]).toContain('[page 1]\nThe notice period is ninety days.');
    expect(t[5]).toContain('[page 2]\nEither party may terminate in writing.');
    expect(t[6]).toContain('(DOCX)]\nQuarterly memo\n\nRevenue rose by twelve percent.');
    expect(t[7]).toBe('[attachment 8: pixel.dat (image/png)]');
    expect(parts.at(-1)).toEqual({ type: 'image', mediaType: 'image/png', data: PNG.toString('base64') });
    expect(taint.map((n) => n.source)).toEqual(['notes.txt', 'guide.md', 'page.html', 'figures.csv', 'data.json', 'notice.pdf', 'memo.docx', 'pixel.dat'].map((f) => `attachment:${f}`));
    expect(taint.every((n) => n.reasonId === 'attached_file')).toBe(true);
  });

  it('takes bytes from memory with the name to show', async () => {
    const { parts } = await readAttachments([{ name: 'inline.txt', data: new TextEncoder().encode('from memory') }], { workdir: tempWorkspace('warden-attach-') });
    expect(texts(parts)[0]).toContain('from memory');
  });

  it('refuses with a code: a missing file, a binary file, an image for a model without vision, over the size or page limit', async () => {
    const dir = workspace();
    expect(await codeOf(readAttachments(['nope.txt'], { workdir: dir }))).toBe('attachment.not_found');
    expect(await codeOf(readAttachments(['.'], { workdir: dir }))).toBe('attachment.not_found');
    expect(await codeOf(readAttachments(['blob.bin'], { workdir: dir }))).toBe('attachment.unsupported_type');
    expect(await codeOf(readAttachments(['pixel.dat'], { workdir: dir, acceptsImages: false, model: 'deepseek-chat' }))).toBe('attachment.image_unsupported');
    expect(await codeOf(readAttachments(['notes.txt'], { workdir: dir, limits: { maxBytes: 5 } }))).toBe('attachment.too_large');
    expect(await codeOf(readAttachments([{ name: 'big.txt', data: new Uint8Array(10).fill(65) }], { workdir: dir, limits: { maxBytes: 5 } }))).toBe('attachment.too_large');
    expect(await codeOf(readAttachments(['notice.pdf'], { workdir: dir, limits: { maxPages: 1 } }))).toBe('attachment.too_many_pages');
    expect(await codeOf(readAttachments([{ name: 'broken.pdf', data: new TextEncoder().encode('%PDF-1.4 not really') }], { workdir: dir }))).toBe('attachment.unreadable');
  });

  it('refuses a protected path (.env, and a link to it) unless forced', async () => {
    const dir = workspace();
    symlinkSync(path.join(dir, '.env'), path.join(dir, 'settings.txt'));
    expect(await codeOf(readAttachments(['.env'], { workdir: dir }))).toBe('attachment.protected');
    expect(await codeOf(readAttachments(['settings.txt'], { workdir: dir }))).toBe('attachment.protected');
    mkdirSync(path.join(dir, '.git'));
    writeFileSync(path.join(dir, '.git', 'config'), '[core]');
    expect(await codeOf(readAttachments(['.git/config'], { workdir: dir }))).toBe('attachment.protected');
    const forced = await readAttachments([{ path: '.env', force: true }], { workdir: dir });
    expect(texts(forced.parts)[0]).toContain('API_KEY=shh');
  });

  it('names the install command when a parser (an optional peer) is missing', async () => {
    const dir = workspace();
    const absent = (specifier: string) => Promise.reject(Object.assign(new Error(`Cannot find package '${specifier}'`), { code: 'ERR_MODULE_NOT_FOUND' }));
    for (const [file, pkg] of [['notice.pdf', 'unpdf'], ['memo.docx', 'mammoth']] as const) {
      const error = (await readAttachments([file], { workdir: dir, importer: absent }).catch((e: unknown) => e)) as AttachmentError;
      expect(error.code).toBe('attachment.parser_missing');
      expect(error.hint).toContain(`npm install ${pkg}`);
    }
  });

  it('pins the codes', () => {
    expect(Object.keys(ATTACHMENT_ERROR_CODES)).toEqual([
      'attachment.not_found', 'attachment.protected', 'attachment.too_large', 'attachment.too_many_pages',
      'attachment.unsupported_type', 'attachment.parser_missing', 'attachment.unreadable', 'attachment.image_unsupported',
    ]);
  });
});

describe('harness runs with attachments', () => {
  it('sends the parts with the task and taints the run', async () => {
    const dir = workspace();
    const provider = scriptedProvider(['ninety days'], { id: 'openai', model: 'gpt-4o' });
    const harness = await createHarness({ workdir: dir, provider, env: {}, audit: false });
    const result = await harness.run('what is the notice period?', { attachments: ['notice.pdf', 'pixel.dat'] });
    const user = provider.requests[0]!.messages.find((m) => m.role === 'user')!;
    expect(user.parts.map((p) => p.type)).toEqual(['text', 'text', 'text', 'image']);
    expect(user.parts[0]).toEqual({ type: 'text', text: 'what is the notice period?' });
    expect(result.tainted).toBe(true);
    expect(result.taintSources.map((t) => t.source)).toEqual(['attachment:notice.pdf', 'attachment:pixel.dat']);
  });

  it('a streamed run is tainted too, and a model without vision gets no call for an image', async () => {
    const dir = workspace();
    const seeing = await createHarness({ workdir: dir, provider: scriptedProvider(['ok'], { id: 'anthropic', model: 'claude-sonnet-4' }), env: {}, audit: false });
    const events: RunEvent[] = [];
    for await (const e of seeing.stream('summarise', { attachments: ['guide.md'] })) events.push(e);
    expect(events.filter((e) => e.type === 'taint').map((e) => (e as { source: string }).source)).toEqual(['attachment:guide.md']);

    const blind = scriptedProvider(['never'], { id: 'deepseek', model: 'deepseek-chat' });
    const harness = await createHarness({ workdir: dir, provider: blind, env: {}, audit: false });
    const error = (await harness.run('describe it', { attachments: ['pixel.dat'] }).catch((e: unknown) => e)) as AttachmentError;
    expect(error.code).toBe('attachment.image_unsupported');
    expect(error.message).toContain('deepseek-chat');
    expect(blind.requests).toHaveLength(0);
  });
});
