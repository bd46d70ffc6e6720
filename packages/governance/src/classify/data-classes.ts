import { didYouMean } from '@warden/protocol/checks';
import { policyError } from '../util/coded-errors.js';
import { SPECIAL_CATEGORIES, type SpecialCategory } from './special-categories.js';

export type Severity = 'low' | 'medium' | 'high' | 'critical';

/** The exact detectors: each recognises a value by its format and, where it has one, its check digits. */
export const EXACT_DATA_CLASSES = ['card', 'iban', 'email', 'phone', 'aadhaar', 'sg_nric', 'emirates_id', 'saudi_id', 'cn_resident_id', 'us_ssn', 'eu_vat'] as const;
export type ExactDataClass = (typeof EXACT_DATA_CLASSES)[number];
export type DataClass = ExactDataClass | SpecialCategory;

/** Every data class a policy may name. */
export const DATA_CLASSES: readonly DataClass[] = [...EXACT_DATA_CLASSES, ...SPECIAL_CATEGORIES];

/** How bad a leak of each class is: national IDs and cards identify or cost; a VAT number names a business. */
export const DATA_CLASS_SEVERITY: Readonly<Record<DataClass, Severity>> = {
  card: 'critical',
  iban: 'high',
  email: 'medium',
  phone: 'medium',
  aadhaar: 'critical',
  sg_nric: 'critical',
  emirates_id: 'critical',
  saudi_id: 'critical',
  cn_resident_id: 'critical',
  us_ssn: 'critical',
  eu_vat: 'low',
  health: 'high',
  religion: 'high',
  political: 'high',
  trade_union: 'high',
  sexual_orientation: 'high',
  ethnic_origin: 'high',
  genetic: 'high',
  biometric: 'high',
};

export function isDataClass(name: string): name is DataClass {
  return (DATA_CLASSES as readonly string[]).includes(name);
}

/** Checks data-class names from a policy: a misspelling is an error that says what was meant. `where` names the field. */
export function parseDataClasses(names: readonly string[], where: string): DataClass[] {
  return names.map((name) => {
    if (isDataClass(name)) return name;
    const guess = didYouMean(name, DATA_CLASSES);
    throw policyError({
      code: 'policy.invalid',
      message: `${where}: unknown data class ${JSON.stringify(name)}${guess ? ` (did you mean ${JSON.stringify(guess)}?)` : ''}`,
      hint: `Data classes are: ${DATA_CLASSES.join(', ')}.`,
    });
  });
}
