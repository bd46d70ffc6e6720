import { canonicalJson } from '@warden/protocol/policy';
import { DATA_CLASSES, type DataClass } from '../classify/data-classes.js';
import { sha256Hex } from '../util/digest.js';
import { compileGovernanceRule, type CompiledGovernanceRule } from './governance-rule.js';
import type { DeclaredGovernance } from './load-governance.js';

/** The policy in force: the file and its packs combined, and the version every decision names. */
export interface EffectiveGovernance {
  readonly mode: 'enforce' | 'monitor';
  readonly packs: DeclaredGovernance['packs'];
  readonly home?: string;
  readonly regions: Readonly<Record<string, string>>;
  readonly residency: Readonly<Record<string, readonly string[]>>;
  readonly signingKeyEnv?: string;
  /** Purpose → the classes it allows. A purpose not here allows none. */
  readonly purposes: ReadonlyMap<string, ReadonlySet<DataClass>>;
  readonly rules: readonly CompiledGovernanceRule[];
  /** `warn` (default): a drifted tool is reported; `deny`: refused. */
  readonly toolDrift: 'warn' | 'deny';
  /** Domains and purposes no agent may be built for. */
  readonly prohibited: readonly string[];
  /** Where parked approvals are announced (`approval_notify`). */
  readonly approvalNotify?: { readonly url: string; readonly secretEnv?: string; readonly retries?: number };
  /** `sha256:<hex>` of the canonical effective policy. */
  readonly version: string;
}

/**
 * Combines a governance file with its packs so that a pack can only tighten: its rules are added
 * (the strictest matching effect wins), its purposes narrow the purposes the file declares (a
 * pack never adds a purpose, which would allow data the file did not), and it sets no mode,
 * region or residency.
 */
export function effectiveGovernance(declared: DeclaredGovernance): EffectiveGovernance {
  const { file } = declared;
  const purposes = new Map<string, Set<DataClass>>();
  for (const [purpose, classes] of Object.entries(file.policy?.purposes ?? {})) purposes.set(purpose, new Set(classes as DataClass[]));
  for (const pack of declared.packs) {
    for (const [purpose, classes] of Object.entries(pack.policy?.purposes ?? {})) {
      const current = purposes.get(purpose);
      if (current) purposes.set(purpose, new Set([...current].filter((c) => classes.includes(c))));
    }
  }
  const rules = [
    ...(file.policy?.rules ?? []).map((r) => compileGovernanceRule(r, declared.source)),
    ...declared.packs.flatMap((pack) => (pack.policy?.rules ?? []).map((r) => compileGovernanceRule(r, `pack:${pack.id}`))),
  ];
  const canonical = {
    mode: file.mode ?? 'enforce',
    packs: declared.packs.map((p) => ({ id: p.id, published: p.published, reviewed: p.reviewed })),
    home: file.home ?? null,
    regions: file.regions ?? {},
    residency: file.residency ?? {},
    signingKeyEnv: file.signing_key_env ?? null,
    purposes: Object.fromEntries([...purposes].sort(([a], [b]) => a.localeCompare(b)).map(([p, set]) => [p, DATA_CLASSES.filter((c) => set.has(c))])),
    rules: rules.map((r) => ({ from: r.from, rule: r.input })),
    // Only when declared, so the version of a file that says none of them is what it was.
    ...(file.toolDrift !== undefined ? { toolDrift: file.toolDrift } : {}),
    ...(file.prohibited !== undefined ? { prohibited: [...new Set(file.prohibited)].sort() } : {}),
    ...(file.approval_notify !== undefined ? { approvalNotify: new URL(file.approval_notify.url).origin } : {}),
  };
  return {
    mode: canonical.mode,
    packs: declared.packs,
    ...(file.home !== undefined ? { home: file.home } : {}),
    regions: canonical.regions,
    residency: canonical.residency,
    ...(file.signing_key_env !== undefined ? { signingKeyEnv: file.signing_key_env } : {}),
    purposes,
    rules,
    toolDrift: file.toolDrift ?? 'warn',
    prohibited: [...new Set(file.prohibited ?? [])].sort(),
    ...(file.approval_notify !== undefined
      ? {
          approvalNotify: {
            url: file.approval_notify.url,
            ...(file.approval_notify.secret_env !== undefined ? { secretEnv: file.approval_notify.secret_env } : {}),
            ...(file.approval_notify.retries !== undefined ? { retries: file.approval_notify.retries } : {}),
          },
        }
      : {}),
    version: `sha256:${sha256Hex(canonicalJson(canonical))}`,
  };
}
