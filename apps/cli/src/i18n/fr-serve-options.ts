/** Français : les mots propres à chaque commande de service pour les options qu’elles partagent (issue 47). */
export const frServeOptions = {
  'option.mcp.maxConcurrent': 'Combien d’exécutions d’agents à la fois (2 par défaut ; une de plus est refusée).',
  'option.mcp.maxBody': 'Avec --http : taille maximale du corps de requête en octets (65536 par défaut ; au-delà, HTTP 413).',
  'option.mcp.http': 'Écoute en HTTP streamable (sans état) sur ce port (0 en choisit un libre, affiché au démarrage).',
  'option.mcp.key': 'Avec --http : la clé bearer acceptée par tous les agents (par défaut : WARDEN_MCP_KEY ; WARDEN_MCP_KEY_<AGENT> n’ouvre qu’un agent ; au moins 16 caractères).',
  'option.mcp.agent': 'Un agent à servir : « warden » (le harness configuré, par défaut) ou une entrée subagents de warden.config.json ; à répéter pour plusieurs.',
  'option.a2a.maxConcurrent': 'Combien de tâches à la fois (2 par défaut ; une de plus est rejetée).',
  'option.a2a.maxBody': 'Taille maximale du corps de requête en octets (65536 par défaut ; au-delà, HTTP 413).',
  'option.a2a.http': 'Écoute A2A (JSON-RPC, streaming SSE) sur ce port.',
  'option.a2a.key': 'La clé bearer acceptée par tous les agents (par défaut : WARDEN_A2A_KEY ; WARDEN_A2A_KEY_<AGENT> n’ouvre qu’un agent ; au moins 16 caractères).',
  'option.a2a.agent': 'Un agent à servir : « warden » (le harness configuré, par défaut) ou une entrée subagents de warden.config.json ; à répéter pour plusieurs.',
} as const;
