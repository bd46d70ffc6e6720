/** fr: the `warden workflow` command and the workflow error codes (@warden/workflows). */
import type { CatalogEntry } from './catalog-types.js';
import type { enWorkflow } from './en-workflow.js';

export const frWorkflow: Record<keyof typeof enWorkflow, CatalogEntry> = {
  "command.workflow.summary": "Vérifie, exécute ou reprend un fichier de workflow : des étapes d'outils et d'agents dans un ordre fixe, avec des points de reprise pour qu'une exécution survive à son processus.",
  "command.workflow.usage": "warden workflow FICHIER [--check] [--input NOM=VALEUR]… [--tools MODULE]   ou   warden workflow resume ID_EXÉCUTION",
  "workflow.checked": "✔ {name} est un workflow valide.",
  "workflow.invalid": { one: "{file} a {count} problème :", other: "{file} a {count} problèmes :" },
  "workflow.failed": "l'exécution {run} du workflow a échoué à l'étape {step} : {message}",
  "workflow.stopped": "l'exécution {run} du workflow s'est arrêtée avant l'étape {step} ; reprenez-la avec : warden workflow resume {run}",
  "workflow.runId": "exécution : {run}",
  "workflow.replayed": "(depuis le point de reprise)",
  "option.check": "Vérifie le fichier (et, avec --tools, ses outils) et affiche son plan, sans l'exécuter.",
  "option.input": "Une entrée du workflow, NOM=VALEUR (VALEUR est du JSON s'il se lit comme tel) ; à répéter pour chaque entrée.",
  "option.tools": "Un module dont les outils Warden exportés peuvent être appelés par le workflow (un chemin ou un nom de paquet).",
  "codeHint.workflow": "lancez \"warden workflow FICHIER --check\" pour voir chaque problème avec sa ligne et sa colonne",
  "code.workflow.invalid": "le fichier du workflow n'est pas valide (chaque problème est listé avec sa ligne et sa colonne)",
  "code.workflow.unknown_tool": "une étape nomme un outil que personne n'a fourni ; passez-le avec --tools",
  "code.workflow.unknown_agent": "une étape nomme un agent que le fichier ne déclare pas",
  "code.workflow.invalid_input": "une entrée manque, est inconnue ou n'a pas le bon type",
  "code.workflow.step_failed": "une étape du workflow a échoué après ses nouvelles tentatives",
  "code.workflow.refused": "la politique ou un crochet a refusé une étape du workflow",
  "code.workflow.max_steps": "le workflow a fait plus d’étapes que max_steps ne le permet",
  "code.workflow.budget": "les agents du workflow ont dépensé le budget que permet son fichier",
  "code.workflow.timeout": "une étape du workflow a dépassé son délai",
  "code.workflow.interrupted_tool": "une étape d'outil était en cours quand le processus est mort et n'est pas en lecture seule : elle n'est pas relancée",
  "code.workflow.taken_over": "un autre processus exécute cette exécution du workflow",
  "code.workflow.not_found": "aucune exécution de workflow n'a cet identifiant dans le stockage des sessions",
};
