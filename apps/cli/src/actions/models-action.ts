import { didYouMean } from '@warden/protocol/checks';
import { listModels, type ModelCapability, type ModelInfo } from '@warden/providers/catalog';
import { PROVIDER_CATALOG } from '@warden/providers/selection';
import { CliError } from '../cli/cli-error.js';
import type { CommandContext } from '../cli/command.js';
import { EXIT } from '../cli/exit-codes.js';
import { renderTable } from '../render/table.js';
import { unexpectedArgument } from './usage-errors.js';

interface ModelsOptions {
  provider?: string;
  supports?: string;
}

const CAPABILITIES: readonly ModelCapability[] = ['tools', 'vision', 'json_schema', 'streaming', 'reasoning', 'prompt_cache'];

/** `--supports tools,vision`: the capabilities asked for, each one the catalogue knows. */
function wantedCapabilities(value: string | undefined): ModelCapability[] {
  if (value === undefined) return [];
  const wanted = value.split(',').map((s) => s.trim()).filter((s) => s !== '');
  for (const capability of wanted) {
    if (!CAPABILITIES.includes(capability as ModelCapability)) {
      const guess = didYouMean(capability, CAPABILITIES);
      throw new CliError({
        code: 'cli.invalid_value',
        message: `--supports ${capability}: unknown capability`,
        key: 'error.invalidValue',
        params: { flag: '--supports', reason: `unknown capability "${capability}" (known: ${CAPABILITIES.join(', ')})` },
        ...(guess ? { hintKey: 'hint.didYouMean', hintParams: { suggestion: guess }, hint: `did you mean ${guess}?` } : {}),
      });
    }
  }
  return wanted as ModelCapability[];
}

const count = (n: number): string => n.toLocaleString('en-US');
const usd = (n: number | undefined): string => (n === undefined ? '-' : `$${n.toFixed(n < 0.1 ? 3 : 2)}`);

/**
 * The catalogue names a model under its vendor family (`openai`, `gemini`…); a platform id
 * (`azure-openai`, `vertex-gemini`, `openai-responses`) lists its family's models.
 */
function catalogueProvider(name: string): string {
  return PROVIDER_CATALOG.find((info) => info.id === name)?.family ?? name;
}

/** `warden models [--provider NAME] [--supports tools,vision,reasoning] [--json]`: the model catalogue — limits, list prices, capabilities, dated and sourced. */
export async function modelsAction(ctx: CommandContext<ModelsOptions>): Promise<number> {
  const { io, t, style, options, positionals } = ctx;
  if (positionals.length > 0) throw unexpectedArgument(positionals[0]!, 'warden models');
  const all = listModels();
  const known = [...new Set([...all.map((m) => m.provider), ...PROVIDER_CATALOG.map((p) => p.id)])];
  const name = options.provider;
  if (name !== undefined && !known.includes(name)) {
    const guess = didYouMean(name, known);
    throw new CliError({
      code: 'cli.invalid_value',
      message: `--provider ${name}: unknown provider`,
      key: 'error.invalidValue',
      params: { flag: '--provider', reason: `unknown provider "${name}" (known: ${known.join(', ')})` },
      ...(guess ? { hintKey: 'hint.didYouMean', hintParams: { suggestion: guess }, hint: `did you mean ${guess}?` } : {}),
    });
  }
  const wanted = wantedCapabilities(options.supports);
  const models: ModelInfo[] = (name === undefined ? all : listModels({ provider: catalogueProvider(name) })).filter((m) => wanted.every((c) => m.capabilities.includes(c)));
  if (options.json) {
    for (const model of models) io.stdout.write(`${JSON.stringify(model)}\n`);
    return EXIT.done;
  }
  if (models.length === 0) {
    io.stdout.write(`${t('models.none', { provider: name ?? '-' })}\n`);
    return EXIT.done;
  }
  const rows = models.map((m) => [
    m.model,
    m.provider,
    count(m.contextWindow),
    count(m.maxOutputTokens),
    usd(m.price.input),
    usd(m.price.output),
    usd(m.price.cacheRead),
    m.capabilities.join(','),
    m.asOf,
  ]);
  const headers = ['column.modelName', 'column.provider', 'column.context', 'column.maxOutput', 'column.priceIn', 'column.priceOut', 'column.priceCacheRead', 'column.capabilities', 'column.asOf'] as const;
  io.stdout.write(renderTable(headers.map((key) => t(key)), rows, style));
  // Sources are URLs: listed under the table rather than cut to fit a column.
  const sources = new Map<string, string>();
  for (const m of models) if (!sources.has(m.source)) sources.set(m.source, m.provider);
  for (const [source, provider] of sources) io.stdout.write(`  ${t('models.source', { provider, source })}\n`);
  return EXIT.done;
}
