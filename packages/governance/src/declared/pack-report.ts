import { SPECIAL_CATEGORIES } from '../classify/special-categories.js';
import { decideData } from './decide.js';
import type { EffectiveGovernance } from './effective-governance.js';
import type { EvidenceCheck, GovernancePack } from './pack-schema.js';
import type { TrailFacts } from './trail-facts.js';

export type ControlStatus = 'met' | 'gap' | 'manual';
export type RequirementStatus = 'met' | 'partial' | 'gap' | 'manual';

export interface ControlResult {
  id: string;
  text: string;
  evidence: EvidenceCheck;
  status: ControlStatus;
  /** What was found (or not), in words. */
  found: string;
  /** The pack's next action, when the control is not met. */
  next?: string;
}

export interface RequirementResult {
  id: string;
  title: string;
  cite: string;
  status: RequirementStatus;
  controls: ControlResult[];
}

export interface PackReport {
  pack: { id: string; title: string; published: string; source: string; reviewed: string };
  policyVersion: string;
  mode: 'enforce' | 'monitor';
  generatedAt: string;
  /** Always says this is not legal advice. */
  notice: string;
  trail?: { file?: string; ok: boolean; entries: number; signaturesChecked: boolean };
  requirements: RequirementResult[];
  summary: Record<RequirementStatus, number>;
}

export const REPORT_NOTICE = 'Not legal advice. This report shows what Warden can evidence from its configuration and audit trail; it does not establish compliance.';

type Check = { met: boolean; found: string };

function configCheck(check: EvidenceCheck, g: EffectiveGovernance, env: Readonly<Record<string, string | undefined>> | undefined): Check | undefined {
  const toolRules = g.rules.filter((r) => r.on === 'tool');
  switch (check) {
    case 'purposes_declared':
      return g.purposes.size > 0 ? { met: true, found: [...g.purposes].map(([p, c]) => `${p}(${[...c].join(', ') || 'none'})`).join('; ') } : { met: false, found: 'no purposes declared' };
    case 'special_categories_protected': {
      const open = [...g.purposes.keys()].flatMap((p) => SPECIAL_CATEGORIES.filter((c) => decideData(g, p, c).effect === 'allow').map((c) => `${p}:${c}`));
      return open.length === 0 ? { met: true, found: 'no purpose lets a special category reach a model untreated' } : { met: false, found: `allowed untreated: ${open.join(', ')}` };
    }
    case 'approval_rules': {
      const asking = toolRules.filter((r) => r.effect === 'ask' || r.effect === 'require_approval');
      return asking.length > 0 ? { met: true, found: `rules: ${asking.map((r) => r.id).join(', ')}` } : { met: false, found: 'no rule asks a person' };
    }
    case 'quorum_approvals': {
      const quorum = toolRules.filter((r) => r.effect === 'require_approval' && r.approvers >= 2);
      return quorum.length > 0 ? { met: true, found: quorum.map((r) => `${r.id} (${r.approvers} approvers)`).join(', ') } : { met: false, found: 'no rule needs two or more approvers' };
    }
    case 'residency_declared': {
      const entries = Object.entries(g.residency);
      return entries.length > 0 ? { met: true, found: entries.map(([j, r]) => `${j} → ${r.join(', ')}`).join('; ') } : { met: false, found: 'no residency declared' };
    }
    case 'decision_signing':
      if (g.signingKeyEnv === undefined) return { met: false, found: 'signing_key_env is not set' };
      if (env !== undefined && !env[g.signingKeyEnv]) return { met: false, found: `${g.signingKeyEnv} is named but not set in this environment` };
      return { met: true, found: `Ed25519 key from ${g.signingKeyEnv}` };
    case 'enforce_mode':
      return g.mode === 'enforce' ? { met: true, found: 'mode: enforce' } : { met: false, found: 'mode: monitor (decisions recorded, not enforced)' };
    default:
      return undefined;
  }
}

