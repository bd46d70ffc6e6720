import { didYouMean } from '@warden/protocol/checks';
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { parseDataClasses } from '../classify/data-classes.js';
import { compileCondition } from '../expr/compile-condition.js';
import { policyError } from '../util/coded-errors.js';
import { BUILTIN_PACK_DATA, BUILTIN_PACKS } from './builtin-packs.js';
import { GovernanceFile, type GovernancePolicy } from './governance-schema.js';
import { locatedDocument, zodMessages } from './located-document.js';
import { GovernancePack } from './pack-schema.js';

/** A governance file with its packs, every name and condition checked. */
export interface DeclaredGovernance {
  readonly source: string;
  readonly file: GovernanceFile;
  readonly packs: readonly GovernancePack[];
}

const HINT = 'Fix each place named (file:line:col); the format is in the @warden/governance README and schema/governance.schema.json.';

function invalid(problems: readonly string[]): Error {
  return policyError({ code: 'policy.invalid', message: problems.length === 1 ? (problems[0] as string) : `${problems.length} problems:\n${problems.join('\n')}`, hint: HINT });
}

/**
 * Parses a governance file (YAML or JSON). Every problem is reported at once with its line and
 * column: syntax, unknown keys, wrong values, misspelled data classes and pack names, conditions
 * that do not parse, ids used twice. Pack files are read relative to the file (`baseDir`).
 */
export async function parseGovernance(text: string, options: { source?: string; baseDir?: string } = {}): Promise<DeclaredGovernance> {
  const name = options.source ?? 'governance.yaml';
  const doc = locatedDocument(text, name);
  if ('syntaxError' in doc) throw invalid([doc.syntaxError]);
  const parsed = GovernanceFile.safeParse(doc.value ?? {});
  if (!parsed.success) throw invalid(zodMessages(parsed.error, doc.at));
  const file = parsed.data;
  const problems = policyProblems(file.policy, ['policy'], doc.at);
  const packs: GovernancePack[] = [];
  for (const [index, entry] of (file.packs ?? []).entries()) {
    const where = doc.at(['packs', index]);
    try {
      packs.push(await resolvePack(entry, options.baseDir ?? process.cwd()));
    } catch (error) {
      problems.push(`${where}: packs[${index}]: ${(error as Error).message}`);
    }
  }
  if (problems.length > 0) throw invalid(problems);
  return { source: name, file, packs };
}

/** Reads and parses a governance file. */
export async function loadGovernanceFile(path: string): Promise<DeclaredGovernance> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw invalid([`cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? 'error'})`]);
  }
  return parseGovernance(text, { source: path, baseDir: dirname(path) });
}

/** A built-in pack by name, or a pack file by path (a name that is neither says what was meant). */
async function resolvePack(entry: string, baseDir: string): Promise<GovernancePack> {
  const data = BUILTIN_PACK_DATA[entry];
  if (data !== undefined) return checkedPack(data, entry);
  if (!/[/\\.]/.test(entry)) {
    const guess = didYouMean(entry, BUILTIN_PACKS);
    throw new Error(`unknown pack ${JSON.stringify(entry)}${guess ? ` (did you mean ${JSON.stringify(guess)}?)` : ''}; built-in packs are ${BUILTIN_PACKS.join(', ')}`);
  }
  const path = resolve(baseDir, entry);
  const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new Error(`cannot read the pack file ${path} (${error.code ?? 'error'})`);
  });
  const doc = locatedDocument(text, path);
  if ('syntaxError' in doc) throw new Error(doc.syntaxError);
  return checkedPack(doc.value, path, doc.at);
}

/** Validates pack data; a built-in pack that fails is a bug this reports as loudly as a user's. */
export function checkedPack(data: unknown, name: string, at: (path: ReadonlyArray<PropertyKey>, atKey?: boolean) => string = () => name): GovernancePack {
  const parsed = GovernancePack.safeParse(data);
  if (!parsed.success) throw new Error(zodMessages(parsed.error, at).join('; '));
  const problems = policyProblems(parsed.data.policy, ['policy'], at);
  if (problems.length > 0) throw new Error(problems.join('; '));
  return parsed.data;
}

/** What zod cannot see: data-class names, conditions, duplicate ids. */
function policyProblems(policy: GovernancePolicy | undefined, base: PropertyKey[], at: (path: ReadonlyArray<PropertyKey>) => string): string[] {
  const problems: string[] = [];
  const attempt = (path: PropertyKey[], check: () => void): void => {
    try {
      check();
    } catch (error) {
      problems.push(`${at(path)}: ${(error as Error).message}`);
    }
  };
  for (const [purpose, classes] of Object.entries(policy?.purposes ?? {})) {
    classes.forEach((cls, i) => attempt([...base, 'purposes', purpose, i], () => parseDataClasses([cls], `purposes.${purpose}[${i}]`)));
  }
  const seen = new Set<string>();
  (policy?.rules ?? []).forEach((rule, index) => {
    const path = [...base, 'rules', index];
    if (seen.has(rule.id)) problems.push(`${at([...path, 'id'])}: rules[${index}].id: the id ${JSON.stringify(rule.id)} is used twice`);
    seen.add(rule.id);
    if (rule.when !== undefined) attempt([...path, 'when'], () => compileCondition(rule.when as string));
    if (rule.on === 'data') {
      const match = typeof rule.match === 'string' ? [rule.match] : (rule.match ?? []);
      match.forEach((cls, i) => attempt([...path, 'match', ...(typeof rule.match === 'string' ? [] : [i])], () => parseDataClasses([cls], `rules[${index}].match`)));
    }
  });
  return problems;
}
