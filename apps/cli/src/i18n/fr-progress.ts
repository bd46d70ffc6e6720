import type { CatalogEntry } from './catalog-types.js';
import type { enProgress } from './en-progress.js';

/** La progression des longues exécutions et le rapport de la démo. */
export const frProgress: Record<keyof typeof enProgress, CatalogEntry> = {
  'progress.counted': '{label} : {done}/{total} terminés · {failed} en échec · {elapsed} écoulées · encore environ {left}',
  'progress.estimating': '{label} : {done}/{total} terminés · {failed} en échec · {elapsed} écoulées · estimation du temps restant',
  'progress.open': '{label} : {done} terminés · {failed} en échec · {elapsed} écoulées',
  'progress.containment': 'épisodes de confinement',
  'progress.fleet': 'tâches de la flotte',
  'progress.checks': 'exécutions de cas',
  'demo.runReport': 'Rapport de cette exécution (chronologie et vérification de l’audit) : {file}',
  'demo.runReportContainment': 'Rapport de cette exécution (chronologie, vérification de l’audit et tableau de confinement) : {file}',
};
