import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The workspace-relative directories git runs hooks from, besides `.git/hooks`: `core.hooksPath` in
 * the repository's `.git/config` (a hook manager — husky, lefthook, a team's `tools/git/hooks` —
 * points it anywhere in the tree). Read when asked, so a hooks path set during the run counts; an
 * absolute path outside the workspace is the jail's business, not a class.
 */
export function hooksPaths(workspace: string): string[] {
  let text: string;
  try {
    text = readFileSync(path.join(workspace, '.git', 'config'), 'utf8');
  } catch {
    return [];
  }
  const out: string[] = [];
  let section = '';
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/[#;].*$/, '').trim();
    const header = /^\[\s*([^\]\s"]+)(?:\s+"[^"]*")?\s*\]$/.exec(line);
    if (header) {
      section = (header[1] ?? '').toLowerCase();
      continue;
    }
    const pair = /^([A-Za-z0-9-]+)\s*=\s*(.*)$/.exec(line);
    if (section !== 'core' || !pair || (pair[1] ?? '').toLowerCase() !== 'hookspath') continue;
    const value = (pair[2] ?? '').replace(/^"(.*)"$/, '$1').trim();
    if (value === '') continue;
    const absolute = path.resolve(workspace, value);
    const rel = path.relative(workspace, absolute).split(path.sep).join('/');
    if (rel !== '' && rel.split('/')[0] !== '..' && !path.isAbsolute(rel)) out.push(rel);
  }
  return out;
}
