import { DATA_CLASS_SEVERITY, DATA_CLASSES } from '../classify/data-classes.js';
import { SPECIAL_CATEGORIES } from '../classify/special-categories.js';
import type { EffectiveGovernance } from '../declared/effective-governance.js';

/** The first line of every DPIA draft. */
export const DPIA_NOTICE =
  'DRAFT — not legal advice. Warden wrote this from the live configuration to start a Data Protection Impact Assessment (GDPR Art. 35); a person must complete, check and own it, and consult the DPO.';

export interface DpiaInput {
  /** The system assessed. */
  system: string;
  governance: EffectiveGovernance;
  /** Agents with the models and tools they use. */
  agents?: readonly { name: string; models: readonly string[]; tools: readonly string[] }[];
  date?: Date;
}

const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/**
 * A DPIA draft in Markdown from the live governance: the processing (agents, models, tools),
 * purposes with the data classes each allows, residency, packs, oversight rules, and the risks the
 * configuration shows with the measures in place; the parts only a person can write are marked
 * TO COMPLETE. It says it is not legal advice.
 */
export function dpiaDraft(input: DpiaInput): string {
  const g = input.governance;
  const out: string[] = [];
  const date = (input.date ?? new Date()).toISOString().slice(0, 10);
  out.push(`# DPIA draft — ${input.system}`, '', `> ${DPIA_NOTICE}`, '', `Drafted ${date} from policy version \`${g.version}\` (mode: ${g.mode}).`, '');

  out.push('## 1. The processing', '');
  if (!input.agents || input.agents.length === 0) out.push('No agents were given. TO COMPLETE: describe the system and what it does.', '');
  else {
    out.push('| Agent | Models | Tools |', '| --- | --- | --- |');
    for (const a of input.agents) out.push(`| ${cell(a.name)} | ${cell(a.models.join(', ') || '—')} | ${cell(a.tools.join(', ') || '—')} |`);
    out.push('');
  }

  out.push('## 2. Purposes and the personal data each allows', '');
  if (g.purposes.size === 0) out.push('No purposes are declared, so no data class may reach a model. TO COMPLETE: declare `policy.purposes`.', '');
  else {
    out.push('| Purpose | Data classes allowed to reach a model | Highest severity |', '| --- | --- | --- |');
    const rank = ['low', 'medium', 'high', 'critical'];
    for (const [purpose, classes] of [...g.purposes].sort(([a], [b]) => a.localeCompare(b))) {
      const list = DATA_CLASSES.filter((c) => classes.has(c));
      const worst = list.map((c) => DATA_CLASS_SEVERITY[c]).sort((a, b) => rank.indexOf(b) - rank.indexOf(a))[0] ?? '—';
      out.push(`| ${cell(purpose)} | ${list.join(', ') || 'none'} | ${worst} |`);
    }
    out.push('');
  }

  out.push('## 3. Where the data goes (residency)', '');
  out.push(`Home region: ${g.home ?? 'not declared'}.`);
  const residency = Object.entries(g.residency);
  if (residency.length === 0) out.push('No residency rules: a model call may go to any region. TO COMPLETE: state the transfers and their safeguards (GDPR Chapter V).');
  else for (const [jurisdiction, regions] of residency) out.push(`- Data subjects in ${jurisdiction}: model calls only to ${regions.join(', ')}.`);
  out.push('');

  out.push('## 4. Frameworks assessed against', '');
  if (g.packs.length === 0) out.push('No packs are in force.');
  for (const p of g.packs) out.push(`- ${p.title} — text of ${p.published}, reviewed ${p.reviewed} (${p.source})`);
  out.push('');

  out.push('## 5. Human oversight', '');
  const oversight = g.rules.filter((r) => r.effect === 'require_approval' || r.effect === 'ask');
  if (oversight.length === 0) out.push('No rule asks a person before an action.');
  for (const r of oversight) out.push(`- \`${r.id}\` (${r.from}): ${r.effect}${r.effect === 'require_approval' ? ` by ${r.approvers} distinct approver(s)` : ''}${r.reason ? ` — ${r.reason}` : ''}`);
  out.push('');

  out.push('## 6. Risks the configuration shows, and measures in place', '', '| Risk | Seen in the configuration | Measure |', '| --- | --- | --- |');
  const special = [...g.purposes].filter(([, classes]) => SPECIAL_CATEGORIES.some((c) => classes.has(c)));
  out.push(
    special.length > 0
      ? `| Special categories (Art. 9) reach a model | purposes ${special.map(([p]) => p).join(', ')} allow them | TO COMPLETE: the Art. 9(2) condition relied on |`
      : '| Special categories (Art. 9) reach a model | no purpose allows them | kept from models by purpose limitation |',
  );
  const dataRules = g.rules.filter((r) => r.on === 'data');
  out.push(`| Personal data disclosed to a model provider | ${dataRules.length} data rule(s) | ${dataRules.length > 0 ? dataRules.map((r) => `${r.id}: ${r.effect}`).join('; ') : 'TO COMPLETE: redact or pseudonymise what purposes do not need'} |`);
  out.push(`| Transfer outside permitted regions | ${residency.length > 0 ? 'residency rules declared' : 'no residency rules'} | ${residency.length > 0 ? 'calls checked per destination, refused or moved' : 'TO COMPLETE'} |`);
  out.push(`| Decisions without human intervention (Art. 22) | ${oversight.length} oversight rule(s) | ${oversight.length > 0 ? 'approval before the action' : 'TO COMPLETE'} |`);
  out.push(`| Decisions not enforced | mode ${g.mode} | ${g.mode === 'enforce' ? 'decisions are enforced' : 'monitor mode only records: TO COMPLETE the reason'} |`);
  out.push(`| Records that can be repudiated | ${g.signingKeyEnv ? `signed with the key in ${g.signingKeyEnv}` : 'no signing key named'} | ${g.signingKeyEnv ? 'Ed25519-signed audit trail' : 'TO COMPLETE: name signing_key_env'} |`);
  out.push('');

  out.push(
    '## 7. For a person to complete',
    '',
    '- TO COMPLETE: necessity and proportionality of the processing (Art. 35(7)(b)).',
    '- TO COMPLETE: the views of data subjects or their representatives (Art. 35(9)).',
    '- TO COMPLETE: the DPO\'s advice (Art. 35(2)) and whether prior consultation is needed (Art. 36).',
    '- TO COMPLETE: retention periods and the legal basis of each purpose.',
    '',
    `_${DPIA_NOTICE}_`,
  );
  return out.join('\n');
}
