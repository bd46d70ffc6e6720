/**
 * Superseded by the effect table (`EFFECT_TABLE`, issue 34), which the gate uses: kept for callers
 * that read it. Files that steer agents or run code on their own: instruction and memory files read into a
 * model's context, skills, Warden's own state, git configuration and hooks. Once a run has read
 * untrusted content, writing one of them needs a real person even inside the run's scope — a
 * planted instruction that persists there would steer every later run.
 */
export const DEFAULT_INSTRUCTION_FILES: readonly string[] = [
  '**/WARDEN.md',
  '**/AGENTS.md',
  '**/AGENT.md',
  '**/CLAUDE.md',
  '**/GEMINI.md',
  '**/.cursorrules',
  '**/.windsurfrules',
  '**/.clinerules',
  '.cursor/**',
  '.claude/**',
  '.github/copilot-instructions.md',
  '.github/instructions/**',
  '.github/workflows/**',
  'skills/**',
  '.warden/**',
  '.git/**',
  '.gitmodules',
  '.husky/**',
  '.githooks/**',
  '.pre-commit-config.yaml',
  '.envrc',
];
