/** Provider-safe tool names: what OpenAI, Anthropic and Gemini all accept. */
export const TOOL_NAME_PATTERN = /^[a-zA-Z][a-zA-Z0-9_-]{0,63}$/;
