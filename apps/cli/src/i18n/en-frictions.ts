/** English: messages of the newcomer frictions of issue #47 (sessions, stdin, read-only workspaces, approvals). */
export const enFrictions = {
  'option.newSession': 'With --session ID: start a new session under that id when the store has none (without it, an unknown id is an error).',
  'error.unknownSession': 'there is no session "{id}" in {store}',
  'hint.unknownSession': 'warden sessions lists the stored ones; to start a new session named {id}, add --new-session',
  'error.resumeNotASession': '--resume continues the newest session, and "{value}" is not a stored session',
  'hint.resumeNotASession': 'to resume a session by id use warden --session ID (warden sessions lists them); to give the newest session a one-word task use --resume --prompt {value}',
  'error.storeNotWritable': 'the session store {store} is not writable, so nothing ran',
  'hint.storeNotWritable': 'keep sessions elsewhere with --sessions DIR (or "sessions" in warden.config.json)',
  'error.auditNotWritable': 'the audit trail {file} is not writable, so nothing ran',
  'hint.auditNotWritable': 'put the audit trail elsewhere with "audit": { "file": "…" } in warden.config.json, and sessions with --sessions DIR',
  'approve.again': "\"{typed}\" is not one of the choices: type y, n (or a for always, when offered) — or a few words saying why not",
  'approve.newFile': "a new file:",
  'approve.moreLines': "… {count} more lines",
} as const;
