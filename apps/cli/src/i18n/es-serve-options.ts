/** Español: las palabras propias de cada comando de servicio para las opciones que comparten (issue 47). */
export const esServeOptions = {
  'option.mcp.maxConcurrent': 'Cuántas ejecuciones de agentes a la vez (por defecto 2; una más se rechaza).',
  'option.mcp.maxBody': 'Con --http: tamaño máximo del cuerpo de la petición en bytes (por defecto 65536; uno mayor recibe HTTP 413).',
  'option.mcp.http': 'Escucha HTTP streamable (sin estado) en este puerto (0 elige uno libre, que se muestra al arrancar).',
  'option.mcp.key': 'Con --http: la clave bearer que aceptan todos los agentes (por defecto: WARDEN_MCP_KEY; WARDEN_MCP_KEY_<AGENTE> llega a un solo agente; al menos 16 caracteres).',
  'option.mcp.agent': 'Un agente que servir: "warden" (el harness configurado, por defecto) o una entrada de subagents de warden.config.json; repítelo para varios.',
  'option.a2a.maxConcurrent': 'Cuántas tareas a la vez (por defecto 2; una más se rechaza).',
  'option.a2a.maxBody': 'Tamaño máximo del cuerpo de la petición en bytes (por defecto 65536; uno mayor recibe HTTP 413).',
  'option.a2a.http': 'Escucha A2A (JSON-RPC, streaming SSE) en este puerto.',
  'option.a2a.key': 'La clave bearer que aceptan todos los agentes (por defecto: WARDEN_A2A_KEY; WARDEN_A2A_KEY_<AGENTE> llega a un solo agente; al menos 16 caracteres).',
  'option.a2a.agent': 'Un agente que servir: "warden" (el harness configurado, por defecto) o una entrada de subagents de warden.config.json; repítelo para varios.',
} as const;
