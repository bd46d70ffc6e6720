import type { CatalogEntry } from './catalog-types.js';
import type { enProgress } from './en-progress.js';

/** El progreso de las ejecuciones largas y el informe de la demo. */
export const esProgress: Record<keyof typeof enProgress, CatalogEntry> = {
  'progress.counted': '{label}: {done}/{total} hechos · {failed} fallidos · {elapsed} transcurridos · quedan unos {left}',
  'progress.estimating': '{label}: {done}/{total} hechos · {failed} fallidos · {elapsed} transcurridos · calculando el tiempo restante',
  'progress.open': '{label}: {done} hechos · {failed} fallidos · {elapsed} transcurridos',
  'progress.containment': 'episodios de contención',
  'progress.fleet': 'trabajos de la flota',
  'progress.checks': 'ejecuciones de casos',
  'demo.runReport': 'Informe de esta ejecución (cronología y verificación de la auditoría): {file}',
  'demo.runReportContainment': 'Informe de esta ejecución (cronología, verificación de la auditoría y tabla de contención): {file}',
};
