import { rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { evidenceError } from '../errors/coded-errors.js';
import { EvidenceReport } from './report-schema.js';
import { renderHtml } from './render-html.js';
import { renderJunit } from './render-junit.js';
import { renderMarkdown } from './render-markdown.js';

export interface ReportFiles {
  json: string;
  markdown: string;
  junit: string;
  html: string;
}

async function atomicWrite(file: string, text: string): Promise<void> {
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, text, 'utf8');
  await rename(temp, file);
}

/** Renders all four formats from the one (already redacted) document. */
export function renderReport(report: EvidenceReport): { json: string; markdown: string; junit: string; html: string } {
  const parsed = EvidenceReport.safeParse(report);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw evidenceError({ code: 'evidence.invalid_report', message: `Report does not match schema v1 at ${issue?.path.join('.') ?? '?'}: ${issue?.message ?? 'invalid'}.`, hint: 'This is a bug in the runner; please report it.' });
  }
  const doc = parsed.data;
  return { json: `${JSON.stringify(doc, null, 2)}\n`, markdown: renderMarkdown(doc), junit: renderJunit(doc), html: renderHtml(doc) };
}

/** Writes report.json, report.md, junit.xml and report.html into `dir`. */
export async function writeReport(dir: string, report: EvidenceReport): Promise<ReportFiles> {
  const rendered = renderReport(report);
  const files: ReportFiles = {
    json: path.join(dir, 'report.json'),
    markdown: path.join(dir, 'report.md'),
    junit: path.join(dir, 'junit.xml'),
    html: path.join(dir, 'report.html'),
  };
  await atomicWrite(files.json, rendered.json);
  await atomicWrite(files.markdown, rendered.markdown);
  await atomicWrite(files.junit, rendered.junit);
  await atomicWrite(files.html, rendered.html);
  return files;
}
