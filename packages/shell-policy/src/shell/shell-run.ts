import { posix } from 'node:path';
import type { PathInspection, PathPolicy } from '../paths/path-policy.js';
import type { CommandOutcome, StageInfo } from './command-env.js';
import { handlerFor, commandCategory } from './command-table.js';
import { canonicalName } from './command-names.js';
import { mentionsDevTcp, mentionsMetadataEndpoint } from './host-indicators.js';
import type { BashParser, Node } from './parser-loader.js';
import { assignVar, cloneState, type ScopeState } from './scope-state.js';
import { isCommandVariable } from './command-variables.js';
import { forkBombIn, commandNamesIn } from './tree-checks.js';
import { inputText, REDIRECT_TYPES } from './tree-shapes.js';
import type { FindingRule } from './shell-rules.js';
import type { ParamsOf, ShellFinding, ShellNetworkUse, ShellWord, ShellWrite, SimpleCommand } from './types.js';
import { evalNodes, evalWord, wordValue } from './word-eval.js';
import { ALIAS_PREFIX, HOME_CWD } from './interpreters.js';
import { staticOutput, type StaticOutput } from './static-output.js';
import { commandEnv, show } from './run-env.js';
import { handlePipeline, newStage } from './pipeline.js';
import { handleRedirect } from './redirects.js';
import { loopIsEndless, walkForLoop } from './loops.js';
import { checkBeacon, loopMark } from './beacons.js';
import { provesReadOnly, SEARCH_TOOLS } from './read-only.js';
import { checkProtectedRead, checkTraversalReads, secretOperand, ENV_DUMP } from './exfiltration.js';
import { expandCommandPositionBraces } from './brace-expand.js';
import { checkGitConfigEnv } from './git-settings.js';

export interface ShellLimits {
  maxDepth: number;
  maxNodes: number;
}

export interface WalkContext {
  depth: number;
  via: string[];
  stage: StageInfo | undefined;
  /** The text fed to the next command on standard input, when it is known statically. */
  input?: string;
}

/** One analysis of one command line: walks the parse tree and records commands and findings. */
export class ShellRun {
  readonly commands: SimpleCommand[] = [];
  readonly findings: ShellFinding[] = [];
  /** Every file change found, with its workspace-relative target when that is one known file. */
  readonly writes: ShellWrite[] = [];
  readonly network: ShellNetworkUse[] = [];
  readonly detached: string[] = [];
  readonly downloads = new Set<string>();
  /** Counters the exfiltration rules compare before and after a command or a pipeline stage. */
  secretReads = 0;
  stdinSends = 0;
  argSends = 0;
  /** False once anything is not a proven read inside the workspace. */
  provable = true;
  /** Files written by this command line: known content, or undefined when unknown. */
  readonly written = new Map<string, string | undefined>();
  private nodes = 0;
  private readonly peeked = new Map<string, PathInspection>();

  /** The source may hold a background `&` (not `&&`, `&>`, `>&`): only then are anonymous tokens read. */
  private mayBackground = true;

  constructor(
    private readonly parser: BashParser,
    readonly policy: PathPolicy,
    private readonly limits: ShellLimits,
    /** Protected paths beyond the defaults were configured (then every operand is inspected). */
    readonly extraProtected = false,
  ) {}

  deny<R extends FindingRule>(rule: R, reason: string, params: ParamsOf<R>): void {
    this.findings.push({ kind: 'deny', rule, reason, params });
  }

  undecidable(reason: string, opaque = false): void {
    this.findings.push({ kind: 'undecidable', rule: 'shell.undecidable', reason, ...(opaque ? { opaque } : {}) });
  }

  person<R extends FindingRule>(rule: R, reason: string, params: ParamsOf<R>): void {
    this.findings.push({ kind: 'person', rule, reason, params });
  }

  recordNetwork(what: string, host?: string): void {
    this.network.push(host === undefined ? { what } : { what, host });
  }

  recordDetached(what: string): void {
    this.detached.push(what);
    this.provable = false;
  }

  recordSend(how: 'stdin' | 'args'): void {
    if (how === 'stdin') this.stdinSends += 1;
    else this.argSends += 1;
  }

  /** True when the whole command line is proven to only read inside the workspace. */
  readOnly(): boolean {
    return this.provable && this.findings.length === 0 && this.writes.length === 0 && this.network.length === 0 && this.detached.length === 0;
  }

