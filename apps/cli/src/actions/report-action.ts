import { openSessionStore, parseStoreLocation, trackStoredSpend, type SpendRow } from '@warden/harness';
import { createPriceTable } from '@warden/providers/catalog';
import type { CommandContext } from '../cli/command.js';
import { parseDurationMs } from '../cli/duration.js';
import { EXIT } from '../cli/exit-codes.js';
import type { ReportCommandOptions } from './report-options.js';
import { formatCost } from '../render/summarize.js';
import { renderTable } from '../render/table.js';
import { resolveWorkdir } from './cli-harness-options.js';
import { unexpectedArgument } from './usage-errors.js';

/** `warden report [--since 7d] [--by agent|model|task|owner] [--json]`: spend over the stored sessions. */
export async function reportAction(ctx: CommandContext<ReportCommandOptions & { json?: boolean }>): Promise<number> {
  const { io, t, style, options, positionals, config } = ctx;
  if (positionals.length > 0) throw unexpectedArgument(positionals[0]!, 'warden report');
  const workdir = resolveWorkdir(io.cwd, options.workdir);
  const store = await openSessionStore(parseStoreLocation(options.sessions ?? config.config.sessions, workdir));
  const prices = createPriceTable({ models: (config.config.prices ?? []).map((p) => ({ source: 'config', ...p })) });
  const since = options.since !== undefined ? new Date(Date.now() - parseDurationMs(options.since)!) : undefined;
  const by = options.by ?? 'agent';
  try {
    const tracker = await trackStoredSpend(store, prices, since ? { since } : {});
    const report = tracker.report(since ? { since: since.toISOString() } : {});
    if (options.json) {
      io.stdout.write(`${JSON.stringify({ type: 'spend_report', breakdown: by, ...report })}\n`);
      return EXIT.done;
    }
    if (report.totals.runs === 0) {
      io.stdout.write(`${t('report.empty')}\n`);
      return EXIT.done;
    }
    // A row whose calls all lack a price is "unpriced", never $0; a partly priced one says what it leaves out.
    const cost = (row: SpendRow): string => {
      if (row.unknownCostCalls === 0) return formatCost(row.costUsd);
      if (row.unknownCostCalls >= row.calls && row.costUsd === 0) return t('report.unpriced');
      return `${formatCost(row.costUsd)} + ${t('report.unknownCost', { count: row.unknownCostCalls })}`;
    };
    const line = (row: SpendRow): string[] => [row.key, t.number(row.runs), t.number(row.calls), `${t.number(row.usage.inputTokens)} / ${t.number(row.usage.outputTokens)}`, `${Math.round(row.cacheHitRate * 100)}%`, cost(row)];
    const rows = [...report.by[by].map(line), line({ ...report.totals, key: t('report.total') })];
    io.stdout.write(renderTable([t(`report.by.${by}`), t('report.runs'), t('report.calls'), t('report.tokens'), t('report.cacheHits'), t('column.cost')], rows, style));
    const cache = report.toolCache;
    if (cache.hits + cache.misses > 0) io.stdout.write(`${t('report.toolCache', { hits: cache.hits, calls: cache.hits + cache.misses, rate: Math.round(cache.hitRate * 100) })}\n`);
    if (report.unknownModels.length > 0) io.stdout.write(`${t('report.unknownModels', { models: report.unknownModels.join(', ') })}\n`);
    return EXIT.done;
  } finally {
    await store.close?.();
  }
}
