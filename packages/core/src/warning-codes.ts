/**
 * The codes of the `warning` events core emits. Like error codes they are
 * public: ledgers and renderers match on them. A table test pins them.
 */
export const CORE_WARNING_CODES = {
  'core.session_unavailable': 'The session store failed when the run started; the run is not stored.',
  'core.session_write_failed': 'An append failed; later records of the run are not stored.',
  'core.session_repaired': 'The store repaired or noticed something while loading the session.',
  'core.interrupted_calls': 'A resumed session held calls without results; they were closed as interrupted.',
  'core.approval_call_missing': 'A pending approval names a call the session does not hold.',
  'core.hook_failed': 'A beforeTool hook failed (the call was blocked) or an afterTool hook failed (the output was withheld).',
  'core.compaction_failed': 'Compaction could not summarise or shrink the history; the run goes on without it.',
  'core.wrap_up_tool_calls_dropped': 'The model asked for tools in its tool-free wrap-up; the calls were dropped.',
  'core.subagent_tools_narrowed': 'A sub-agent allowlist named tools its parent does not hold; the child did not get them.',
  'core.handoff_tools_narrowed': 'A receiving agent allowlist named tools the originating agent does not hold; it did not get them.',
  'core.handoff_agent_missing': 'A stored handoff left an agent holding the conversation that this agent does not declare; the originating agent answers.',
  'core.handoff_other_user': 'A stored handoff was granted for another user than this run\'s; the originating agent answers.',
  'core.handoff_agent_unavailable': 'The agent holding a stored conversation could not start; the originating agent answers.',
  'core.handoff_filter_failed': 'A custom handoff history filter threw or returned something other than messages; the receiving agent got what was said.',
  'tool.warning': 'A tool reported a warning while it ran.',
} as const;

export type CoreWarningCode = keyof typeof CORE_WARNING_CODES;
