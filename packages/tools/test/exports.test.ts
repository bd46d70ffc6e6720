import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@warden/protocol';
import * as mod from '../src/index.js';
import pkg from '../package.json' with { type: 'json' };

describe('public surface', () => {
  it('pins the package name and exports map', () => {
    expect(pkg.name).toBe('@warden/tools');
    expect(Object.keys(pkg.exports).sort()).toEqual(['.', './package.json']);
  });

  it('pins the exported names', () => {
    expect(Object.keys(mod).sort()).toEqual([
      'A2A_SDK_INSTALL',
      'DEFAULT_MAX_CONTEXT_ITEMS',
      'DEFAULT_PROTECTED_PATHS',
      'MAX_HALF_LIFE_STEPS',
      'MCP_RESOURCE_UNTRUSTED_NOTE',
      'MCP_SDK_INSTALL',
      'MEMORY_META_KEY',
      'SANDBOX_BACKENDS',
      'SANDBOX_HIDDEN_PATHS',
      'SANDBOX_READ_ONLY_PATHS',
      'SANDBOX_UNAVAILABLE',
      'SECRET_ENV_MARKERS',
      'SOURCES_NOTE_KEY',
      'SandboxOptions',
      'TODO_NOTE_KEY',
      'TOOL_ERROR_CODES',
      'UNTRUSTED_FACT_MARK',
      'WorkspaceToolsOptions',
      'a2aAgent',
      'askUserTool',
      'assertToolName',
      'checkSandboxBackends',
      'contextDecay',
      'createPathJail',
      'createSandbox',
      'createSshSandbox',
      'createToolRegistry',
      'createWorkspaceTools',
      'defineTool',
      'fingerprintMcpTool',
      'formatSources',
      'formatTodos',
      'listSkills',
      'mcpTools',
      'memorySessionId',
      'memoryStore',
      'memoryTools',
      'probeSandbox',
      'recordSourceTool',
      'sanitizeEnv',
      'semanticMemoryTools',
      'sshSandboxExists',
      'storedSources',
      'storedTodos',
      'todoWriteTool',
      'workspaceTools',
      'writeFileAtomic',
    ]);
  });
});

describe('error codes', () => {
  it('pins every code this package throws', () => {
    expect(Object.keys(mod.TOOL_ERROR_CODES).sort()).toEqual([
      'tool.ask_user_unavailable',
      'tool.duplicate_name',
      'tool.edit_ambiguous',
      'tool.edit_no_match',
      'tool.execution_failed',
      'tool.file_not_found',
      'tool.file_too_large',
      'tool.invalid_args',
      'tool.invalid_definition',
      'tool.mcp_call_failed',
      'tool.mcp_connect_failed',
      'tool.mcp_sdk_missing',
      'tool.mcp_tool_changed',
      'tool.memory_limit',
      'tool.not_a_file',
      'tool.path_hardlinked',
      'tool.path_invalid',
      'tool.path_outside_workspace',
      'tool.path_protected',
      'tool.remote_agent_failed',
      'tool.remote_agent_sdk_missing',
      'tool.sandbox_host_key_changed',
      'tool.sandbox_sync_failed',
      'tool.sandbox_unavailable',
      'tool.sandbox_unreachable',
      'tool.sandbox_unsupported',
      'tool.skill_not_found',
      'tool.timeout',
    ]);
  });

  it.each([
    'tool.invalid_definition',
    'tool.duplicate_name',
    'tool.invalid_args',
    'tool.timeout',
    'tool.execution_failed',
    'tool.path_outside_workspace',
    'tool.path_protected',
    'tool.path_invalid',
  ])('%s is also a contract code of @warden/protocol', (code) => {
    expect(ERROR_CODES).toHaveProperty([code]);
    expect(mod.TOOL_ERROR_CODES).toHaveProperty([code]);
  });

  // Every thrown code is in the table by construction (toolError types `code` with it); this
  // checks the other direction: every listed code is thrown by the package.
  it('every code is thrown somewhere in the package', async () => {
    const { readdir, readFile } = await import('node:fs/promises');
    const { join } = await import('node:path');
    const root = join(import.meta.dirname, '..', 'src');
    const files = (await readdir(root, { recursive: true })).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('tool-error-codes.ts'));
    const text = (await Promise.all(files.map((file) => readFile(join(root, file), 'utf8')))).join('\n');
    // A code as a value (`toolError('tool.x', …)`, `code: 'tool.x'`), not a table key (`'tool.x': '…'`).
    const thrown = new Set([...text.matchAll(/'(tool\.[a-z_]+)'(?!\s*:)/g)].map((match) => match[1] as string));
    expect(Object.keys(mod.TOOL_ERROR_CODES).filter((code) => !thrown.has(code))).toEqual([]);
  });

  it('every code is tool.<snake_case> with a description', () => {
    for (const [code, description] of Object.entries(mod.TOOL_ERROR_CODES)) {
      expect(code).toMatch(/^tool\.[a-z_]+$/);
      expect(description.length).toBeGreaterThan(10);
    }
  });
});
