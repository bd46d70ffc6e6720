/** Français : `warden governance incidents|notice|inventory|dpia|verify` et les codes des menaces et incidents (@warden/governance). */
export const frGovernance = {
  'governance.notice.text':
    'Avis IA : vous interagissez avec un système d’intelligence artificielle (règlement européen sur l’IA, art. 50). Les réponses et les actions proviennent de modèles d’IA exécutés par Warden ; elles peuvent être fausses et ne sont pas les mots d’une personne. Ce que fait le système est régi par une politique déclarée et consigné dans une piste d’audit signée, et certaines actions exigent l’approbation d’une personne. Demandez à l’exploitant de ce service qu’une personne revoie une décision, ou d’accéder à vos données, de les exporter ou de les effacer.',
  'governance.incidents.none': 'Aucun incident ouvert dans {trail}.',
  'governance.incidents.row': '{id}  {cause}  détecté {detected}  exécution {run}',
  'governance.incidents.fromClassification': '(à partir de la classification)',
  'governance.incidents.if': 'si {condition}',
  'governance.incidents.notice': 'Ceci n’est pas un conseil juridique : chaque délai est compté comme le texte cité le fixe ; son application dépend de faits que vous seul pouvez établir (→ marque le prochain).',
  'governance.verify.ok': '✔ {file} : le manifeste de provenance est vérifié avec cette clé publique',
  'governance.verify.failed': '✖ {file} : le manifeste de provenance n’est pas vérifié : {problem}',
  'option.result': 'Un fichier contenant le texte d’un résultat à vérifier.',
  'option.governance.result': 'Avec verify : un fichier contenant le texte du résultat que le manifeste doit nommer (son SHA-256 est comparé).',
  'code.policy.tool_storm': 'une tempête d’outils a été arrêtée : trop d’appels d’outils en peu d’étapes',
  'code.policy.tool_loop': 'une boucle a été arrêtée : le même appel d’outil a été répété trop souvent',
  'code.policy.runaway_delegation': 'une délégation incontrôlée a été arrêtée : des agents ont délégué à des agents trop de fois',
  'code.policy.tool_breaker_open': 'l’outil a échoué plusieurs fois de suite dans cette exécution, son disjoncteur est donc ouvert',
  'code.policy.incident_invalid': 'l’incident n’a pas pu être ouvert : sa cause, sa clé ou son heure est invalide',
} as const;
