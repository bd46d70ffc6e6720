import type { PathInspection } from '../paths/path-policy.js';
import type { ScopeState } from './scope-state.js';
import type { StaticOutput } from './static-output.js';
import type { FindingRule } from './shell-rules.js';
import type { ParamsOf, ShellNetworkUse, ShellWord } from './types.js';

/** What one pipeline stage does, for the rules that look across a pipe. */
export interface StageInfo {
  downloader: boolean;
  network: boolean;
  shell: boolean;
  /** Some command in the stage executes its standard input as code. */
  stdinCode: boolean;
  /** …as shell script. */
  stdinShell: boolean;
  /** Commands run directly in this stage. */
  commands: number;
  /** What the stage prints, when a single `echo`/`printf`/`cat FILE` makes it known. */
  output: StaticOutput | undefined;
  /** What the previous stage prints into this one, when it is known. */
  input?: StaticOutput;
  /** The stage reads the environment or a secret file (for exfiltration across a pipe). */
  secret?: string;
  /** The stage sends its input over the network. */
  sends?: string;
}

/** What the analysis learned about one command that matters to its surroundings. */
export interface CommandOutcome {
  /** The command executes its standard input: as shell script or as another language. */
  stdin?: 'shell' | 'code';
  /** The command connects to the network although its name is not a network tool's (`openssl s_client`). */
  network?: boolean;
}

/** The toolkit a command handler works with: report, check paths, analyse inner commands. */
export interface CommandEnv {
  readonly state: ScopeState;
  readonly depth: number;
  /** `params`: what the reason names (the command, and the path for a path rule). */
  deny<R extends FindingRule>(rule: R, reason: string, params: ParamsOf<R>): void;
  /** `opaque`: what is unknown could be anything, network included (see `ShellFinding.opaque`). */
  undecidable(reason: string, opaque?: boolean): void;
  /** A decidable command only a real person may approve. */
  person<R extends FindingRule>(rule: R, reason: string, params: ParamsOf<R>): void;
  /** Records a network use. */
  network(what: string, host?: string): void;
  /** Every network use recorded so far in this command line (to see what an inner command added). */
  networkUses(): readonly ShellNetworkUse[];
  /** Records that the command sends data over the network: what it reads on standard input, or its arguments. */
  sends(how: 'stdin' | 'args'): void;
  /** Records a process that can outlive the command. */
  detached(what: string): void;
  /** Inspects a path word without reporting anything (undefined when not known statically). */
  peek(word: ShellWord): PathInspection | undefined;
  /** The text piped or fed into this command, when it is known statically. */
  readonly input: string | undefined;
  /** The pipeline stage this command runs in, if any. */
  readonly stage: StageInfo | undefined;
  /** Inspects a path word; reports and returns undefined when it cannot be decided. */
  inspect(word: ShellWord, what: string, options?: { globDot?: boolean }): PathInspection | undefined;
  /** `command`: what a refusal names as the command, when `what` is not it (default: `what`). */
  checkDelete(word: ShellWord, what: string, options?: { globDot?: boolean; command?: string }): void;
  checkWrite(word: ShellWord, what: string, options?: { devices?: boolean; command?: string }): void;
  /**
   * A file or folder the command reads: refused when it lies outside the workspace and is reached
   * through `..` (or from a working directory `cd ..` left the workspace for); with `absolute`, any
   * path outside the workspace (a file server's root).
   */
  checkRead(word: ShellWord, what: string, options?: { absolute?: boolean; command?: string }): void;
  /**
   * Records a file change without a deny-list check: `word` is the file changed, absent when the
   * command can change files it does not name (`git checkout .`, `python -c`).
   */
  modifies(what: string, word?: ShellWord): void;
  /** Analyses an inner command (after a wrapper such as `sudo`, `env`, `xargs`). */
  runArgv(argv: ShellWord[], wrapper: string, state?: ScopeState): CommandOutcome;
  /** Parses and analyses a script string (`bash -c`, `eval`, `trap`…); undefined text is undecidable. */
  runScript(text: string | undefined, wrapper: string, options?: { sameShell?: boolean }): void;
  /** Scans code in another language (`python -c`) for the indicators that can be read statically. */
  scanCode(text: string | undefined): void;
  /** Files this command line downloads (absolute paths), to catch download-then-run. */
  readonly downloads: Set<string>;
  /**
   * A file about to be run as code: denied when this command line downloaded it, analysed when it
   * wrote it with known content, undecidable when it wrote it with unknown content.
   */
  checkRunsFile(word: ShellWord | undefined, what: string): void;
  /** The content this command line wrote to the file `word` names, when it is known statically. */
  written(word: ShellWord): string | undefined;
}

export type CommandHandler = (args: ShellWord[], env: CommandEnv, name: string) => CommandOutcome | void;
