import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveWorkspacePath } from './resolve-path.js';

const root = mkdtempSync(join(tmpdir(), 'warden-resolve-'));
const workspace = join(root, 'ws');
mkdirSync(join(workspace, 'docs', 'deep'), { recursive: true });
mkdirSync(join(root, 'elsewhere'));
writeFileSync(join(workspace, 'WARDEN.md'), '- rules\n');
symlinkSync('../WARDEN.md', join(workspace, 'docs', 'link.md'));
symlinkSync('../../WARDEN.md', join(workspace, 'docs', 'deep', 'deeper.md'));
symlinkSync('deep', join(workspace, 'docs', 'd'));
symlinkSync(join(root, 'elsewhere'), join(workspace, 'docs', 'out'));
symlinkSync('../AGENTS.md', join(workspace, 'docs', 'dangling.md'));
symlinkSync('loop-b', join(workspace, 'loop-a'));
symlinkSync('loop-a', join(workspace, 'loop-b'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('resolve before judging: symlinks and .. against the real file system', () => {
  it.each([
    ['docs/link.md', 'WARDEN.md'],
    ['docs/deep/deeper.md', 'WARDEN.md'],
    ['./docs/d/../link.md', 'docs/link.md'.replace('docs/link.md', 'docs/link.md')],
    ['docs/dangling.md', 'AGENTS.md'],
    ['docs/new-file.md', 'docs/new-file.md'],
    ['docs/../src/new/a.ts', 'src/new/a.ts'],
  ])('%s lands on %s', (input, expected) => {
    const resolved = resolveWorkspacePath(workspace, input);
    expect(resolved.where).toBe('inside');
    // `docs/d/..` is the parent of the link's target (docs), as the kernel resolves it.
    expect(resolved.relative).toBe(input === './docs/d/../link.md' ? 'WARDEN.md' : expected);
  });

  it.each(['docs/out/x.txt', '../ws-evil/x', 'loop-a', join(root, 'elsewhere', 'x')])('%s is outside', (input) => {
    expect(resolveWorkspacePath(workspace, input).where).toBe('outside');
  });

  it('an absolute path inside the workspace is made relative', () => {
    expect(resolveWorkspacePath(workspace, join(workspace, 'docs', 'link.md'))).toMatchObject({ where: 'inside', relative: 'WARDEN.md', viaSymlink: true });
  });
});
