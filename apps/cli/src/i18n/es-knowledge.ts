/** es: the `warden knowledge` command and the knowledge error codes (@warden/knowledge). */
import type { CatalogEntry } from './catalog-types.js';
import type { enKnowledge } from './en-knowledge.js';

export const esKnowledge: Record<keyof typeof enKnowledge, CatalogEntry> = {
  "command.knowledge.summary": "Bases de conocimiento: lista los tipos de almacén, comprueba un almacén de punta a punta, añade archivos y busca por significado y por palabras exactas.",
  "command.knowledge.usage": "warden knowledge stores   o   warden knowledge check|add ARCHIVO…|URL…|search \"CONSULTA\" [--store URL] [--k N] [--filter JSON] [--namespace NS] [--tenant T] [--allow-host HOST]",
  "knowledge.added": {"one": "{file}: {count} pasaje añadido", "other": "{file}: {count} pasajes añadidos"},
  "knowledge.unchanged": "{file}: sin cambios (nada se ha vectorizado)",
  "knowledge.noHits": "No se encontraron pasajes.",
  "knowledge.checkOk": "✔ el almacén {store} funciona de punta a punta",
  "knowledge.checkFailed": "✖ el almacén {store} no pasó su comprobación",
  "option.store": "URL de un almacén de conocimiento: sqlite:RUTA (por defecto .warden/knowledge.sqlite), pglite:DIR, qdrant+http://HOST:PUERTO/COLECCIÓN (clave en QDRANT_API_KEY), chroma+http://HOST:PUERTO/COLECCIÓN (clave en CHROMA_API_KEY).",
  "option.namespace": "El espacio de nombres del conocimiento donde añadir o buscar (por defecto: default).",
  "option.tenant": "El inquilino al que se limita toda lectura y escritura de conocimiento (por defecto: default).",
  "option.k": "Cuántos pasajes devolver (por defecto 5).",
  "option.knowledge": "URL de un almacén de conocimiento (sqlite:RUTA, pglite:DIR, qdrant+http://…/COLECCIÓN, chroma+http://…/COLECCIÓN): el agente recibe una herramienta knowledge_search de solo lectura; lo que recupera es contenido no confiable.",
  "option.filter": "Un filtro de metadatos en JSON: {\"campo\": valor}, $in, $ne, $gt, $gte, $lt, $lte (claves unidas con Y).",
  "code.knowledge.invalid_options": "una base de conocimiento, un almacén o un vectorizador recibió opciones que no puede usar",
  "code.knowledge.invalid_filter": "el filtro usa un operador o valor fuera del lenguaje de filtros",
  "code.knowledge.dimension_mismatch": "los vectores del vectorizador no tienen las dimensiones para las que se creó el almacén",
  "code.knowledge.store_failed": "el almacén de conocimiento rechazó o falló una petición (tras los reintentos)",
  "code.knowledge.store_unavailable": "el controlador del almacén de conocimiento no está instalado o no se puede llegar al almacén",
  "code.knowledge.embedder_failed": "el vectorizador falló o devolvió vectores en número o tamaño erróneos",
};
