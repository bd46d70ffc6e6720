/**
 * Whether a task asks for a change, in any of the CLI's four languages (en, es, fr, hi). It is not
 * used to allow ordinary edits (after untrusted content they follow the mode whatever the wording);
 * it says when the task authorizes nothing at all: a request to explain, describe, list or answer
 * ("explain…", "explica…", "explique…", "समझाओ…") authorizes no change, so after untrusted content
 * every change of such a run needs a person.
 */

/** Words that open (en, es, fr) or carry (hi, verb-final) a request to read or answer. */
const ASKS_TO_READ = new RegExp(
  [
    // English: the first word.
    '^(?:please\\s+)?(?:explain|describe|list|show|tell|what|which|why|how|where|who|when|whose|does|do|is|are|can|could|would|should|review|read|find|search|look|check|count|compare|print|display|outline|walk|summari[sz]e|summary)\\b',
    // Spanish.
    '^(?:por\\s+favor\\s+)?(?:explica|explícame|expl[ií]came|explique|describe|descr[ií]beme|lista|enumera|muestra|mu[eé]strame|dime|d[ií]game|qu[eé]|cu[aá]l|cu[aá]les|por\\s+qu[eé]|c[oó]mo|d[oó]nde|qui[eé]n|cu[aá]ndo|revisa|lee|busca|compara|resume)(?=$|[\\s,.:;!?¿¡])',
    '^¿',
    // French.
    '^(?:s\'il\\s+te\\s+pla[iî]t\\s+)?(?:explique|expliquez|explique-moi|expliquez-moi|d[ée]cris|d[ée]crivez|liste|listez|montre|montrez|montre-moi|dis-moi|dites-moi|quel|quelle|quels|quelles|pourquoi|comment|o[uù]|qui|quand|est-ce|relis|lis|lisez|cherche|compare|r[ée]sume)(?=$|[\\s,.:;!?])',
    // Hindi (verbs come last; a question word anywhere).
    '(?:समझाओ|समझाइए|समझाइये|समझाएं|समझाएँ|बताओ|बताइए|बताइये|बताएं|बताएँ|दिखाओ|दिखाइए|सूची\\s+बनाओ|वर्णन\\s+करो|वर्णन\\s+कीजिए|पढ़ो|क्या|क्यों|कैसे|कहाँ|कौन|कौनसा|कौन\\s+सा)',
  ].join('|'),
  'iu',
);

/** A change asked for in so many words, in any of the four languages: it wins over a read word ("explain and fix…"). */
const ASKS_TO_CHANGE = new RegExp(
  [
    '\\b(?:fix|edit|update|change|modify|add|create|write|make|rename|replace|refactor|implement|remove|delete|move|append|insert|correct|patch|format|reformat|bump|set|generate|convert|rewrite|save|apply|summari[sz]e\\s+\\S+\\s+(?:into|to|in)|translate|install|upgrade|migrate)\\b',
    '(?:^|\\s)(?:arregla|corrige|repara|edita|actualiza|cambia|modifica|añade|agrega|crea|escribe|elimina|borra|renombra|reemplaza|guarda|genera|traduce|instala|mueve|pon|formatea|arreglar|corregir|reparar|editar|actualizar|cambiar|modificar|añadir|agregar|crear|escribir|eliminar|borrar|renombrar|reemplazar|guardar|generar|traducir|formatear|arreglalo|arréglalo|corrígelo)(?=$|[\\s,.:;!?])',
    '(?:^|\\s)(?:corrige|corrigez|r[ée]pare|r[ée]parez|modifie|modifiez|mets\\s+[àa]\\s+jour|mettez\\s+[àa]\\s+jour|change|changez|ajoute|ajoutez|cr[ée]e|cr[ée]ez|[ée]cris|[ée]crivez|supprime|supprimez|renomme|renommez|remplace|remplacez|enregistre|g[ée]n[èe]re|traduis|installe|d[ée]place|reformate|corriger|r[ée]parer|modifier|mettre\\s+[àa]\\s+jour|changer|ajouter|cr[ée]er|[ée]crire|supprimer|renommer|remplacer|enregistrer|g[ée]n[ée]rer|traduire|reformater)(?=$|[\\s,.:;!?])',
    // "Resume X en Y.md", "Résume X dans Y.md": summarising INTO a file (a destination with a dot or slash) writes it.
    '(?:^|\\s)(?:resume|resumir|r[ée]sume|r[ée]sumez|r[ée]sumer)\\s+\\S+\\s+(?:en|dans|a|à)\\s+\\S*[./]\\S*[A-Za-z0-9]',
    '(?:ठीक\\s+कर|सुधार|बदल|जोड़|जोड़|बना|लिख|हटा|मिटा|अपडेट|अद्यतन|सहेज|अनुवाद|इंस्टॉल)',
  ].join('|'),
  'iu',
);

/** True unless the task only asks to read, explain or answer (in en, es, fr or hi). An empty task asks for nothing. */
export function asksForChange(task: string): boolean {
  const text = task.trim();
  if (text === '') return false;
  if (ASKS_TO_CHANGE.test(text)) return true;
  return !ASKS_TO_READ.test(text);
}