  run(source: string, state: ScopeState, ctx: WalkContext): void {
    if (ctx.depth > this.limits.maxDepth) {
      this.undecidable('commands are nested too deeply to analyse', true);
      return;
    }
    const ampersand = /(?<![&>|<])&(?![&>])/.test(source);
    this.mayBackground = ctx.depth === 0 ? ampersand : this.mayBackground || ampersand;
    let tree = this.parser.parse(source);
    if (tree.rootNode.hasError) {
      const expanded = expandCommandPositionBraces(source);
      const retry = expanded === source ? undefined : this.parser.parse(expanded);
      if (retry && !retry.rootNode.hasError) {
        tree.delete();
        tree = retry;
      } else retry?.delete();
    }
    try {
      if (tree.rootNode.hasError) this.undecidable('the command does not parse as shell', true);
      this.walk(tree.rootNode, state, ctx);
    } finally {
      tree.delete();
    }
  }

  walk(node: Node, state: ScopeState, ctx: WalkContext): void {
    this.nodes += 1;
    if (this.nodes === this.limits.maxNodes) this.undecidable('the command is too large to analyse', true);
    if (this.nodes >= this.limits.maxNodes) return;
    switch (node.type) {
      case 'comment':
        return;
      case 'command':
        this.handleCommand(node, [], state, ctx);
        return;
      case 'redirected_statement': {
        const body = node.childForFieldName('body');
        const redirects = node.namedChildren.filter((c): c is Node => c !== null && REDIRECT_TYPES.has(c.type));
        if (body?.type === 'command') this.handleCommand(body, redirects, state, ctx);
        else {
          if (body) this.walk(body, state, ctx);
          for (const r of redirects) handleRedirect(this, r, state, ctx, {});
        }
        return;
      }
      case 'subshell':
        this.walkChildren(node, cloneState(state), ctx);
        return;
      case 'command_substitution': {
        this.provable = false;
        // `$(< file)` is bash's `$(cat file)`: read as that, so a protected, secret or outside file counts.
        const only = node.namedChildren.length === 1 ? node.namedChildren[0] : null;
        if (only?.type === 'file_redirect' && only.children.some((c) => c?.text === '<')) {
          const target = only.namedChildren.find((c) => c !== null && c.type !== 'file_descriptor');
          if (target) this.runArgv([{ text: 'cat', glob: false }, ...evalWord(target, state)], cloneState(state), { ...ctx, stage: undefined, input: undefined, via: [...ctx.via, '$(<)'] });
          return;
        }
        this.walkChildren(node, cloneState(state), { ...ctx, stage: undefined, input: undefined });
        return;
      }
      case 'process_substitution': {
        // In `>(cmd)`, cmd reads what the outer command writes: a shell there runs unknown input.
        this.provable = false;
        const info = newStage();
        this.walkChildren(node, cloneState(state), { ...ctx, stage: node.text.startsWith('>(') ? info : undefined, input: undefined });
        if (info.stdinShell || info.stdinCode) this.undecidable('a shell or interpreter runs what another command writes to it', true);
        return;
      }
      case 'pipeline':
        handlePipeline(this, node, state, ctx);
        return;
      case 'variable_assignment':
        this.handleAssignment(node, state, ctx);
        return;
      case 'declaration_command': {
        // `export`, `export -p`, `declare -x`: print every exported variable.
        const words = node.namedChildren.filter((c): c is Node => c !== null);
        if (words.every((w) => w.type === 'word' && /^-[px]+$/.test(w.text))) this.secretReads += 1;
        this.walkChildren(node, state, ctx);
        return;
      }
      case 'unset_command':
        for (const c of node.namedChildren) if (c && c.type === 'word') assignVar(state, c.text, '');
        return;
      case 'function_definition': {
        this.provable = false;
        const name = node.childForFieldName('name')?.text ?? '';
        const body = node.childForFieldName('body');
        if (body && forkBombIn(name, body)) this.deny('shell.fork_bomb', `function ${name.slice(0, 40)} calls itself in a pipe or in the background (fork bomb)`, { command: `${name.slice(0, 40)}()` });
        if (body) this.walk(body, cloneState(state), ctx);
        return;
      }
      case 'for_statement':
      case 'select_statement':
        walkForLoop(this, node, state, ctx);
        return;
      case 'while_statement':
      case 'c_style_for_statement': {
        const before = this.detached.length;
        const body = node.childForFieldName('body');
        const start = loopMark(this);
        let mark = start;
        for (const child of node.namedChildren) {
          if (!child) continue;
          if (child.id === body?.id) mark = loopMark(this);
          this.walk(child, state, ctx);
        }
        const endless = loopIsEndless(node, state);
        if (this.detached.length > before && endless) {
          this.deny('shell.fork_bomb', 'an endless loop starts background or detached processes (runaway)', { command: show(node.text) });
        }
        checkBeacon(this, node, start, mark, endless);
        return;
      }
      default:
        this.walkChildren(node, state, ctx);
    }
  }

