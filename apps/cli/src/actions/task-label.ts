/** How long a task's label in a spend report may be. */
const MAX = 60;

/**
 * The label a run's spend is filed under (`warden report --by task`): the task's first line,
 * spaces collapsed, cut at 60 characters. A run without words of its own (a plain resume) has none.
 */
export function taskLabel(task: string | undefined): string | undefined {
  const line = task
    ?.split('\n')
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .find((l) => l !== '');
  if (!line) return undefined;
  return line.length > MAX ? `${line.slice(0, MAX - 1)}…` : line;
}
