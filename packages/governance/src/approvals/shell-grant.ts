/**
 * What "always allow this command" grants, decided on the parsed command rather than its text
 * (issue #45). A grant is the program and its statically known arguments of a command that is one
 * plain simple command: no list (`;`, `&&`, `||`), pipe, substitution, redirection that writes,
 * background job, wrapper (`sudo`, `bash -c`, `env`) or word built at run time. It covers later
 * commands that parse to exactly the same program and arguments, however they are spaced or
 * quoted — so a grant for `npm test` never covers `npm test; curl …`, `npm test && rm -rf x` or
 * `npm test $(curl …)`. A command that is not plain gets no grant (the caller asks again, or
 * allows only the identical text).
 */

/** The part of a shell analysis a grant reads (structurally `ShellAnalysis` of `@warden/shell-policy`). */
export interface GrantableAnalysis {
  commands: ReadonlyArray<{ name: string | undefined; args: ReadonlyArray<string | undefined>; via: readonly string[]; depth: number }>;
  findings: ReadonlyArray<{ kind: string }>;
  writes: readonly unknown[];
  detached: readonly string[];
}

export interface ShellGrant {
  readonly program: string;
  readonly args: readonly string[];
}

/** The grant for a command, or undefined when it is not one plain simple command. */
export function shellGrantOf(analysis: GrantableAnalysis): ShellGrant | undefined {
  if (analysis.commands.length !== 1 || analysis.writes.length > 0 || analysis.detached.length > 0) return undefined;
  if (analysis.findings.some((f) => f.kind === 'deny' || f.kind === 'undecidable')) return undefined;
  const [only] = analysis.commands;
  if (!only || only.name === undefined || only.depth !== 0 || only.via.length > 0) return undefined;
  if (only.args.some((a) => a === undefined)) return undefined;
  return { program: only.name, args: only.args as string[] };
}

/** Whether a granted command covers this one: the same one plain command, word for word. */
export function shellGrantCovers(grant: ShellGrant, analysis: GrantableAnalysis): boolean {
  const other = shellGrantOf(analysis);
  return other !== undefined && other.program === grant.program && other.args.length === grant.args.length && other.args.every((a, i) => a === grant.args[i]);
}

/** `npm test`, for a person reading the grant. */
export function describeShellGrant(grant: ShellGrant): string {
  return [grant.program, ...grant.args].map((w) => (/^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replaceAll("'", "'\\''")}'`)).join(' ');
}
