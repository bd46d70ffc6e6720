import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startFakeOpenAI } from '@warden/test-servers';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './helpers/run-cli.js';
import { fakeProvider } from './helpers/workspace.js';

const FIXTURES = path.resolve(import.meta.dirname, '..', '..', '..', 'packages', 'harness', 'test', 'fixtures', 'attachments');
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const workdir = mkdtempSync(path.join(tmpdir(), 'warden-cli-attach-'));
const elsewhere = mkdtempSync(path.join(tmpdir(), 'warden-cli-attach-files-'));
copyFileSync(path.join(FIXTURES, 'notice.pdf'), path.join(elsewhere, 'contract.pdf'));
writeFileSync(path.join(elsewhere, 'whiteboard.png'), PNG);
writeFileSync(path.join(elsewhere, '.env'), 'API_KEY=do-not-send');
afterAll(() => {
  rmSync(workdir, { recursive: true, force: true });
  rmSync(elsewhere, { recursive: true, force: true });
});

describe('warden run --attach', () => {
  it('sends a PDF as text and an image as an image part, and the run is tainted', async () => {
    const server = await startFakeOpenAI([{ text: 'The notice period is ninety days.' }]);
    try {
      const { args, env } = fakeProvider(server.url);
      // Paths are the user's, from where the user is (not the workspace).
      const result = await runCli(['run', 'What is the notice period?', '--workdir', workdir, '--attach', 'contract.pdf', '--attach', 'whiteboard.png', '--json', ...args], { cwd: elsewhere, env });
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      const user = (server.requests[0]!.messages as Array<{ role: string; content: unknown }>).find((m) => m.role === 'user')!;
      const content = user.content as Array<{ type: string; text?: string; image_url?: { url: string } }>;
      expect(content.map((c) => c.type)).toEqual(['text', 'text', 'text', 'image_url']);
      expect(content[1]!.text).toContain('[page 1]\nThe notice period is ninety days.');
      expect(content[3]!.image_url!.url).toBe(`data:image/png;base64,${PNG.toString('base64')}`);
      const taints = result.stdout.split('\n').filter((line) => line.includes('"type":"taint"')).map((line) => JSON.parse(line) as { source: string });
      expect(taints.map((t) => t.source)).toEqual([`attachment:${path.join(elsewhere, 'contract.pdf')}`, `attachment:${path.join(elsewhere, 'whiteboard.png')}`]);
    } finally {
      await server.close();
    }
  }, 90_000);

  it('refuses .env unless forced, and an image for a model without vision, before any model call', async () => {
    const server = await startFakeOpenAI([{ text: 'never' }]);
    try {
      const { args, env } = fakeProvider(server.url);
      const refused = await runCli(['run', 'read it', '--workdir', workdir, '--attach', '.env', ...args], { cwd: elsewhere, env });
      expect(refused.code).not.toBe(0);
      expect(refused.stderr).toContain('is a protected path');
      expect(refused.stderr).toContain('--attach-force');
      const blind = await runCli(['run', 'describe it', '--workdir', workdir, '--attach', 'whiteboard.png', '--provider', 'openai', '--base-url', server.url, '--model', 'deepseek-chat', '--lang', 'fr'], { cwd: elsewhere, env });
      expect(blind.code).not.toBe(0);
      expect(blind.stderr).toContain('le modèle ne voit pas les images');
      expect(server.requests).toHaveLength(0);
      // Forced, the user's own choice: sent, and labelled with its path.
      const forced = await runCli(['run', 'read it', '--workdir', workdir, '--attach', '.env', '--attach-force', ...args], { cwd: elsewhere, env });
      expect(forced.code).toBe(0);
      expect(JSON.stringify(server.requests[0]!.messages)).toContain(`[attachment 1: ${path.join(elsewhere, '.env')} (text)]`);
    } finally {
      await server.close();
    }
  }, 90_000);
});
