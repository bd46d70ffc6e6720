/** es: `warden governance dsar erase|export` (data-subject erasure and export). */
import type { CatalogEntry } from './catalog-types.js';
import type { enDsar } from './en-dsar.js';

export const esDsar: Record<keyof typeof enDsar, CatalogEntry> = {
  'option.keys': 'Directorio de claves por interesado (por defecto: WORKDIR/.warden/subject-keys); guárdelo fuera del registro y de sus copias.',
  'option.signingKey': 'Clave privada Ed25519 (archivo PEM) que firma el recibo de supresión y su entrada en el registro (la clave de firma del registro: su clave pública verifica ambos).',
  'option.governance.knowledge': 'dsar: URL de un almacén de conocimiento cuyas entradas con metadato subject = INTERESADO se eliminan (sqlite:RUTA, pglite:DIR, qdrant+http://…).',
  'option.governance.tenant': 'dsar: el inquilino del interesado (sus sesiones en él y el inquilino del conocimiento; por defecto: default).',
  'option.governance.namespace': 'dsar: el espacio de nombres del conocimiento que se borra (por defecto: default).',
  'governance.dsar.erased': 'suprimido: {sessions} sesiones, {knowledge} entradas de conocimiento, {deliverables} entregables; clave {key}, así que {tokens} tokens del registro son ilegibles y la cadena sigue verificándose',
  'governance.dsar.exported': 'exportado: {sessions} sesiones, {entries} entradas de auditoría (clave {key})',
};
