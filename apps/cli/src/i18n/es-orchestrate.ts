/** es: the `warden orchestrate` command and the orchestrator error codes (@warden/orchestrator). */
import type { CatalogEntry } from './catalog-types.js';
import type { enOrchestrate } from './en-orchestrate.js';

export const esOrchestrate: Record<keyof typeof enOrchestrate, CatalogEntry> = {
  "command.orchestrate.summary": "Convierte un objetivo en un grafo de tareas comprobado y lo lleva a término: especialistas, oleadas con presupuesto, comprobaciones, replanificación, críticos — reanudable.",
  "command.orchestrate.usage": "warden orchestrate \"OBJETIVO\" [--max-concurrency N] [--budget-usd X] [--critics N] [--accept all|majority] [--queue redis://…]   o   warden orchestrate resume|status JOB_ID",
  "orchestrate.progress": "✔ {task} {message} ({done}/{total}, quedan unos {seconds}s)",
  "orchestrate.status": "trabajo {job}: {stage}, {done}/{total} tareas hechas, ${cost}",
  "orchestrate.stopped": "el trabajo {job} se detuvo ({reason}): {message}; mira dónde está con: warden orchestrate status {job}",
  "orchestrate.failed": "el trabajo {job} falló ({reason}): {message}",
  "orchestrate.jobId": "trabajo: {job} (${cost})",
  "option.maxConcurrency": "Cuántas tareas se ejecutan a la vez (4 por defecto).",
  "option.critics": "Cuántos críticos independientes revisan el resultado (0 por defecto: sin revisión).",
  "option.accept": "all (por defecto) o majority: cuántos críticos deben aceptar el resultado.",
  "code.orchestrator.invalid_options": "el orquestador recibió una opción que no conoce o un valor fuera de rango",
  "code.orchestrator.plan_invalid": "el plan no es utilizable (sin pruebas de aceptación, una dependencia que falta, un ciclo, un secreto)",
  "code.orchestrator.plan_unapproved": "el plan no se aprobó, así que no se ejecutó ninguna tarea (apruébalo o usa --yes)",
  "code.orchestrator.spec_invalid": "la fábrica escribió un especialista que no es utilizable",
  "code.orchestrator.task_failed": "una tarea falló y no se pudo replanificar",
  "code.orchestrator.deadline": "una tarea superó su plazo",
  "code.orchestrator.max_subagents": "iniciar otro especialista superaría el maxSubagents del trabajo",
  "code.orchestrator.fleet_missing": "ejecutar tareas en la flota necesita @warden/fleet",
  "code.orchestrator.taken_over": "otro proceso está ejecutando este trabajo",
  "code.orchestrator.not_found": "ningún trabajo orquestado tiene ese id en el almacén de sesiones",
};
