/** fr: the `warden orchestrate` command and the orchestrator error codes (@warden/orchestrator). */
import type { CatalogEntry } from './catalog-types.js';
import type { enOrchestrate } from './en-orchestrate.js';

export const frOrchestrate: Record<keyof typeof enOrchestrate, CatalogEntry> = {
  "command.orchestrate.summary": "Transforme un objectif en graphe de tâches vérifié et le mène à bien : spécialistes, vagues budgétées, vérifications, replanification, critiques — reprenable.",
  "command.orchestrate.usage": "warden orchestrate \"OBJECTIF\" [--max-concurrency N] [--budget-usd X] [--critics N] [--accept all|majority] [--queue redis://…]   ou   warden orchestrate resume|status JOB_ID",
  "orchestrate.progress": "✔ {task} {message} ({done}/{total}, environ {seconds} s restantes)",
  "orchestrate.status": "travail {job} : {stage}, {done}/{total} tâches faites, ${cost}",
  "orchestrate.stopped": "le travail {job} s’est arrêté ({reason}) : {message} ; voir où il en est : warden orchestrate status {job}",
  "orchestrate.failed": "le travail {job} a échoué ({reason}) : {message}",
  "orchestrate.jobId": "travail : {job} (${cost})",
  "option.maxConcurrency": "Combien de tâches tournent à la fois (4 par défaut).",
  "option.critics": "Combien de critiques indépendants relisent le livrable (0 par défaut : pas de relecture).",
  "option.accept": "all (par défaut) ou majority : combien de critiques doivent accepter le livrable.",
  "code.orchestrator.invalid_options": "l’orchestrateur a reçu une option inconnue ou une valeur hors limites",
  "code.orchestrator.plan_invalid": "le plan est inutilisable (pas de tests d’acceptation, une dépendance absente, un cycle, un secret)",
  "code.orchestrator.plan_unapproved": "le plan n’a pas été approuvé, donc aucune tâche n’a tourné (approuvez-le ou utilisez --yes)",
  "code.orchestrator.spec_invalid": "la fabrique a écrit un spécialiste inutilisable",
  "code.orchestrator.task_failed": "une tâche a échoué et n’a pas pu être replanifiée",
  "code.orchestrator.deadline": "une tâche a dépassé son délai",
  "code.orchestrator.max_subagents": "lancer un autre spécialiste dépasserait le maxSubagents du travail",
  "code.orchestrator.fleet_missing": "faire tourner les tâches sur la flotte demande @warden/fleet",
  "code.orchestrator.taken_over": "un autre processus fait tourner ce travail",
  "code.orchestrator.not_found": "aucun travail orchestré n’a cet id dans le magasin de sessions",
};
