/** English: core's warning codes, so a warning in another language is worded by its code, not core's English (issue 47). */
export const enWarnings = {
  'warning.core.session_unavailable': 'the session store failed when the run started; this run is not stored',
  'warning.core.session_write_failed': 'writing to the session store failed; later steps of this run are not stored',
  'warning.core.session_repaired': 'the session store repaired something while loading the session',
  'warning.core.interrupted_calls': 'the resumed session held tool calls without results; they were closed as interrupted',
  'warning.core.approval_call_missing': 'a pending approval names a call the session does not hold',
  'warning.core.hook_failed': 'a hook failed: the call was blocked or its output withheld',
  'warning.core.compaction_failed': 'the history could not be compacted; the run goes on without it',
  'warning.core.wrap_up_tool_calls_dropped': 'the model asked for tools in its final, tool-free step; the calls were dropped',
  'warning.core.subagent_tools_narrowed': 'a sub-agent was not given tools its parent does not hold',
  'warning.core.handoff_tools_narrowed': 'the receiving agent was not given tools the handing agent does not hold',
  'warning.core.handoff_agent_missing': 'the agent that held this conversation is not declared here; the first agent answers',
  'warning.core.handoff_other_user': 'the stored handoff was granted for another user; the first agent answers',
  'warning.core.handoff_agent_unavailable': 'the agent that held this conversation could not start; the first agent answers',
  'warning.core.handoff_filter_failed': 'the handoff history filter failed; the receiving agent got the conversation as it was',
} as const;
