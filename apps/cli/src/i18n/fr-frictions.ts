import type { enFrictions } from './en-frictions.js';

/** Les messages des frictions des nouveaux venus (issue #47) : sessions, stdin, espaces en lecture seule, approbations. */
export const frFrictions: Record<keyof typeof enFrictions, string> = {
  'option.newSession': 'Avec --session ID : démarre une nouvelle session sous cet id quand le stockage n\'en a aucune (sans cette option, un id inconnu est une erreur).',
  'error.unknownSession': 'il n\'y a aucune session « {id} » dans {store}',
  'hint.unknownSession': 'warden sessions liste celles qui sont enregistrées ; pour démarrer une nouvelle session nommée {id}, ajoutez --new-session',
  'error.resumeNotASession': '--resume reprend la session la plus récente, et « {value} » n\'est pas une session enregistrée',
  'hint.resumeNotASession': 'pour reprendre une session par son id, utilisez warden --session ID (warden sessions les liste) ; pour donner à la session la plus récente une tâche d\'un seul mot, utilisez --resume --prompt {value}',
  'error.storeNotWritable': 'le stockage des sessions {store} n\'est pas accessible en écriture, donc rien n\'a été exécuté',
  'hint.storeNotWritable': 'gardez les sessions ailleurs avec --sessions DIR (ou « sessions » dans warden.config.json)',
  'error.auditNotWritable': 'la piste d\'audit {file} n\'est pas accessible en écriture, donc rien n\'a été exécuté',
  'hint.auditNotWritable': 'placez la piste d\'audit ailleurs avec "audit": { "file": "…" } dans warden.config.json, et les sessions avec --sessions DIR',
  'approve.again': "« {typed} » n'est pas l'un des choix : tapez y, n (ou a pour toujours, quand c'est proposé), ou quelques mots pour dire pourquoi",
  'approve.newFile': "un nouveau fichier :",
  'approve.moreLines': "… {count} lignes de plus",
  'doctor.listening': "un serveur à l'écoute sur {url}",
  'doctor.notListening': "rien n'écoute : {why}",
  'doctor.fix.ollama': "lancez `ollama serve` (il écoute sur {url}), ou faites pointer --base-url vers le serveur qui tourne",
  'doctor.fix.localServer': "lancez le serveur de modèles qui doit répondre sur {url}, ou faites pointer --base-url vers celui qui tourne",
  'providers.fromConfig': "warden.config.json : modèle {model}, URL de base {url}",
  'report.unpriced': "sans prix",
  'error.notADuration': "{flag} attend une durée, par exemple {examples}",
  'error.notADirectory': "{flag} {dir} n'est pas un dossier",
  'error.noSessionToResume': "il n'y a aucune session à reprendre dans {store}",
  'cliHint.session.not_found': "warden sessions liste les sessions que vous pouvez voir (vérifiez --sessions et --workdir)",
  'error.packHasNoProbes': "le pack {pack} contient des cas ({count}), pas des sondes : warden probe run n'a rien à exécuter",
  'hint.packHasNoProbes': "exécutez ses cas avec warden check pack:{pack} (warden evidence list pack:{pack} les liste)",
};
