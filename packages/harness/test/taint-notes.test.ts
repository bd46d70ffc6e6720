import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { TAINT_NOTES } from '@warden/protocol/policy';
import { describe, expect, it } from 'vitest';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('taint notes the harness writes', () => {
  it('use only reason ids listed in the protocol (TAINT_NOTES), so front ends can translate them', () => {
    const written = sources(join(import.meta.dirname, '..', 'src')).flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/reasonId: '([a-z_.]+)'/g)].map((m) => m[1]!));
    expect(new Set(written)).toEqual(new Set(['memory_file', 'skills_list', 'mcp_descriptions', 'untrusted_task', 'memory_recall', 'attached_file']));
    expect(written.filter((id) => !(id in TAINT_NOTES))).toEqual([]);
  });
});
