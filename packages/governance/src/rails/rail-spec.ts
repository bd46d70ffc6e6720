import { type ProviderV1 } from '@warden/protocol';
import { didYouMean } from '@warden/protocol/checks';
import { z } from 'zod';
import { DATA_CLASSES, type DataClass } from '../classify/data-classes.js';
import { configError } from '../util/coded-errors.js';
import { noInjection, noPii, noSecrets, notToxic } from './detectors.js';
import { grounded } from './grounded.js';
import { JUDGE_POLICY_NAMES } from './judge-policies.js';
import { llmJudge, type LlmJudge } from './llm-judge.js';
import { DETECTOR_NAMES, type Detector, type DetectorName } from './rail-finding.js';
import { noRepetition, requireCitation } from './repetition-citation.js';

const unknownRail = (name: string): string => {
  const near = didYouMean(name, DETECTOR_NAMES);
  return `unknown guardrail "${name}"${near ? ` (did you mean "${near}"?)` : ''}; the detectors are ${DETECTOR_NAMES.join(', ')}, and {"judge": …} adds an LLM judge`;
};

const RailName = z.string().check((ctx) => {
  if (!(DETECTOR_NAMES as readonly string[]).includes(ctx.value)) ctx.issues.push({ code: 'custom', input: ctx.value, message: unknownRail(ctx.value) });
});

/** A ready policy by name, or a sentence of your own (two words or more, so a misspelt name is an error, not a policy). */
const JudgePolicy = z.string().check((ctx) => {
  const value = ctx.value.trim();
  if ((JUDGE_POLICY_NAMES as readonly string[]).includes(value) || /\s/.test(value)) return;
  const near = didYouMean(value, JUDGE_POLICY_NAMES);
  ctx.issues.push({ code: 'custom', input: ctx.value, message: `unknown judge policy "${value}"${near ? ` (did you mean "${near}"?)` : ''}; the ready ones are ${JUDGE_POLICY_NAMES.join(', ')}, or write a sentence` });
});

const DataClassName = z.string().check((ctx) => {
  if ((DATA_CLASSES as readonly string[]).includes(ctx.value)) return;
  const near = didYouMean(ctx.value, DATA_CLASSES);
  ctx.issues.push({ code: 'custom', input: ctx.value, message: `unknown data class "${ctx.value}"${near ? ` (did you mean "${near}"?)` : ''}` });
});

const share = z.number().min(0).max(1);

const DetectorWithOptions = z.strictObject({
  rail: RailName,
  /** `grounded`: share of statements that must be supported. */
  threshold: share.optional(),
  /** `grounded`: share of a statement's words the sources must hold. */
  minOverlap: share.optional(),
  /** `noPii`: the data classes to look for. */
  classes: z.array(DataClassName).min(1).optional(),
  /** `notToxic`: extra words. */
  words: z.array(z.string().min(1)).optional(),
});

const JudgeRail = z.strictObject({
  judge: JudgePolicy,
  onError: z.enum(['block', 'allow', 'raise']).optional(),
  blockAt: z.enum(['low', 'medium', 'high', 'critical']).optional(),
  timeoutMs: z.number().int().positive().optional(),
});

/** The one branch a value was meant as, so its problem is named (not "invalid input"). */
function branchOf(input: unknown): z.ZodType {
  if (typeof input === 'string') return RailName;
  if (input !== null && typeof input === 'object' && 'judge' in input) return JudgeRail;
  return DetectorWithOptions;
}

/** What is wrong with one rail, in words that name the key; undefined when it is fine. */
export function railProblem(input: unknown): string | undefined {
  const parsed = branchOf(input).safeParse(input);
  if (parsed.success) return undefined;
  const issue = parsed.error.issues[0]!;
  if (issue.code === 'unrecognized_keys') {
    const keys = Object.keys((branchOf(input) as z.ZodObject).shape);
    const near = didYouMean(issue.keys[0] ?? '', keys);
    return `unknown key "${issue.keys[0]}"${near ? ` (did you mean "${near}"?)` : ''} in a rail`;
  }
  const at = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  return `${at}${issue.message}`;
}

/** One rail as a config file or blueprint writes it: a detector's name, a detector with options, or a judge. */
export const RailSpec = z.union([RailName, DetectorWithOptions, JudgeRail], { error: (iss) => railProblem(iss.input) ?? 'invalid rail' });
export type RailSpec = z.input<typeof RailSpec>;

/** Input rails (the task and what is attached to it) and output rails (the answer). */
export const ContentRailsSpec = z.strictObject({
  input: z.array(RailSpec).optional(),
  output: z.array(RailSpec).optional(),
});

/** A set of rails ready to run: the detectors, then the judges. */
export interface BuiltRails {
  detectors: Detector[];
  judges: LlmJudge[];
}

function detectorOf(name: DetectorName, o: { threshold?: number; minOverlap?: number; classes?: string[]; words?: string[] }): Detector {
  switch (name) {
    case 'noPii':
      return noPii(o.classes ? { classes: o.classes as DataClass[] } : {});
    case 'noSecrets':
      return noSecrets();
    case 'noInjection':
      return noInjection();
    case 'grounded':
      return grounded({ ...(o.threshold !== undefined ? { threshold: o.threshold } : {}), ...(o.minOverlap !== undefined ? { minOverlap: o.minOverlap } : {}) });
    case 'notToxic':
      return notToxic(o.words ? { words: o.words } : {});
    case 'noRepetition':
      return noRepetition();
    case 'requireCitation':
      return requireCitation();
  }
}

/**
 * Validates rail specs (every problem at load, naming the rail and "did you mean") and builds them.
 * `provider` answers the judges; a judge without one is a load error.
 */
export function buildRails(specs: readonly unknown[], options: { provider?: ProviderV1; where?: string } = {}): BuiltRails {
  const where = options.where ?? 'guardrails';
  const built: BuiltRails = { detectors: [], judges: [] };
  specs.forEach((spec, i) => {
    const parsed = RailSpec.safeParse(spec);
    if (!parsed.success) {
      throw configError({ code: 'config.invalid', message: `${where}[${i}]: ${railProblem(spec) ?? 'invalid rail'}`, hint: `A rail is a detector name (${DETECTOR_NAMES.join(', ')}), {"rail": name, …options}, or {"judge": policy or sentence, "onError": "block" | "allow" | "raise"}.` });
    }
    const rail = parsed.data;
    if (typeof rail === 'string') built.detectors.push(detectorOf(rail as DetectorName, {}));
    else if ('rail' in rail) built.detectors.push(detectorOf(rail.rail as DetectorName, rail));
    else {
      if (!options.provider) throw configError({ code: 'config.invalid', message: `${where}[${i}]: the judge "${rail.judge}" has no model to ask`, hint: 'Give the rails a provider (the harness passes its own).' });
      built.judges.push(llmJudge(options.provider, rail.judge.trim(), { ...(rail.onError ? { onError: rail.onError } : {}), ...(rail.blockAt ? { blockAt: rail.blockAt } : {}), ...(rail.timeoutMs ? { timeoutMs: rail.timeoutMs } : {}) }));
    }
  });
  return built;
}
