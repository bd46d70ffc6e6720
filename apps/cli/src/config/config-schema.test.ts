import { readFileSync, writeFileSync } from 'node:fs';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { WardenConfig } from './config-file.js';

const FILE = new URL('../../warden.config.schema.json', import.meta.url);

describe('the published warden.config.json schema', () => {
  it('warden.config.schema.json is generated from WardenConfig (WARDEN_WRITE_SCHEMA=1 npx vitest run src/config rewrites it)', () => {
    const schema = z.toJSONSchema(WardenConfig, { target: 'draft-2020-12', unrepresentable: 'any' });
    if (process.env.WARDEN_WRITE_SCHEMA === '1') writeFileSync(FILE, `${JSON.stringify(schema, null, 2)}\n`);
    expect(JSON.parse(readFileSync(FILE, 'utf8'))).toEqual(schema);
  });

  it('takes the harness keys a config file may set, and the CLI-only ones', () => {
    const ok = WardenConfig.safeParse({ mode: 'safe', approver: 'yes', scope: { paths: ['docs/**'] }, builtinTools: { shell: false }, mcpServers: { docs: { url: 'http://127.0.0.1:1/mcp' } }, packs: ['./pack'], system: 'be brief' });
    expect(ok.success).toBe(true);
    expect(WardenConfig.safeParse({ workdir: '.' }).success).toBe(false);
  });
});
