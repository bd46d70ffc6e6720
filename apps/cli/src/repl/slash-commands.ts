import { GATE_MODES, isGateMode } from '@warden/protocol/vocabulary';
import { isLanguage } from '../i18n/catalog-types.js';
import type { MessageKey } from '../i18n/catalog-types.js';
import { loadTranslator } from '../i18n/load-catalog.js';
import { formatCost } from '../render/summarize.js';
import { describeRule } from './session-rules.js';
import type { ReplDeps, ReplState } from './repl-state.js';
import { listRecentSessions, resumeSession } from './resume-session.js';


/** Every slash command with its arguments and the catalog key of its one-line description. */
export const SLASH_COMMANDS: ReadonlyArray<{ name: string; args?: string; about: MessageKey }> = [
  { name: 'help', about: 'repl.cmd.help' },
  { name: 'mode', args: '[safe|yolo|read-only]', about: 'repl.cmd.mode' },
  { name: 'permissions', args: '[clear]', about: 'repl.cmd.permissions' },
  { name: 'session', about: 'repl.cmd.session' },
  { name: 'sessions', about: 'repl.cmd.sessions' },
  { name: 'resume', args: '[ID]', about: 'repl.cmd.resume' },
  { name: 'tokens', about: 'repl.cmd.tokens' },
  { name: 'lang', args: '[en|es|hi|fr]', about: 'repl.cmd.lang' },
  { name: 'compact', about: 'repl.cmd.compact' },
  { name: 'exit', about: 'repl.cmd.exit' },
];

function help(state: ReplState, deps: ReplDeps): void {
  const t = state.t;
  deps.write(t('repl.help'));
  const heads = SLASH_COMMANDS.map((c) => `/${c.name}${c.args ? ` ${c.args}` : ''}`);
  const width = Math.max(...heads.map((h) => h.length));
  SLASH_COMMANDS.forEach((c, i) => deps.write(`  ${deps.style.cyan(heads[i]!.padEnd(width))}  ${t(c.about)}`));
}

function permissions(state: ReplState, deps: ReplDeps, arg: string | undefined): void {
  const t = state.t;
  if (arg === 'clear') {
    state.rules.clear();
    deps.write(t('repl.permissionsCleared'));
    return;
  }
  const rules = state.rules.list();
  if (rules.length === 0) {
    deps.write(t('repl.permissionsNone'));
    return;
  }
  deps.write(t('repl.permissionsHead'));
  for (const rule of rules) deps.write(`  ${describeRule(rule)}`);
  deps.write(deps.style.dim(t('repl.permissionsHint')));
}

/** Runs one slash command; false means leave the session. */
export async function slash(state: ReplState, deps: ReplDeps, line: string): Promise<boolean> {
  const [command, arg] = line.slice(1).trim().split(/\s+/, 2);
  const t = state.t;
  switch (command) {
    case 'help':
    case '?':
      help(state, deps);
      break;
    case 'mode':
      if (arg && isGateMode(arg)) state.harness = await state.harness.with({ mode: arg });
      else if (arg) deps.write(t('error.invalidValue', { flag: '/mode', reason: GATE_MODES.join(', ') }));
      deps.write(t('repl.mode', { mode: state.harness.mode }));
      break;
    case 'permissions':
      permissions(state, deps, arg);
      break;
    case 'session':
      deps.write(state.sessionId ? t('repl.session', { id: state.sessionId }) : t('repl.noSession'));
      break;
    case 'sessions':
      await listRecentSessions(state, deps);
      break;
    case 'resume':
      await resumeSession(state, deps, arg);
      break;
    case 'tokens':
      deps.write(t('repl.tokens', { input: state.totals.input, output: state.totals.output, cost: formatCost(state.totals.cost) }));
      break;
    case 'lang':
      if (arg && isLanguage(arg)) state.t = await loadTranslator(arg);
      else if (arg) deps.write(t('error.unsupportedLanguage', { lang: arg, languages: 'en, es, hi, fr' }));
      deps.write(state.t('repl.lang', { lang: state.t.lang }));
      break;
    case 'compact':
      state.harness = await state.harness.with({ compactNow: true });
      deps.write(t('repl.compacted'));
      break;
    case 'exit':
    case 'quit':
      return false;
    default:
      deps.write(t('repl.unknown', { command: `/${command ?? ''}` }));
  }
  return true;
}
