import { V3_EXEC_CLASSES } from './v3-exec-cases.js';
import { V3_REACH_CLASSES } from './v3-reach-cases.js';

/**
 * The classes of issue #45 (shell analysis), each with the hardest variants we could write: commands
 * refused in every mode (`deny`), commands only a person may approve (`person`), commands that cannot
 * be decided statically (`undecidable`), and ordinary look-alikes that must stay allowed (`allow`).
 */
export interface ClassCorpus {
  deny: Array<[string, string]>;
  person: Array<[string, string]>;
  undecidable: string[];
  allow: string[];
}

export const V3_CLASSES: Record<string, ClassCorpus> = { ...V3_EXEC_CLASSES, ...V3_REACH_CLASSES };
