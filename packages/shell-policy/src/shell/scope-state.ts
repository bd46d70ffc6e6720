/** Marks a home directory (`~`, `$HOME`) inside a statically expanded word. */
export const HOME_MARK = '\uE000';

/**
 * What the analysis knows while it walks a script: variables assigned statically (undefined =
 * assigned a run-time value), the working directory (undefined = changed to something unknown),
 * and shell options that change expansion.
 */
export interface ScopeState {
  vars: Map<string, string | undefined>;
  cwd: string | undefined;
  /** The field separators (`IFS`); undefined once it holds a run-time value. */
  ifs: string | undefined;
  dotglob: boolean;
  /** The working directory left the workspace through `..` (`cd ..`): relative reads from here are traversal. */
  traversed?: boolean;
}

/** Bash's default field separators: space, tab, newline. */
export const DEFAULT_IFS = ' \t\n';

export function initialState(workspace: string): ScopeState {
  return { vars: new Map(), cwd: workspace, ifs: DEFAULT_IFS, dotglob: false };
}

/** A copy for a subshell, a pipeline stage or a substitution: changes inside do not leak out. */
export function cloneState(state: ScopeState): ScopeState {
  return { vars: new Map(state.vars), cwd: state.cwd, ifs: state.ifs, dotglob: state.dotglob, ...(state.traversed ? { traversed: true } : {}) };
}

/** The value of `$name`: a string, or undefined when only known at run time. */
export function lookupVar(state: ScopeState, name: string): string | undefined {
  if (state.vars.has(name)) return state.vars.get(name);
  if (name === 'HOME') return HOME_MARK;
  if (name === 'PWD') return state.cwd;
  if (name === 'IFS') return state.ifs;
  // `$!` is the shell's own last background job: read it as that job (`kill $!` stops what it started).
  if (name === '!') return '%+';
  return undefined;
}

/** Records an assignment. `IFS` and `GLOBIGNORE` change how later words expand. */
export function assignVar(state: ScopeState, name: string, value: string | undefined): void {
  if (name === 'IFS') state.ifs = value;
  if (name === 'GLOBIGNORE') state.dotglob = true;
  state.vars.set(name, value);
}
