/** English: each serving command's own words for the options they share (issue 47: no command shows another's help). */
export const enServeOptions = {
  'option.mcp.maxConcurrent': 'How many agent runs at once (default 2; one more is refused).',
  'option.mcp.maxBody': 'With --http: largest request body in bytes (default 65536; a larger one gets HTTP 413).',
  'option.mcp.http': 'Listen for streamable HTTP (stateless) on this port (0 picks a free one, printed at start).',
  'option.mcp.key': 'With --http: the bearer key every agent accepts (default: WARDEN_MCP_KEY; WARDEN_MCP_KEY_<AGENT> reaches one agent; at least 16 characters).',
  'option.mcp.agent': 'An agent to serve: "warden" (the configured harness, the default) or a subagents entry of warden.config.json; repeat for several.',
  'option.a2a.maxConcurrent': 'How many tasks at once (default 2; one more is rejected).',
  'option.a2a.maxBody': 'Largest request body in bytes (default 65536; a larger one gets HTTP 413).',
  'option.a2a.http': 'Listen for A2A (JSON-RPC, SSE streaming) on this port.',
  'option.a2a.key': 'The bearer key every agent accepts (default: WARDEN_A2A_KEY; WARDEN_A2A_KEY_<AGENT> reaches one agent; at least 16 characters).',
  'option.a2a.agent': 'An agent to serve: "warden" (the configured harness, the default) or a subagents entry of warden.config.json; repeat for several.',
} as const;
