/**
 * Every `rule` id a decision of this package can carry, with what it means. Ids are public API:
 * front ends translate a decision by its `rule` (and `params`), so renaming one breaks them.
 * Policy rules carry the names their authors gave them and are not listed; the shell analyzer's
 * rules are `SHELL_RULES` (from `@warden/shell-policy`), the `shell.*` rules the gate decides itself
 * are here. A test checks that every rule id written in this package's source is in one of the two.
 */
export const GATE_RULES = Object.freeze({
  'deny-list': 'The tool name is on the deny list (params: tool, glob).',
  'gate.invalid-call': 'The call has no tool name or its arguments are not an object.',
  'gate.error': 'The gate failed while deciding and denied (params: code).',
  'mode.read-only': 'Read-only mode: a tool that is not read-only is denied; a read-only one is allowed (params: tool).',
  'mode.safe': 'Safe mode: a tool that can change things needs approval; a read-only one is allowed (params: tool).',
  'mode.yolo': 'Yolo mode: runs without asking (params: tool for a read-only tool).',
  'path.unchecked': 'The arguments are nested too deeply to check their paths (params: tool).',
  'path.invalid': 'A path argument holds a NUL byte (params: tool, field).',
  'path.protected': 'A path argument names a protected path (params: tool, field, path).',
  'path.outside': 'A path argument resolves outside the workspace (params: tool, field, path).',
  'taint.requires-person': 'The run read untrusted content and the call has an effect that needs a person: a class other than ordinary the task does not authorize, egress outside the scope, … (params: because, source, baseRule, baseEffect and the values of `because`).',
  'plan.conforms': 'The call conforms to a step of the approved plan (params: step, status, by, baseRule).',
  'review.dangerous': 'Model review found the call dangerous (params: why).',
  'review.unsure': 'The reviewer was unsure (params: why, baseRule).',
  'review.low-confidence': 'The reviewer said safe with too little confidence (params: confidence, min, baseRule).',
  'review.malformed': 'The review was not a valid verdict (params: baseRule).',
  'review.unavailable': 'The review model was unavailable (params: baseRule).',
  // The shell rules only the gate decides; the analyzer's own are SHELL_RULES (@warden/shell-policy).
  'shell.read_only': 'Safe mode: the analyzer proves the command only reads inside the workspace (ls, cat, grep, git status|diff|log, find without actions…), so it runs without asking.',
  'shell.sandboxed': 'With sandbox.active: an undecidable command that needs no network and writes nowhere seen outside the workspace gets the mode\'s usual decision; the reason says the sandbox was on.',
  'shell.detached_process': 'Tainted run: nohup, setsid, disown, a trailing &, screen -dm, tmux new -d, docker run -d, systemd-run without a timer… start processes that outlive the run: a person must approve (params: command).',
  'shell.unchecked_network': 'Tainted run: network use whose host cannot be checked (inline interpreter code, awk, a run-time URL): a person must approve (params: command).',
  'shell.unavailable': 'The shell analyzer could not be loaded or gave no valid decision: ask with requiresPerson in safe and yolo, deny in read-only.',
  'shell.invalid': 'The shell call has no string command (params: tool).',
} as const);

export type GateRule = keyof typeof GATE_RULES;

/**
 * The ids of `params.because` on a `taint.requires-person` decision: why the call needs a person.
 * Values ride in the same `params` (what, path, tool, field, host, command, rule).
 */
export const TAINT_REASONS = Object.freeze({
  effect_class: 'It changes a file of an effect class other than ordinary (EFFECT_CLASSES) that the task does not authorize in so many words (what, path, effectClass, keys: the keys it touches or "-").',
  no_change_task: 'It changes a file although the task asked for no change ("explain…") (what, path).',
  workspace_root: 'It changes the workspace root (what).',
  // Not given any more (issue 34); kept so decisions recorded before still translate.
  instruction_file: 'Before issue 34: it changes an instruction or configuration file (what, path).',
  whole_directory: 'Before issue 34: it changes a whole directory in scope, not something under it (what, path).',
  outside_scope: 'Before issue 34: it changes a path outside the task\'s scope (what, path).',
  shell_unchecked: 'The shell command cannot be checked.',
  shell_unanalysed: 'The shell command cannot be analysed for what it changes.',
  shell_risk: 'The shell command moves git refs or signals other processes.',
  shell_undecidable: 'The shell command cannot be decided statically (rule).',
  unnamed_write: 'A change whose target the analyzer cannot name (what).',
  unnamed_write_sandboxed: 'A change whose target the analyzer cannot name; the sandbox keeps it in the workspace only (what).',
  guarded_tool: 'The tool sends, publishes or remembers (tool).',
  destructive_tool: 'The tool is destructive (tool).',
  named_server_effect: 'A tool of an MCP server the task names by server, not by tool, whose effect is not ordinary: destructive, sending or persistent by name, annotation or missing annotations (tool, effect, basis).',
  open_world: 'The tool reaches a host outside the task\'s scope (tool).',
  write_outside_workspace: 'The tool writes outside the workspace (tool, field).',
  'egress.irreversible': 'The command pushes or publishes.',
  'egress.dev_net': 'The command opens a socket through /dev/tcp or /dev/udp.',
  'egress.inline_code': 'The command runs inline interpreter code that could reach the network.',
  'egress.unlisted_host': 'The command reaches a host not on the taint allowlist (host).',
  'egress.unchecked_host': 'The command reaches the network at a host that cannot be checked (command).',
  'egress.sends_data': 'After untrusted content the command sends data (a body, form or upload) to a host, even one the task names, and the task did not ask to send (host).',
  planted_origin: 'An ordinary change plants a reference to a network origin that neither the task, the configuration nor the file named: code or docs that reach it later, judged as egress (what, path, hosts).',
  unknown: 'No reason id was given.',
} as const);

export type TaintReason = keyof typeof TAINT_REASONS;
