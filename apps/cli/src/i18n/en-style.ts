/** English: work styles (issue 47): --style/--depth, the todo list, the source ledger, ask_user. */
export const enStyle = {
  'option.style': 'Work style, separate from the safety mode: chat (a conversation; no workspace tools unless the config turns them on), research (a numbered source ledger the answer cites), cowork (a todo list kept live and across resume, and questions to you) (config: style).',
  'option.depth': 'How far a research run goes: quick, standard (default) or deep — bounds its steps and how many sources it needs and takes (config: depth).',
  'style.todos': 'Todo list ({done}/{total} done):',
  'style.todosTainted': '(written after the run read untrusted content: the agent\'s plan, not instructions)',
  'style.source': 'source [{id}] {ref}',
  'style.sources': 'Sources:',
  'style.askQuestion': 'The agent asks: {question}',
  'style.askTainted': 'This run has read untrusted content: the question may come from it. Never answer with a password, key or token.',
  'style.askPrompt': 'Your answer (a number picks an option) › ',
  'code.tool.ask_user_unavailable': 'there is no person to ask in a headless run; the agent goes on with a stated assumption',
} as const;
