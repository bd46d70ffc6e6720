/** fr: `warden governance dsar erase|export` (data-subject erasure and export). */
import type { CatalogEntry } from './catalog-types.js';
import type { enDsar } from './en-dsar.js';

export const frDsar: Record<keyof typeof enDsar, CatalogEntry> = {
  'option.keys': 'Dossier des clés par personne concernée (par défaut : WORKDIR/.warden/subject-keys) ; à garder hors de la piste et de ses sauvegardes.',
  'option.signingKey': 'Clé privée Ed25519 (fichier PEM) qui signe le reçu d’effacement et son entrée dans la piste (la clé de signature de la piste : sa clé publique vérifie les deux).',
  'option.governance.knowledge': 'dsar : URL d’un stockage de connaissances dont les entrées de métadonnée subject = PERSONNE sont supprimées (sqlite:CHEMIN, pglite:DOSSIER, qdrant+http://…).',
  'option.governance.tenant': 'dsar : le locataire de la personne (ses sessions dans celui-ci et le locataire des connaissances ; par défaut : default).',
  'option.governance.namespace': 'dsar : l’espace de noms des connaissances à effacer (par défaut : default).',
  'governance.dsar.erased': 'effacé : {sessions} sessions, {knowledge} entrées de connaissances, {deliverables} livrables ; clé {key}, donc {tokens} jetons de la piste sont illisibles et la chaîne se vérifie toujours',
  'governance.dsar.exported': 'exporté : {sessions} sessions, {entries} entrées d’audit (clé {key})',
};