  walkChildren(node: Node, state: ScopeState, ctx: WalkContext): void {
    if (!this.mayBackground) {
      for (const child of node.namedChildren) if (child) this.walk(child, state, ctx);
      return;
    }
    for (let i = 0; i < node.childCount; i++) {
      const child = node.child(i);
      if (!child) continue;
      if (child.isNamed) this.walk(child, state, ctx);
      else if (child.type === '&') this.recordDetached('a background job (&)');
    }
  }

  private handleAssignment(node: Node, state: ScopeState, ctx: WalkContext): void {
    const name = node.childForFieldName('name');
    const value = node.childForFieldName('value');
    if (value) this.walk(value, cloneState(state), { ...ctx, stage: undefined });
    if (!name) return;
    if (name.type !== 'variable_name' || node.text.slice(name.endIndex - node.startIndex).startsWith('+=')) {
      const base = name.type === 'subscript' ? name.namedChildren[0]?.text : name.text;
      if (base) assignVar(state, base, undefined);
      return;
    }
    if (!value) {
      assignVar(state, name.text, '');
      return;
    }
    const words = evalWord(value, state);
    const text = words.some((w) => w.text === undefined) ? undefined : words.map(wordValue).join(' ');
    if (isCommandVariable(name.text)) commandEnv(this, state, ctx).runScript(text, `${name.text}=`);
    assignVar(state, name.text, text);
  }

  handleCommand(node: Node, extraRedirects: Node[], state: ScopeState, ctx: WalkContext): void {
    const groups: Node[][] = [];
    const redirects = [...extraRedirects];
    let prev: Node | undefined;
    const before = { secret: this.secretReads, stdin: this.stdinSends, args: this.argSends };
    const prefix = new Map<string, string | undefined>();
    for (let i = 0; i < node.childCount; i++) {
      const child = node.child(i);
      if (!child) continue;
      const field = node.fieldNameForChild(i);
      if (REDIRECT_TYPES.has(child.type)) redirects.push(child);
      else if (field === 'name' || field === 'argument') {
        const gap = prev ? node.text.slice(prev.endIndex - node.startIndex, child.startIndex - node.startIndex) : '';
        const last = groups[groups.length - 1];
        if (prev && gap === '\\\n' && last) last.push(child);
        else groups.push([child]);
        prev = child;
      }
      if (child.isNamed && !REDIRECT_TYPES.has(child.type)) this.walk(child, cloneState(state), { ...ctx, stage: undefined, input: undefined });
      if (child.type === 'variable_assignment') prefixAssignment(child, state, prefix);
    }
    if ([...prefix.keys()].some((k) => k.startsWith('GIT_CONFIG_') || k === 'GIT_ALLOW_PROTOCOL')) checkGitConfigEnv(commandEnv(this, state, ctx, node), prefix);
    const fed = redirects.map((r) => inputText(r, state)).find((t) => t !== null);
    const stageInput = ctx.stage?.input?.kind === 'text' ? ctx.stage.input.text : undefined;
    const input = fed === null || fed === undefined ? (redirects.some((r) => r.type !== 'file_redirect') ? undefined : stageInput) : fed;
    const argv = groups.flatMap((g) => evalNodes(g, state));
    const secretInArgs = this.secretReads > before.secret;
    const outcome = this.runArgv(argv, state, { ...ctx, input }, node);
    const head = argv[0]?.text;
    let output = head === undefined ? undefined : staticOutput(canonicalName(posix.basename(head)), argv.slice(1), input);
    if (head === 'cat' && argv.length === 1) output = input === undefined ? undefined : { kind: 'text', text: input };
    const passive = head !== undefined && SEARCH_TOOLS.has(canonicalName(posix.basename(head)));
    const secretBefore = this.secretReads;
    for (const r of redirects) handleRedirect(this, r, state, ctx, outcome, output, passive);
    const secretFed = this.secretReads > secretBefore;
    const sentArgs = this.argSends > before.args;
    const sentStdin = this.stdinSends > before.stdin;
    if ((secretInArgs && (sentArgs || sentStdin)) || (secretFed && sentStdin)) {
      this.deny('shell.exfiltration', 'the command sends the environment or a secret file over the network', { command: show(node.text) });
    }
  }

