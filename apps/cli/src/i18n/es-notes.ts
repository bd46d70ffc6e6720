import type { enNotes } from './en-notes.js';

/** Por qué una ejecución quedó contaminada y por qué se rechazó un traspaso, según los ids de las bibliotecas. */
export const esNotes: Record<keyof typeof enNotes, string> = {
  'taint.open_world_tool': '{tool} devuelve contenido del mundo abierto',
  'taint.outside_tool': '{tool} devuelve contenido de fuera del espacio de trabajo',
  'taint.repository_content': '{tool} devolvió contenido del repositorio (nombres, salida o skills) que el usuario no escribió',
  'taint.unwritten_file': '{tool} leyó {path}, que esta ejecución no escribió',
  'taint.unwritten_files': '{tool} leyó archivos que esta ejecución no escribió',
  'taint.injection.ignore_instructions': 'la salida de {tool} pide ignorar instrucciones anteriores',
  'taint.injection.new_instructions': 'la salida de {tool} dice dar instrucciones nuevas',
  'taint.injection.addresses_model': 'la salida de {tool} se dirige directamente al modelo',
  'taint.injection.role_change': 'la salida de {tool} intenta cambiar el papel del modelo',
  'taint.injection.reveal_secrets': 'la salida de {tool} pide revelar secretos',
  'taint.injection.contact_address': 'la salida de {tool} pide contactar con una dirección',
  'taint.injection.hide_actions': 'la salida de {tool} pide ocultar acciones al usuario',
  'taint.injection.template_markers': 'la salida de {tool} lleva marcadores de plantilla de chat',
  'taint.session_history': 'la conversación guardada contiene salida de herramientas leída antes de esta ejecución',
  'taint.memory_file': 'el archivo de memoria del proyecto {file} es contenido del repositorio leído en el prompt de sistema',
  'taint.skills_list': 'los nombres y descripciones de las skills son contenido del repositorio leído en el prompt de sistema',
  'taint.mcp_descriptions': 'las descripciones de herramientas del servidor MCP no fiable {server} están en el contexto del modelo',
  'taint.untrusted_task': 'el texto de la tarea vino de fuera del usuario (material de prueba, una incidencia, un mensaje)',
  'taint.memory_recall': 'recall devolvió hechos recordados después de contenido no fiable',
  'handoffRefusal.run.max_handoffs': 'esta ejecución alcanzó su límite de {limit} traspasos',
  'handoffRefusal.run.handoff_refused': 'ya se concedió un traspaso a {to} en este paso',
  'handoffRefusal.handoff.wrong_agent': 'el traspaso va dirigido a {to}, y este es {agent}',
  'handoffRefusal.protocol.too_large': 'el registro del traspaso es mayor de lo que permite el protocolo',
  'handoffRefusal.protocol.invalid_value': 'el registro del traspaso no es JSON válido o no cumple el esquema',
};
