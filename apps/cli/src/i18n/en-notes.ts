/**
 * English: why a run became tainted (`taint.<reasonId>`, the protocol's `TAINT_NOTES`), why the sandbox
 * is unavailable (`doctor.detail.<code>`, tools' `SANDBOX_UNAVAILABLE`) and why a
 * handoff was refused (`handoffRefusal.<code>`, `HANDOFF_REFUSALS`), by the libraries' stable ids.
 */
export const enNotes = {
  'taint.open_world_tool': '{tool} returns open-world content',
  'taint.outside_tool': '{tool} returns content from outside the workspace',
  'taint.repository_content': '{tool} returned repository content (names, output or skills) that the user did not write',
  'taint.unwritten_file': '{tool} read {path}, which this run did not write',
  'taint.unwritten_files': '{tool} read files that this run did not write',
  'taint.injection.ignore_instructions': 'the output of {tool} asks to ignore earlier instructions',
  'taint.injection.new_instructions': 'the output of {tool} claims to give new instructions',
  'taint.injection.addresses_model': 'the output of {tool} addresses the model directly',
  'taint.injection.role_change': 'the output of {tool} tries to change the model\'s role',
  'taint.injection.reveal_secrets': 'the output of {tool} asks to reveal secrets',
  'taint.injection.contact_address': 'the output of {tool} asks to contact an address',
  'taint.injection.hide_actions': 'the output of {tool} asks to hide actions from the user',
  'taint.injection.template_markers': 'the output of {tool} carries chat-template markers',
  'taint.session_history': 'the stored conversation holds tool output read before this run',
  'taint.memory_file': 'the project memory file {file} is repository content read into the system prompt',
  'taint.skills_list': 'skill names and descriptions are repository content read into the system prompt',
  'taint.mcp_descriptions': 'the tool descriptions of the untrusted MCP server {server} are in the model\'s context',
  'taint.untrusted_task': 'the task text came from outside the user (probe material, an issue, a message)',
  'taint.memory_recall': 'recall returned facts remembered after untrusted content',
  'handoffRefusal.run.max_handoffs': 'this run has reached its limit of {limit} handoffs',
  'handoffRefusal.run.handoff_refused': 'a handoff to {to} was already granted in this step',
  'handoffRefusal.handoff.wrong_agent': 'the handoff is addressed to {to}, this is {agent}',
  'handoffRefusal.protocol.too_large': 'the handoff record is larger than the protocol allows',
  'handoffRefusal.protocol.invalid_value': 'the handoff record is not valid JSON or does not match the schema',
  'doctor.detail.sandbox.not_linux': 'the OS sandbox needs Linux (bubblewrap); this is {platform}',
  'doctor.detail.sandbox.not_found': 'bubblewrap not found ({name})',
  'doctor.detail.sandbox.namespaces_refused': 'bubblewrap cannot create its namespaces here: {why}',
  'doctor.detail.sandbox.off': 'the sandbox is turned off (sandbox: off)',
  'doctor.detail.sandbox.home_workspace': 'the workspace {workspace} contains the home directory, which the sandbox must hide',
} as const;