function trailCheck(check: EvidenceCheck, g: EffectiveGovernance, t: TrailFacts | undefined): Check {
  if (!t) return { met: false, found: 'no audit trail given' };
  const count = (n: number | undefined, what: string): Check => ((n ?? 0) > 0 ? { met: true, found: `${n} ${what}` } : { met: false, found: `no ${what} in the trail` });
  switch (check) {
    case 'trail_verifies':
      return t.verification.ok && t.entries > 0
        ? { met: true, found: `${t.entries} entries verified${t.verification.signaturesChecked ? ', signatures checked' : ' (chain only: no key given)'}` }
        : { met: false, found: t.entries === 0 ? 'the trail is empty' : `broken at line ${t.verification.firstBad?.line}: ${t.verification.firstBad?.problem}` };
    case 'decisions_recorded':
      return count((t.kinds.decision ?? 0) + (t.governanceSubjects.tool ?? 0), 'tool decisions');
    case 'policy_version_recorded': {
      const current = t.policyVersions[g.version] ?? 0;
      const other = Object.values(t.policyVersions).reduce((a, b) => a + b, 0) - current;
      return current > 0 ? { met: true, found: `${current} decisions under the current policy version${other > 0 ? `, ${other} under earlier ones` : ''}` } : { met: false, found: other > 0 ? `${other} decisions, none under the current policy version` : 'no governance decisions in the trail' };
    }
    case 'decisions_signed':
      return t.ed25519Signed === t.entries && t.entries > 0 ? { met: true, found: `all ${t.entries} entries carry Ed25519 signatures` } : { met: false, found: `${t.ed25519Signed} of ${t.entries} entries carry Ed25519 signatures` };
    case 'data_treatment_recorded':
      return count(t.governanceSubjects.data, 'data treatment records');
    case 'approvals_recorded':
      return count(t.approvals, 'approval records');
    case 'untrusted_content_recorded':
      return count(t.kinds.taint, 'taint records');
    default:
      return { met: false, found: 'not checkable' };
  }
}

/**
 * A pack's requirements against the live governance and a real audit trail: each control met,
 * a gap (with the pack's next action) or manual; a requirement is met when all its checkable
 * controls are and none is manual, partial when some are, a gap when none is, manual when only
 * a person can attest it.
 */
export function packReport(pack: GovernancePack, governance: EffectiveGovernance, trail: TrailFacts | undefined, options: { env?: Readonly<Record<string, string | undefined>>; now?: Date } = {}): PackReport {
  const requirements = pack.requirements.map((req): RequirementResult => {
    const controls = req.controls.map((control): ControlResult => {
      if (control.evidence === 'manual') return { id: control.id, text: control.text, evidence: control.evidence, status: 'manual', found: 'a person must attest this', next: control.action };
      const result = configCheck(control.evidence, governance, options.env) ?? trailCheck(control.evidence, governance, trail);
      return { id: control.id, text: control.text, evidence: control.evidence, status: result.met ? 'met' : 'gap', found: result.found, ...(result.met ? {} : { next: control.action }) };
    });
    const checkable = controls.filter((c) => c.status !== 'manual');
    const met = checkable.filter((c) => c.status === 'met').length;
    const status: RequirementStatus = checkable.length === 0 ? 'manual' : met === 0 ? 'gap' : met === checkable.length && checkable.length === controls.length ? 'met' : 'partial';
    return { id: req.id, title: req.title, cite: req.cite, status, controls };
  });
  const summary: Record<RequirementStatus, number> = { met: 0, partial: 0, gap: 0, manual: 0 };
  for (const r of requirements) summary[r.status] += 1;
  return {
    pack: { id: pack.id, title: pack.title, published: pack.published, source: pack.source, reviewed: pack.reviewed },
    policyVersion: governance.version,
    mode: governance.mode,
    generatedAt: (options.now ?? new Date()).toISOString(),
    notice: REPORT_NOTICE,
    ...(trail ? { trail: { ...(trail.file !== undefined ? { file: trail.file } : {}), ok: trail.verification.ok, entries: trail.entries, signaturesChecked: trail.verification.signaturesChecked } } : {}),
    requirements,
    summary,
  };
}

/** The report as Markdown. */
export function formatPackReport(report: PackReport): string {
  const lines = [
    `# ${report.pack.title} — Warden governance report`,
    '',
    `> ${report.notice}`,
    '',
    `- Pack: ${report.pack.id} (text of ${report.pack.published}, ${report.pack.source}; pack reviewed ${report.pack.reviewed})`,
    `- Policy version: ${report.policyVersion} (mode: ${report.mode})`,
    `- Audit trail: ${report.trail ? `${report.trail.file ?? '(lines)'} — ${report.trail.entries} entries, ${report.trail.ok ? 'verifies' : 'DOES NOT VERIFY'}${report.trail.signaturesChecked ? ' (signatures checked)' : ''}` : 'none given'}`,
    `- Summary: ${report.summary.met} met, ${report.summary.partial} partial, ${report.summary.gap} gap, ${report.summary.manual} manual`,
    '',
  ];
  for (const req of report.requirements) {
    lines.push(`## ${req.cite} ${req.title} — ${req.status}`, '');
    for (const c of req.controls) lines.push(`- [${c.status}] ${c.text}: ${c.found}${c.next ? ` → next: ${c.next}` : ''}`);
    lines.push('');
  }
  return lines.join('\n');
}
