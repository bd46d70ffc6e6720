/** Español: `warden governance incidents|notice|inventory|dpia|verify` y los códigos de amenazas e incidentes (@warden/governance). */
export const esGovernance = {
  'governance.notice.text':
    'Aviso de IA: está interactuando con un sistema de inteligencia artificial (Reglamento de IA de la UE, art. 50). Las respuestas y acciones proceden de modelos de IA ejecutados mediante Warden; pueden ser erróneas y no son palabras de una persona. Lo que hace el sistema se rige por una política declarada y queda registrado en un registro de auditoría firmado, y algunas acciones necesitan la aprobación de una persona. Pida al responsable de este servicio que una persona revise una decisión, o acceder a sus datos, exportarlos o borrarlos.',
  'governance.incidents.none': 'No hay incidentes abiertos en {trail}.',
  'governance.incidents.row': '{id}  {cause}  detectado {detected}  ejecución {run}',
  'governance.incidents.fromClassification': '(desde la clasificación)',
  'governance.incidents.if': 'si {condition}',
  'governance.incidents.notice': 'No es asesoramiento jurídico: cada plazo se cuenta como lo fija el texto citado; si se aplica depende de hechos que solo usted puede establecer (→ marca el siguiente).',
  'governance.verify.ok': '✔ {file}: el manifiesto de procedencia se verifica con esta clave pública',
  'governance.verify.failed': '✖ {file}: el manifiesto de procedencia no se verifica: {problem}',
  'option.result': 'Un archivo con el texto de un resultado que comprobar.',
  'option.governance.result': 'Con verify: un archivo con el texto del resultado que el manifiesto debe nombrar (se compara su SHA-256).',
  'code.policy.tool_storm': 'se detuvo una tormenta de herramientas: demasiadas llamadas en pocos pasos',
  'code.policy.tool_loop': 'se detuvo un bucle: la misma llamada a una herramienta se repitió demasiadas veces',
  'code.policy.runaway_delegation': 'se detuvo una delegación desbocada: los agentes delegaron en agentes demasiadas veces',
  'code.policy.tool_breaker_open': 'la herramienta falló varias veces seguidas en esta ejecución, así que su disyuntor está abierto',
  'code.policy.incident_invalid': 'no se pudo abrir el incidente: su causa, clave u hora no es válida',
} as const;
