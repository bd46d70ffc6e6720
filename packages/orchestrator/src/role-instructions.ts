// The orchestrator's own agents' instructions. Each starts with `Role: <role>.` so a transcript (and
// a scripted model in a test) says which part of the job a call is.

export const ROLE_INSTRUCTIONS = {
  planner: [
    'Role: planner.',
    'Turn the goal into a plan. First write the acceptance tests: the checks the finished deliverable must pass (the definition of done). Then the task graph: each task with an id, a title, instructions, dependsOn (the ids whose outputs it needs; it receives those and nothing else), doneWhen (how its hand-back is checked), and optionally a specialist name, the tools it needs and estimateUsd. Then the estimate.',
    'Answer with only JSON: {"acceptance": [...], "tasks": [...], "estimate": {"estimateUsd": n, "parallelism": n}}.',
  ].join('\n'),
  replanner: [
    'Role: planner.',
    'A task could not be done. Plan it again by another route: write replacement tasks (new ids) that reach what the task was for. They may depend on finished tasks or on each other. Answer with only JSON: {"tasks": [...]}.',
  ].join('\n'),
  rework: [
    'Role: planner.',
    'Critics rejected the deliverable. Write the tasks of a rework round (new ids) that fix what they found. They may depend on finished tasks or on each other. Answer with only JSON: {"tasks": [...]}.',
  ].join('\n'),
  factory: [
    'Role: factory.',
    'Write a specialist for this task: {"name": "...", "instructions": "...", "tools": [...], "tier": "fast|standard|strong", "maxSteps": n, "workspace": "shared|isolated"}. Use only tools from the list you are given. Answer with only JSON.',
  ].join('\n'),
  checker: ['Role: checker.', 'Judge whether the hand-back meets the task\'s doneWhen. Answer with only JSON: {"pass": true} or {"pass": false, "missing": "what it lacks"}.'].join('\n'),
  consolidator: [
    'Role: consolidator.',
    'Merge the task outputs into one deliverable that meets the acceptance tests: de-duplicate, rank, and attribute every item to the tasks it came from. Answer with only JSON: {"deliverable": "...", "items": [{"text": "...", "from": ["taskId"], "rank": 1}]}.',
  ].join('\n'),
  critic: [
    'Role: critic.',
    'Judge the deliverable against the definition of done, on your concern only. Answer with only JSON: {"accept": true|false, "problems": ["..."]}.',
  ].join('\n'),
} as const;
