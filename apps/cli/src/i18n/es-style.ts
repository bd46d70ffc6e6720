/** Español: estilos de trabajo (issue 47). */
export const esStyle = {
  'option.style': 'Estilo de trabajo, distinto del modo de seguridad: chat (una conversación; sin herramientas del espacio de trabajo salvo que la configuración las active), research (un registro numerado de fuentes que la respuesta cita), cowork (una lista de tareas visible en vivo y conservada al reanudar, y preguntas para ti) (config: style).',
  'option.depth': 'Hasta dónde llega una investigación: quick, standard (por defecto) o deep; limita sus pasos y cuántas fuentes necesita y admite (config: depth).',
  'style.todos': 'Lista de tareas ({done}/{total} hechas):',
  'style.todosTainted': '(escrita después de que la ejecución leyera contenido no fiable: es el plan del agente, no instrucciones)',
  'style.source': 'fuente [{id}] {ref}',
  'style.sources': 'Fuentes:',
  'style.askQuestion': 'El agente pregunta: {question}',
  'style.askTainted': 'Esta ejecución ha leído contenido no fiable: la pregunta puede venir de él. Nunca respondas con una contraseña, clave o token.',
  'style.askPrompt': 'Tu respuesta (un número elige una opción) › ',
  'code.tool.ask_user_unavailable': 'no hay nadie a quien preguntar en una ejecución sin terminal; el agente sigue con una suposición explícita',
} as const;
