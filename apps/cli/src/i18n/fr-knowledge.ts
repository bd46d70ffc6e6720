/** fr: the `warden knowledge` command and the knowledge error codes (@warden/knowledge). */
import type { CatalogEntry } from './catalog-types.js';
import type { enKnowledge } from './en-knowledge.js';

export const frKnowledge: Record<keyof typeof enKnowledge, CatalogEntry> = {
  "command.knowledge.summary": "Bases de connaissances : liste les types de magasin, vérifie un magasin de bout en bout, ajoute des fichiers, cherche par le sens et par les mots exacts.",
  "command.knowledge.usage": "warden knowledge stores   ou   warden knowledge check|add FICHIER…|URL…|search \"REQUÊTE\" [--store URL] [--k N] [--filter JSON] [--namespace NS] [--tenant T] [--allow-host HOST]",
  "knowledge.added": {"one": "{file} : {count} passage ajouté", "other": "{file} : {count} passages ajoutés"},
  "knowledge.unchanged": "{file} : inchangé (rien n'a été vectorisé)",
  "knowledge.noHits": "Aucun passage trouvé.",
  "knowledge.checkOk": "✔ le magasin {store} fonctionne de bout en bout",
  "knowledge.checkFailed": "✖ le magasin {store} a échoué à sa vérification",
  "option.store": "URL d'un magasin de connaissances : sqlite:CHEMIN (par défaut .warden/knowledge.sqlite), pglite:DOSSIER, qdrant+http://HÔTE:PORT/COLLECTION (clé dans QDRANT_API_KEY), chroma+http://HÔTE:PORT/COLLECTION (clé dans CHROMA_API_KEY).",
  "option.namespace": "L'espace de noms des connaissances où ajouter ou chercher (par défaut : default).",
  "option.tenant": "Le locataire auquel toute lecture et écriture de connaissances est tenue (par défaut : default).",
  "option.k": "Combien de passages rendre (par défaut 5).",
  "option.knowledge": "URL d'un magasin de connaissances (sqlite:CHEMIN, pglite:DOSSIER, qdrant+http://…/COLLECTION, chroma+http://…/COLLECTION) : l'agent reçoit un outil knowledge_search en lecture seule ; ce qu'il récupère est du contenu non fiable.",
  "option.filter": "Un filtre de métadonnées en JSON : {\"champ\": valeur}, $in, $ne, $gt, $gte, $lt, $lte (clés combinées par ET).",
  "code.knowledge.invalid_options": "une base de connaissances, un magasin ou un vectoriseur a reçu des options inutilisables",
  "code.knowledge.invalid_filter": "le filtre utilise un opérateur ou une valeur hors du langage de filtres",
  "code.knowledge.dimension_mismatch": "les vecteurs du vectoriseur n'ont pas les dimensions pour lesquelles le magasin a été créé",
  "code.knowledge.store_failed": "le magasin de connaissances a refusé ou échoué une requête (après les nouvelles tentatives)",
  "code.knowledge.store_unavailable": "le pilote du magasin de connaissances n'est pas installé, ou le magasin est injoignable",
  "code.knowledge.embedder_failed": "le vectoriseur a échoué ou a rendu des vecteurs en nombre ou de taille erronés",
};
