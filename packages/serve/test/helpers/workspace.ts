import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A fresh temp directory for one test. */
export function tempWorkspace(prefix = 'warden-cli-'): string {
  return mkdtempSync(path.join(tmpdir(), prefix));
}

/** Flags and environment that point `warden` at a fake OpenAI-compatible server. */
export function fakeProvider(url: string): { args: string[]; env: Record<string, string> } {
  return { args: ['--provider', 'openai', '--base-url', url, '--model', 'fake-model'], env: { OPENAI_API_KEY: 'sk-test-not-a-real-key-000000' } };
}
