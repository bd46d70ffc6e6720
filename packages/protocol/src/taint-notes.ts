/**
 * Every `reasonId` a `TaintSource` (and so a `taint` event) can carry: why the run became tainted,
 * by a stable id, with the values in `params`. Ids are public API: front ends translate a taint note
 * by its id, so renaming one breaks them. The English `reason` stays for logs and older readers.
 * Governance's taint detector, core and the harness write them; their tests check every id they
 * write is here.
 */
export const TAINT_NOTES = Object.freeze({
  open_world_tool: 'The tool is marked open-world: its output comes from outside (params: tool).',
  outside_tool: 'The tool name matches a taint glob: it returns content from outside the workspace (params: tool).',
  repository_content: 'The tool returned repository content (names, output or skills) the user did not write (params: tool).',
  unwritten_file: 'The tool read a workspace file this run did not write (params: tool, path).',
  unwritten_files: 'The tool read workspace files this run did not write, with no single path named (params: tool).',
  'injection.ignore_instructions': 'The output asks to ignore earlier instructions (params: tool).',
  'injection.new_instructions': 'The output claims to give new instructions (params: tool).',
  'injection.addresses_model': 'The output addresses the model directly (params: tool).',
  'injection.role_change': 'The output tries to change the model\'s role (params: tool).',
  'injection.reveal_secrets': 'The output asks to reveal secrets (params: tool).',
  'injection.contact_address': 'The output asks to contact an address (params: tool).',
  'injection.hide_actions': 'The output asks to hide actions from the user (params: tool).',
  'injection.template_markers': 'The output carries chat-template markers (params: tool).',
  session_history: 'The stored conversation holds tool output read before this run.',
  memory_file: 'A project memory file is repository content read into the system prompt (params: file).',
  skills_list: 'Skill names and descriptions are repository content read into the system prompt.',
  mcp_descriptions: 'The tool descriptions of an untrusted MCP server are in the model\'s context (params: server).',
  untrusted_task: 'The task text came from outside the user (probe material, an issue, a message).',
  memory_recall: 'Recall returned facts remembered after untrusted content.',
  attached_file: 'A file attached to the task is in the model\'s context; its content is untrusted (params: file).',
} as const);

export type TaintNote = keyof typeof TAINT_NOTES;