  /** Analyses one command given as words: the entry point for wrappers as well. */
  runArgv(argv: ShellWord[], state: ScopeState, ctx: WalkContext, node?: Node): CommandOutcome {
    const head = argv[0];
    if (!head) return {};
    const args = argv.slice(1);
    if (head.text === undefined || head.glob) {
      this.provable = false;
      this.commands.push({ name: undefined, args: args.map((a) => a.text), via: ctx.via, depth: ctx.depth });
      this.undecidable(head.glob ? 'the command name is a glob pattern' : 'the command name is built at run time', true);
      return {};
    }
    const name = canonicalName(posix.basename(head.text));
    const aliased = state.vars.get(`${ALIAS_PREFIX}${head.text}`);
    if (aliased !== undefined && !ctx.via.includes(`alias ${head.text}`)) {
      const words = aliased.split(/\s+/).filter((w) => w.length > 0).map((text) => ({ text, glob: false }));
      return this.runArgv([...words, ...args], state, { ...ctx, via: [...ctx.via, `alias ${head.text}`] }, node);
    }
    const passive = SEARCH_TOOLS.has(name) || (name === 'git' && /^(?:grep|log|show|diff|blame)$/.test(args.find((a) => !a.text?.startsWith('-'))?.text ?? ''));
    for (const word of argv) {
      if (word.text === undefined) continue;
      if (!passive && mentionsMetadataEndpoint(word.text)) this.deny('shell.cloud_metadata', 'the command reaches a cloud metadata endpoint', { command: name });
      if (mentionsDevTcp(word.text)) this.deny('shell.reverse_shell', 'the command opens a raw network socket through /dev/tcp or /dev/udp', { command: name });
    }
    this.commands.push({ name, args: args.map((a) => a.text), via: ctx.via, depth: ctx.depth });
    const env = commandEnv(this, state, ctx, node);
    if (head.text.includes('/')) env.checkRunsFile(head, name);
    if (ctx.stage) {
      ctx.stage.commands += 1;
      ctx.stage.output = staticOutput(name, args, ctx.input);
    }
    const category = commandCategory(name);
    if (category === 'downloader' || category === 'network') {
      this.recordNetwork(name, args.map((a) => hostOf(a.text)).find((h) => h !== undefined));
      if (ctx.via.some((v) => v === 'xargs' || v === 'parallel')) this.recordSend('stdin');
    } else if (ENV_DUMP(name, args)) this.secretReads += 1;
    else if (args.some((a) => secretOperand(a, () => this.peek(a, state), this.extraProtected))) this.secretReads += 1;
    checkProtectedRead(name, args, env);
    checkTraversalReads(name, args, env);
    const outcome = handlerFor(name)?.(args, env, name) ?? {};
    if (this.provable && !provesReadOnly(name, args, env)) this.provable = false;
    if (node) this.checkSubstitutedCode(name, node, outcome);
    if (ctx.stage) {
      ctx.stage.downloader ||= category === 'downloader';
      ctx.stage.network ||= category === 'network' || outcome.network === true;
      ctx.stage.shell ||= category === 'shell' || outcome.stdin === 'shell';
      ctx.stage.stdinCode ||= outcome.stdin !== undefined;
      ctx.stage.stdinShell ||= outcome.stdin === 'shell';
    }
    return outcome;
  }

  /** `bash <(curl …)`, `source <(wget -O- …)`, `python -c "$(curl …)"`, `eval "$(curl …)"`. */
  private checkSubstitutedCode(name: string, node: Node, outcome: CommandOutcome): void {
    const category = commandCategory(name);
    if (category !== 'shell' && category !== 'interpreter' && name !== 'eval' && name !== 'source' && name !== '.' && outcome.stdin === undefined) return;
    const inner = commandNamesIn(node, ['process_substitution', 'command_substitution']);
    if (inner.some((n) => commandCategory(canonicalName(n)) === 'downloader')) this.deny('shell.download_exec', 'downloaded content is run as code', { command: name });
  }

