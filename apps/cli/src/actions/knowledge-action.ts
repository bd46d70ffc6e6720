import path from 'node:path';
import { addUrl, knowledgeBase, openStore, STORE_KINDS, type KnowledgeFilter, type UrlFetcher } from '@warden/knowledge';
import { CliError } from '../cli/cli-error.js';
import type { CommandContext } from '../cli/command.js';
import { EXIT } from '../cli/exit-codes.js';
import type { KnowledgeOptions } from './knowledge-options.js';
import { knowledgeStoreUrl } from './knowledge-store-url.js';
import { missingArgument, unexpectedArgument } from './usage-errors.js';

function parseFilter(text: string | undefined): KnowledgeFilter | undefined {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as KnowledgeFilter;
  } catch {
    throw new CliError({ code: 'cli.invalid_value', message: '--filter is not JSON', key: 'error.invalidValue', params: { flag: '--filter', reason: 'not JSON (e.g. {"team":"red"})' } });
  }
}

function isUrl(arg: string): boolean {
  return /^https?:\/\//i.test(arg);
}

/**
 * `add URL` fetches through @warden/web's governed fetch: the egress policy on the URL and every
 * redirect (loopback and private addresses refused unless `--allow-host`), 5 MiB and 15 s limits,
 * HTML read as text. Loaded only when a URL is added.
 */
async function governedFetch(allowHosts: readonly string[] | undefined): Promise<UrlFetcher> {
  const { webFetch } = await import('@warden/web');
  return webFetch({ maxChars: 2_000_000, ...(allowHosts?.length ? { allowHosts } : {}) });
}

/** `warden knowledge stores|check|add FILE…|search "QUERY"` with `--store URL`. */
export async function knowledgeAction(ctx: CommandContext<KnowledgeOptions>): Promise<number> {
  const { io, t, options, positionals } = ctx;
  const [sub, ...rest] = positionals;
  if (sub === undefined) throw missingArgument('warden knowledge', 'stores, check, add or search');
  if (sub === 'stores') {
    if (rest.length > 0) throw unexpectedArgument(rest[0]!, 'warden knowledge');
    for (const [kind, line] of Object.entries(STORE_KINDS)) io.stdout.write(options.json ? `${JSON.stringify({ kind, url: line })}\n` : `  ${kind.padEnd(8)} ${line}\n`);
    return EXIT.done;
  }
  const store = openStore(knowledgeStoreUrl(io.cwd, options.store), { env: io.env });
  try {
    if (sub === 'check') {
      if (rest.length > 0) throw unexpectedArgument(rest[0]!, 'warden knowledge');
      const report = await store.check();
      if (options.json) io.stdout.write(`${JSON.stringify(report)}\n`);
      else {
        io.stdout.write(`${t(report.ok ? 'knowledge.checkOk' : 'knowledge.checkFailed', { store: report.store })}\n`);
        for (const line of report.details) io.stdout.write(`  ${line}\n`);
      }
      return report.ok ? EXIT.done : EXIT.error;
    }
    const kb = knowledgeBase(store, { ...(options.tenant ? { tenant: options.tenant } : {}), ...(options.namespace ? { namespace: options.namespace } : {}) });
    if (sub === 'add') {
      if (rest.length === 0) throw missingArgument('warden knowledge add', 'FILE…');
      for (const file of rest) {
        const absolute = path.resolve(io.cwd, file);
        const id = isUrl(file) ? file : path.relative(io.cwd, absolute) || file;
        const result = isUrl(file) ? await addUrl(kb, file, await governedFetch(options.allowHost)) : await kb.addFile(absolute, { id });
        if (options.json) io.stdout.write(`${JSON.stringify(result)}\n`);
        else io.stdout.write(`${result.embedded ? t('knowledge.added', { file: id, count: result.passages }) : t('knowledge.unchanged', { file: id })}\n`);
      }
      return EXIT.done;
    }
    if (sub === 'search') {
      const query = rest.join(' ').trim();
      if (!query) throw missingArgument('warden knowledge search', 'a query');
      const filter = parseFilter(options.filter);
      const hits = await kb.search(query, { k: options.k ?? 5, ...(filter ? { filter } : {}) });
      if (options.json) {
        for (const hit of hits) io.stdout.write(`${JSON.stringify(hit)}\n`);
        return EXIT.done;
      }
      if (hits.length === 0) io.stdout.write(`${t('knowledge.noHits')}\n`);
      hits.forEach((hit, i) => {
        io.stdout.write(`${i + 1}. ${[hit.source, ...hit.headings].join(' › ')}  (${hit.score.toFixed(3)})\n`);
        io.stdout.write(`${hit.text.split('\n').map((line) => `   ${line}`).join('\n')}\n`);
      });
      return EXIT.done;
    }
    throw unexpectedArgument(sub, 'warden knowledge');
  } finally {
    await store.close();
  }
}
