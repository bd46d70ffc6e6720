/**
 * The effect classes every write, edit, shell effect, MCP call and network use falls into (issue 34).
 * Authorization after untrusted content is keyed to them, not to the task's wording: `ordinary`
 * workspace content follows the mode anywhere in the workspace; every other class needs a person
 * unless the task authorizes that specific effect in so many words. Governance owns the table that
 * sorts paths, contents and calls into these classes; the vocabulary lives here, with no zod, so the
 * jail, the shell policy and the sandbox can read it. Ids are public API (front ends translate them).
 */
export const EFFECT_CLASSES = Object.freeze({
  ordinary: 'Ordinary workspace content: source, docs, tests, data.',
  'runs-later': 'Code or configuration that runs later by itself: package scripts and lifecycle fields, package-manager and registry configs, lockfile sources, editor tasks, git hooks, CI definitions, direnv and shell rc files, scheduled jobs.',
  'instructs-agents': 'Instructions to agents: instruction and memory files and skills at any depth (and whatever a symlink to them resolves to).',
  credentials: 'Credentials and protected paths.',
  outside: 'Outside the workspace.',
  egress: 'Network use, keyed by scheme, host and port; sending and publishing.',
  destructive: 'Deletes, history rewrites, kills, database-wiping calls.',
} as const);

export type EffectClass = keyof typeof EFFECT_CLASSES;

/** The classes in order of severity, mildest first: `strictestEffectClass` picks the later one. */
export const EFFECT_CLASS_ORDER: readonly EffectClass[] = ['ordinary', 'egress', 'runs-later', 'instructs-agents', 'destructive', 'credentials', 'outside'];

/** True for one of the class ids. */
export function isEffectClass(value: unknown): value is EffectClass {
  return typeof value === 'string' && Object.hasOwn(EFFECT_CLASSES, value);
}

/** The more severe of two classes (the one a person must hear about). */
export function strictestEffectClass(a: EffectClass, b: EffectClass): EffectClass {
  return EFFECT_CLASS_ORDER.indexOf(a) >= EFFECT_CLASS_ORDER.indexOf(b) ? a : b;
}

/**
 * What approved a change in a run's change set: the mode (`--yes`, yolo), a person, the task's own
 * words (it named that effect), or a rule (a policy rule, an approved plan, the analyzer's proof).
 */
export const CHANGE_APPROVALS = Object.freeze({
  mode: 'The mode let it through (yolo, or --yes answering an ordinary ask).',
  person: 'A person approved it.',
  task: 'The task authorized that specific effect in so many words.',
  rule: 'A policy rule, an approved plan or the analyzer\'s proof allowed it.',
} as const);

export type ChangeApproval = keyof typeof CHANGE_APPROVALS;