  checkRunsFile(word: ShellWord | undefined, state: ScopeState, ctx: WalkContext, what: string): void {
    if (word?.text === undefined || state.cwd === undefined || state.cwd === HOME_CWD) return;
    const path = posix.resolve(state.cwd, word.text);
    if (this.downloads.has(path)) this.deny('shell.download_exec', `${what} runs a file downloaded by this command line`, { command: what });
    else if (this.written.has(path)) {
      const content = this.written.get(path);
      if (content === undefined) this.undecidable(`${what} runs a file this command line wrote with content unknown statically`, true);
      else this.run(content, cloneState(state), { depth: ctx.depth + 1, via: [...ctx.via, `script ${word.text}`], stage: undefined });
    }
  }

  /** Remembers files written by a redirection, with their content when `echo`/`printf` makes it known. */
  recordWrite(word: ShellWord, state: ScopeState, op: string, output: StaticOutput | undefined): void {
    if (word.text === undefined || state.cwd === undefined || state.cwd === HOME_CWD) return;
    const path = posix.resolve(state.cwd, word.text);
    if (output?.kind === 'download') this.downloads.add(path);
    const before = this.written.get(path);
    const text = output?.kind === 'text' ? output.text : undefined;
    if (op === '>>' && this.written.has(path)) this.written.set(path, before === undefined || text === undefined ? undefined : `${before}\n${text}`);
    else this.written.set(path, text);
  }

  /** A path word's inspection without reporting anything; undefined when it is not known statically. */
  peek(word: ShellWord, state: ScopeState): PathInspection | undefined {
    if (word.text === undefined) return undefined;
    const relative = !word.text.startsWith('/') && !word.text.startsWith('~');
    if (relative && state.cwd === undefined) return undefined;
    if (relative && state.cwd === HOME_CWD) return { class: 'outside', isRoot: false, containsProtected: false };
    // Several rules look at the same operand: inspect it once per working directory and glob mode.
    const key = `${state.cwd ?? ''}\0${word.glob ? 1 : 0}${state.dotglob ? 1 : 0}\0${word.text}`;
    let ins = this.peeked.get(key);
    if (ins === undefined) {
      ins = this.policy.inspect(word.text, { cwd: state.cwd, glob: word.glob, globDot: state.dotglob });
      this.peeked.set(key, ins);
    }
    return ins;
  }

  inspect(word: ShellWord, state: ScopeState, what: string, globDot = false): PathInspection | undefined {
    if (word.text === undefined) {
      this.undecidable(`${what}: the path is built at run time`);
      return undefined;
    }
    const relative = !word.text.startsWith('/') && !word.text.startsWith('~');
    if (relative && state.cwd === undefined) {
      this.undecidable(`${what}: the working directory is not known statically`);
      return undefined;
    }
    if (relative && state.cwd === HOME_CWD) return { class: 'outside', isRoot: false, containsProtected: false };
    return this.policy.inspect(word.text, { cwd: state.cwd, glob: word.glob, globDot: globDot || state.dotglob });
  }

  /** Records a file change; the target counts only when it is one known file inside the workspace. */
  recordChange(what: string, word: ShellWord | undefined, state: ScopeState): void {
    const text = word?.text;
    const tilde = text?.startsWith('~') === true;
    const known = text !== undefined && !word?.glob && !tilde && (text.startsWith('/') || (state.cwd !== undefined && state.cwd !== HOME_CWD));
    const ins = known ? this.policy.inspect(text, { cwd: state.cwd, glob: false }) : undefined;
    const outside = ins?.class === 'outside' || tilde || (text !== undefined && !text.startsWith('/') && state.cwd === HOME_CWD);
    this.writes.push({ what, path: ins?.class === 'outside' ? undefined : ins?.relative, ...(outside ? { outside: true } : {}) });
  }
}

/** `NAME=value` before a command: the value it has in that command's environment (undefined: run time). */
function prefixAssignment(node: Node, state: ScopeState, into: Map<string, string | undefined>): void {
  const name = node.childForFieldName('name');
  const value = node.childForFieldName('value');
  if (name?.type !== 'variable_name') return;
  const words = value ? evalWord(value, state) : [{ text: '', glob: false }];
  into.set(name.text, words.some((w) => w.text === undefined) ? undefined : words.map((w) => w.text).join(' '));
}

function hostOf(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const url = /^[a-z][a-z0-9+.-]*:\/\/(?:[^/@\s]*@)?(\[[0-9a-f:]+\]|[^/:?#\s]+)/i.exec(text);
  if (url) return url[1];
  const bare = /^(?:[^@\s/]+@)?((?:[a-z0-9-]+\.)+[a-z]{2,}|\d{1,3}(?:\.\d{1,3}){3}|localhost)(?::\d+)?(?:\/\S*)?$/i.exec(text);
  return bare?.[1];
}
