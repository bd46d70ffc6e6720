import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { McpServerEntry } from '@warden/harness';
import { CliError } from '../cli/cli-error.js';
import { CONFIG_FILE_NAME } from '../config/config-file.js';

/** The config file as JSON, edited key by key so everything else in it stays as written. */
export interface EditableConfig {
  file: string;
  json: Record<string, unknown>;
}

/** The loaded config file, else `warden.config.json` in the current directory (created on save). */
export function openEditableConfig(loadedFile: string | undefined, cwd: string): EditableConfig {
  const file = loadedFile ?? path.join(cwd, CONFIG_FILE_NAME);
  if (!existsSync(file)) return { file, json: {} };
  try {
    const json = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new Error('not a JSON object');
    return { file, json: json as Record<string, unknown> };
  } catch (error) {
    throw new CliError({ code: 'cli.invalid_file', message: `${file} is not valid JSON`, key: 'error.invalidFile', params: { file, reason: error instanceof Error ? error.message : String(error) }, cause: error });
  }
}

export function mcpServersOf(config: EditableConfig): Record<string, McpServerEntry> {
  const servers = config.json.mcpServers;
  return servers && typeof servers === 'object' && !Array.isArray(servers) ? (servers as Record<string, McpServerEntry>) : {};
}

/** Checks the entry against the harness's schema and writes the file atomically (temp file + rename). */
export function saveMcpServers(config: EditableConfig, servers: Record<string, McpServerEntry>): void {
  for (const [name, entry] of Object.entries(servers)) {
    const parsed = McpServerEntry.safeParse(entry);
    if (!parsed.success) {
      const reason = parsed.error.issues.map((i) => `${i.path.join('.') || name}: ${i.message}`).join('; ');
      throw new CliError({ code: 'cli.invalid_value', message: `mcpServers.${name}: ${reason}`, key: 'error.invalidValue', params: { flag: `mcpServers.${name}`, reason } });
    }
  }
  const json = { ...config.json };
  if (Object.keys(servers).length === 0) delete json.mcpServers;
  else json.mcpServers = servers;
  const temp = `${config.file}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(json, null, 2)}\n`);
  renameSync(temp, config.file);
  config.json = json;
}
