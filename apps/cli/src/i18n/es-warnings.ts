/** Español: los códigos de aviso del núcleo (issue 47). */
export const esWarnings = {
  'warning.core.session_unavailable': 'el almacén de sesiones falló al empezar la ejecución; esta ejecución no se guarda',
  'warning.core.session_write_failed': 'falló la escritura en el almacén de sesiones; los pasos siguientes de esta ejecución no se guardan',
  'warning.core.session_repaired': 'el almacén de sesiones reparó algo al cargar la sesión',
  'warning.core.interrupted_calls': 'la sesión reanudada tenía llamadas a herramientas sin resultado; se cerraron como interrumpidas',
  'warning.core.approval_call_missing': 'una aprobación pendiente nombra una llamada que la sesión no tiene',
  'warning.core.hook_failed': 'falló un hook: la llamada se bloqueó o su salida se retuvo',
  'warning.core.compaction_failed': 'no se pudo compactar el historial; la ejecución sigue sin hacerlo',
  'warning.core.wrap_up_tool_calls_dropped': 'el modelo pidió herramientas en su último paso, que no las admite; las llamadas se descartaron',
  'warning.core.subagent_tools_narrowed': 'un subagente no recibió herramientas que su agente padre no tiene',
  'warning.core.handoff_tools_narrowed': 'el agente receptor no recibió herramientas que el agente que cede no tiene',
  'warning.core.handoff_agent_missing': 'el agente que tenía esta conversación no está declarado aquí; responde el primer agente',
  'warning.core.handoff_other_user': 'la cesión guardada se concedió para otro usuario; responde el primer agente',
  'warning.core.handoff_agent_unavailable': 'el agente que tenía esta conversación no pudo arrancar; responde el primer agente',
  'warning.core.handoff_filter_failed': 'falló el filtro del historial de la cesión; el agente receptor recibió la conversación tal cual',
} as const;
