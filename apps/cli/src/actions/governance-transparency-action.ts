import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  aiInventory,
  dpiaDraft,
  effectiveGovernance,
  loadGovernanceFile,
  nextDeadline,
  readIncidents,
  toolEffectClass,
  verifyProvenance,
  type EffectiveGovernance,
} from '@warden/governance';
import { BUILTIN_TOOL_NAMES } from '@warden/harness';
import type { CommandContext } from '../cli/command.js';
import { EXIT } from '../cli/exit-codes.js';
import type { WardenConfig } from '../config/config-file.js';
import { cliVersion } from '../version.js';
import { resolveWorkdir } from './cli-harness-options.js';
import { missingArgument, unexpectedArgument } from './usage-errors.js';

export interface GovernanceTransparencyOptions {
  governance?: string;
  trail?: string;
  publicKey?: string;
  out?: string;
  result?: string;
  workdir?: string;
}

interface Agent {
  name: string;
  description?: string;
  models: string[];
  tools: string[];
  mcpServers: string[];
}

/** The agents `warden.config.json` declares: the main agent, its sub-agents and handoff targets, with models and tools by name. */
function configuredAgents(config: WardenConfig): Agent[] {
  const model = `${config.provider ?? 'default'}:${config.model ?? 'default'}`;
  const off = config.builtinTools ?? {};
  const builtin = BUILTIN_TOOL_NAMES.filter((name) => off[name] !== false);
  const servers = Object.keys(config.mcpServers ?? {});
  const main: Agent = { name: 'main', description: 'the agent warden.config.json configures', models: [model], tools: [...builtin, ...servers.map((s) => `${s}__*`)], mcpServers: servers };
  const subagents = Object.entries(config.subagents ?? {}).map(([name, s]) => ({ name, description: s.description, models: [model], tools: [...s.tools], mcpServers: [] }));
  return [main, ...subagents];
}

async function governanceAt(ctx: CommandContext<GovernanceTransparencyOptions>, required: boolean): Promise<EffectiveGovernance | undefined> {
  const { io, options } = ctx;
  const file = path.resolve(io.cwd, options.governance ?? path.join(resolveWorkdir(io.cwd, options.workdir), 'governance.yaml'));
  if (!existsSync(file)) {
    if (required) io.stderr.write(`${ctx.t('governance.missing', { file })}\n`);
    return undefined;
  }
  return effectiveGovernance(await loadGovernanceFile(file));
}

async function emit(ctx: CommandContext<GovernanceTransparencyOptions>, text: string): Promise<void> {
  if (ctx.options.out) await writeFile(path.resolve(ctx.io.cwd, ctx.options.out), `${text}\n`);
  else ctx.io.stdout.write(`${text}\n`);
}

/**
 * `warden governance incidents|notice|inventory|dpia|verify`: open incidents with their regulator
 * deadlines (from the audit trail), the AI notice in the CLI's language, the CycloneDX AI inventory
 * and the DPIA draft from the live config, and a provenance manifest checked with a public key.
 */
export async function governanceTransparencyAction(ctx: CommandContext<GovernanceTransparencyOptions>): Promise<number> {
  const { io, t, options, positionals } = ctx;
  const [verb, name, extra] = positionals;
  const write = (text: string): void => void io.stdout.write(`${text}\n`);
  if (verb !== 'verify' && name !== undefined) throw unexpectedArgument(name, 'warden governance');
  if (extra !== undefined) throw unexpectedArgument(extra, 'warden governance');

  if (verb === 'notice') {
    const text = t('governance.notice.text');
    if (options.json) write(JSON.stringify({ lang: t.lang, notice: text }));
    else await emit(ctx, text);
    return EXIT.done;
  }

  if (verb === 'incidents') {
    const trail = path.resolve(io.cwd, options.trail ?? path.join(resolveWorkdir(io.cwd, options.workdir), '.warden', 'audit.jsonl'));
    const lines = existsSync(trail) ? (await readFile(trail, 'utf8')).split('\n').filter((l) => l.trim() !== '') : [];
    const { open } = readIncidents(lines);
    if (options.json) {
      write(JSON.stringify({ trail, open }));
      return EXIT.done;
    }
    if (open.length === 0) write(t('governance.incidents.none', { trail }));
    for (const incident of open) {
      const next = nextDeadline(incident);
      write(t('governance.incidents.row', { id: incident.id, cause: incident.cause, detected: incident.detectedAt, run: incident.runId ?? '-' }));
      for (const d of incident.deadlines) {
        const due = d.due ?? t('governance.incidents.fromClassification');
        write(`  ${d === next ? '→' : ' '} ${due}  ${d.regime} ${d.cite}: ${d.report}${d.applies ? '' : ` (${t('governance.incidents.if', { condition: d.condition })})`}`);
      }
    }
    if (open.length > 0) io.stderr.write(`${t('governance.incidents.notice')}\n`);
    return EXIT.done;
  }

  if (verb === 'inventory') {
    const governance = await governanceAt(ctx, false);
    const config = ctx.config.config;
    const agents = configuredAgents(config);
    const tools = [...new Set(agents.flatMap((a) => a.tools))].filter((n) => !n.endsWith('__*')).map((n) => {
      const effect = toolEffectClass(n, undefined);
      return { name: n, ...(effect ? { effect } : {}) };
    });
    const mcpServers = Object.entries(config.mcpServers ?? {}).map(([n, s]) => ({ name: n, ...(s.url ? { url: s.url } : {}), ...(s.command ? { command: path.basename(s.command) } : {}) }));
    const bom = aiInventory({
      name: path.basename(resolveWorkdir(io.cwd, options.workdir)),
      wardenVersion: cliVersion(),
      agents: agents.map((a) => ({ ...a, tools: a.tools.filter((n) => !n.endsWith('__*')) })),
      tools,
      mcpServers,
      packs: (governance?.packs ?? []),
      ...(governance ? { policyVersion: governance.version } : {}),
    });
    await emit(ctx, JSON.stringify(bom, null, 2));
    return EXIT.done;
  }

  if (verb === 'dpia') {
    const governance = await governanceAt(ctx, true);
    if (!governance) return EXIT.error;
    const markdown = dpiaDraft({ system: path.basename(resolveWorkdir(io.cwd, options.workdir)), governance, agents: configuredAgents(ctx.config.config) });
    await emit(ctx, markdown);
    io.stderr.write(`${t('governance.report.notice')}\n`);
    return EXIT.done;
  }

  // verify MANIFEST --public-key FILE [--result FILE]
  if (!name) throw missingArgument('warden governance verify', 'MANIFEST');
  if (!options.publicKey) throw missingArgument('warden governance verify', '--public-key FILE');
  let manifest: unknown;
  try {
    manifest = JSON.parse(await readFile(path.resolve(io.cwd, name), 'utf8'));
  } catch {
    manifest = undefined;
  }
  const publicKey = await readFile(path.resolve(io.cwd, options.publicKey), 'utf8');
  const output = options.result ? await readFile(path.resolve(io.cwd, options.result), 'utf8') : undefined;
  const verdict = verifyProvenance(manifest, publicKey, output !== undefined ? { output } : {});
  if (options.json) write(JSON.stringify({ manifest: name, ...verdict }));
  else write(verdict.valid ? t('governance.verify.ok', { file: name }) : t('governance.verify.failed', { file: name, problem: verdict.problem ?? '' }));
  return verdict.valid ? EXIT.done : EXIT.error;
}
