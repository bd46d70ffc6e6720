import { posix } from 'node:path';
import type { PathInspection, PathPolicy } from '../paths/path-policy.js';
import type { CommandEnv, CommandOutcome, StageInfo } from './command-env.js';
import { handlerFor, commandCategory } from './command-table.js';
import { isBlockDevice, isHarmlessDevice } from './device-paths.js';
import { mentionsDevTcp, mentionsMetadataEndpoint } from './host-indicators.js';
import type { BashParser, Node } from './parser-loader.js';
import { assignVar, cloneState, type ScopeState } from './scope-state.js';
import { isCommandVariable } from './command-variables.js';
import { codeIndicators, forkBombIn, commandNamesIn } from './tree-checks.js';
import { inputBody, inputText, pipelineStages, REDIRECT_TYPES } from './tree-shapes.js';
import type { ShellFinding, ShellWord, ShellWrite, SimpleCommand } from './types.js';
import { evalNodes, evalWord } from './word-eval.js';
import { ALIAS_PREFIX, HOME_CWD } from './interpreters.js';
import { staticOutput, type StaticOutput } from './static-output.js';

export interface ShellLimits {
  maxDepth: number;
  maxNodes: number;
}

interface WalkContext {
  depth: number;
  via: string[];
  stage: StageInfo | undefined;
}


function show(text: string): string {
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/** One analysis of one command line: walks the parse tree and records commands and findings. */
export class ShellRun {
  readonly commands: SimpleCommand[] = [];
  readonly findings: ShellFinding[] = [];
  /** Every file change found, with its workspace-relative target when that is one known file. */
  readonly writes: ShellWrite[] = [];
  readonly downloads = new Set<string>();
  /** Files written by this command line: known content, or undefined when unknown. */
  private readonly written = new Map<string, string | undefined>();
  private nodes = 0;

  constructor(
    private readonly parser: BashParser,
    private readonly policy: PathPolicy,
    private readonly limits: ShellLimits,
  ) {}

  deny(rule: string, reason: string): void {
    this.findings.push({ kind: 'deny', rule, reason });
  }

  undecidable(reason: string): void {
    this.findings.push({ kind: 'undecidable', rule: 'shell.undecidable', reason });
  }

  run(source: string, state: ScopeState, ctx: WalkContext): void {
    if (ctx.depth > this.limits.maxDepth) {
      this.undecidable('commands are nested too deeply to analyse');
      return;
    }
    const tree = this.parser.parse(source);
    try {
      if (tree.rootNode.hasError) this.undecidable('the command does not parse as shell');
      this.walk(tree.rootNode, state, ctx);
    } finally {
      tree.delete();
    }
  }

  private walk(node: Node, state: ScopeState, ctx: WalkContext): void {
    this.nodes += 1;
    if (this.nodes === this.limits.maxNodes) this.undecidable('the command is too large to analyse');
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
          for (const r of redirects) this.handleRedirect(r, state, ctx, {});
        }
        return;
      }
      case 'subshell':
        this.walkChildren(node, cloneState(state), ctx);
        return;
      case 'command_substitution':
        this.walkChildren(node, cloneState(state), { ...ctx, stage: undefined });
        return;
      case 'process_substitution': {
        // In `>(cmd)`, cmd reads what the outer command writes: a shell there runs unknown input.
        const info: StageInfo = { downloader: false, network: false, shell: false, stdinCode: false, stdinShell: false, commands: 0, output: undefined };
        this.walkChildren(node, cloneState(state), { ...ctx, stage: node.text.startsWith('>(') ? info : undefined });
        if (info.stdinShell || info.stdinCode) this.undecidable('a shell or interpreter runs what another command writes to it');
        return;
      }
      case 'pipeline':
        this.handlePipeline(node, state, ctx);
        return;
      case 'variable_assignment':
        this.handleAssignment(node, state, ctx);
        return;
      case 'unset_command':
        for (const c of node.namedChildren) if (c && c.type === 'word') assignVar(state, c.text, '');
        return;
      case 'function_definition': {
        const name = node.childForFieldName('name')?.text ?? '';
        const body = node.childForFieldName('body');
        if (body && forkBombIn(name, body)) this.deny('shell.fork_bomb', `function ${show(name)} calls itself in a pipe or in the background (fork bomb)`);
        if (body) this.walk(body, cloneState(state), ctx);
        return;
      }
      case 'for_statement':
      case 'select_statement': {
        const variable = node.childForFieldName('variable');
        if (variable) assignVar(state, variable.text, undefined);
        this.walkChildren(node, state, ctx);
        return;
      }
      default:
        this.walkChildren(node, state, ctx);
    }
  }

  private walkChildren(node: Node, state: ScopeState, ctx: WalkContext): void {
    for (const child of node.namedChildren) if (child) this.walk(child, state, ctx);
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
    const text = words.some((w) => w.text === undefined) ? undefined : words.map((w) => w.text).join(' ');
    if (isCommandVariable(name.text)) this.envFor(state, ctx).runScript(text, `${name.text}=`);
    assignVar(state, name.text, text);
  }

  private handlePipeline(node: Node, state: ScopeState, ctx: WalkContext): void {
    const stages: StageInfo[] = [];
    for (const stage of pipelineStages(node)) {
      const info: StageInfo = { downloader: false, network: false, shell: false, stdinCode: false, stdinShell: false, commands: 0, output: undefined };
      stages.push(info);
      const scope = cloneState(state);
      const stageCtx = { ...ctx, stage: info };
      if (stage.node.type === 'command') this.handleCommand(stage.node, stage.redirects, scope, stageCtx);
      else {
        this.walk(stage.node, scope, stageCtx);
        for (const r of stage.redirects) this.handleRedirect(r, scope, stageCtx, {});
      }
    }
    stages.forEach((stage, j) => {
      const previous = stages[j - 1];
      if (stage.stdinCode && stages.slice(0, j).some((s) => s.downloader)) {
        this.deny('shell.download_exec', 'a download is piped into an interpreter');
      } else if (stage.stdinShell && previous) {
        const output = previous.commands === 1 ? previous.output : undefined;
        if (output?.kind === 'text') this.run(output.text, cloneState(state), { depth: ctx.depth + 1, via: [...ctx.via, 'pipe'], stage: undefined });
        else if (output?.kind !== 'file') this.undecidable('a shell runs commands that another command prints');
      }
      if (stage.shell && stages.some((s, i) => i !== j && s.network)) {
        this.deny('shell.reverse_shell', 'a network connection is piped into a shell');
      }
    });
  }

  private handleCommand(node: Node, extraRedirects: Node[], state: ScopeState, ctx: WalkContext): void {
    const groups: Node[][] = [];
    const redirects = [...extraRedirects];
    let prev: Node | undefined;
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
      if (child.isNamed && !REDIRECT_TYPES.has(child.type)) this.walk(child, cloneState(state), { ...ctx, stage: undefined });
    }
    const argv = groups.flatMap((g) => evalNodes(g, state));
    const outcome = this.runArgv(argv, state, ctx, node);
    const head = argv[0]?.text;
    let output = head === undefined ? undefined : staticOutput(posix.basename(head), argv.slice(1));
    if (head === 'cat' && argv.length === 1) {
      const input = redirects.map((r) => inputText(r, state)).find((t) => t !== null);
      output = input === undefined || input === null ? undefined : { kind: 'text', text: input };
    }
    for (const r of redirects) this.handleRedirect(r, state, ctx, outcome, output);
  }

  /** Analyses one command given as words: the entry point for wrappers as well. */
  runArgv(argv: ShellWord[], state: ScopeState, ctx: WalkContext, node?: Node): CommandOutcome {
    const head = argv[0];
    if (!head) return {};
    for (const word of argv) {
      if (word.text === undefined) continue;
      if (mentionsMetadataEndpoint(word.text)) this.deny('shell.cloud_metadata', 'the command reaches a cloud metadata endpoint');
      if (mentionsDevTcp(word.text)) this.deny('shell.reverse_shell', 'the command opens a raw network socket through /dev/tcp or /dev/udp');
    }
    const args = argv.slice(1);
    if (head.text === undefined || head.glob) {
      this.commands.push({ name: undefined, args: args.map((a) => a.text), via: ctx.via, depth: ctx.depth });
      this.undecidable(head.glob ? 'the command name is a glob pattern' : 'the command name is built at run time');
      return {};
    }
    const name = posix.basename(head.text).toLowerCase();
    const aliased = state.vars.get(`${ALIAS_PREFIX}${head.text}`);
    if (aliased !== undefined && !ctx.via.includes(`alias ${head.text}`)) {
      const words = aliased.split(/\s+/).filter((w) => w.length > 0).map((text) => ({ text, glob: false }));
      return this.runArgv([...words, ...args], state, { ...ctx, via: [...ctx.via, `alias ${head.text}`] }, node);
    }
    this.commands.push({ name, args: args.map((a) => a.text), via: ctx.via, depth: ctx.depth });
    const env = this.envFor(state, ctx, node);
    if (head.text.includes('/')) env.checkRunsFile(head, name);
    if (ctx.stage) {
      ctx.stage.commands += 1;
      ctx.stage.output = staticOutput(name, args);
    }
    const outcome = handlerFor(name)?.(args, env, name) ?? {};
    if (node) this.checkSubstitutedCode(name, node, outcome);
    if (ctx.stage) {
      const category = commandCategory(name);
      ctx.stage.downloader ||= category === 'downloader';
      ctx.stage.network ||= category === 'network';
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
    if (inner.some((n) => commandCategory(n) === 'downloader')) this.deny('shell.download_exec', 'downloaded content is run as code');
  }

  private checkRunsFile(word: ShellWord | undefined, state: ScopeState, ctx: WalkContext, what: string): void {
    if (word?.text === undefined || state.cwd === undefined || state.cwd === HOME_CWD) return;
    const path = posix.resolve(state.cwd, word.text);
    if (this.downloads.has(path)) this.deny('shell.download_exec', `${what} runs a file downloaded by this command line`);
    else if (this.written.has(path)) {
      const content = this.written.get(path);
      if (content === undefined) this.undecidable(`${what} runs a file this command line wrote with content unknown statically`);
      else this.run(content, cloneState(state), { depth: ctx.depth + 1, via: [...ctx.via, `script ${word.text}`], stage: undefined });
    }
  }

  /** Remembers files written by a redirection, with their content when `echo`/`printf` makes it known. */
  private recordWrite(word: ShellWord, state: ScopeState, op: string, output: StaticOutput | undefined): void {
    if (word.text === undefined || state.cwd === undefined || state.cwd === HOME_CWD) return;
    const path = posix.resolve(state.cwd, word.text);
    if (output?.kind === 'download') this.downloads.add(path);
    const before = this.written.get(path);
    const text = output?.kind === 'text' ? output.text : undefined;
    if (op === '>>' && this.written.has(path)) this.written.set(path, before === undefined || text === undefined ? undefined : `${before}\n${text}`);
    else this.written.set(path, text);
  }

  private handleRedirect(node: Node, state: ScopeState, ctx: WalkContext, outcome: CommandOutcome, output?: StaticOutput): void {
    const env = this.envFor(state, ctx);
    if (node.type === 'file_redirect') {
      const op = node.children.find((c) => c !== null && !c.isNamed)?.text ?? '>';
      const targets = node.namedChildren.filter((c): c is Node => c !== null && c.type !== 'file_descriptor' && c.type !== 'ERROR');
      for (const target of targets) {
        if (target.type === 'process_substitution') {
          this.walk(target, cloneState(state), { ...ctx, stage: undefined });
          if (op === '<' && outcome.stdin && commandNamesIn(target, ['process_substitution']).some((n) => commandCategory(n) === 'downloader')) {
            this.deny('shell.download_exec', 'a download is fed to an interpreter');
          }
          continue;
        }
        this.walk(target, cloneState(state), { ...ctx, stage: undefined });
        for (const word of evalWord(target, state)) {
          if (word.text !== undefined && mentionsDevTcp(word.text)) {
            this.deny('shell.reverse_shell', 'a redirection opens a raw network socket through /dev/tcp or /dev/udp');
            continue;
          }
          const dup = (op === '>&' || op === '<&' || op === '&>' || op === '>&-' || op === '<&-') && (word.text === undefined ? false : /^(\d+|-)$/.test(word.text));
          if (dup || op.startsWith('<') && op !== '<>') continue;
          env.checkWrite(word, 'a redirection', { devices: true });
          if (op.includes('>')) this.recordWrite(word, state, op.startsWith('>>') || op === '&>>' ? '>>' : '>', output);
        }
      }
      return;
    }
    for (const child of node.namedChildren) if (child && REDIRECT_TYPES.has(child.type)) this.handleRedirect(child, state, ctx, outcome, output);
    const body = inputBody(node);
    if (!body) return;
    this.walk(body, cloneState(state), { ...ctx, stage: undefined });
    const text = inputText(node, state) ?? undefined;
    if (text !== undefined && mentionsMetadataEndpoint(text)) this.deny('shell.cloud_metadata', 'the input reaches a cloud metadata endpoint');
    if (text !== undefined && mentionsDevTcp(text)) this.deny('shell.reverse_shell', 'the input opens a raw network socket through /dev/tcp or /dev/udp');
    if (outcome.stdin === 'shell') env.runScript(text, node.type === 'heredoc_redirect' ? 'heredoc' : 'here-string', { sameShell: false });
    else if (outcome.stdin === 'code') env.scanCode(text);
  }

  private inspect(word: ShellWord, state: ScopeState, what: string, globDot = false): PathInspection | undefined {
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
  private recordChange(what: string, word: ShellWord | undefined, state: ScopeState): void {
    const text = word?.text;
    const known = text !== undefined && !word?.glob && !text.startsWith('~') && (text.startsWith('/') || (state.cwd !== undefined && state.cwd !== HOME_CWD));
    const ins = known ? this.policy.inspect(text, { cwd: state.cwd, glob: false }) : undefined;
    this.writes.push({ what, path: ins?.class === 'outside' ? undefined : ins?.relative });
  }

  private envFor(state: ScopeState, ctx: WalkContext, node?: Node): CommandEnv {
    return {
      state,
      depth: ctx.depth,
      downloads: this.downloads,
      checkRunsFile: (word, what) => this.checkRunsFile(word, state, ctx, what),
      deny: (rule, reason) => this.deny(rule, reason),
      undecidable: (reason) => this.undecidable(reason),
      inspect: (word, what, options) => this.inspect(word, state, what, options?.globDot),
      modifies: (what, word) => this.recordChange(what, word, state),
      checkDelete: (word, what, options) => {
        this.recordChange(what, word, state);
        const ins = this.inspect(word, state, what, options?.globDot);
        if (!ins) return;
        const target = show(word.text ?? '');
        if (ins.class === 'outside') this.deny('shell.delete_outside_workspace', `${what} removes ${target}, outside the workspace`);
        else if (ins.isRoot) this.deny('shell.delete_outside_workspace', `${what} removes the workspace root`);
        else if (ins.class === 'protected' || ins.containsProtected) this.deny('shell.delete_protected', `${what} removes the protected path ${target}`);
      },
      checkWrite: (word, what, options) => {
        const text = word.text;
        if (text !== undefined && text.startsWith('/dev/') && isBlockDevice(text)) {
          this.deny('shell.disk_write', `${what} writes to the block device ${show(text)}`);
          return;
        }
        if (text !== undefined && options?.devices && isHarmlessDevice(text)) return;
        this.recordChange(what, word, state);
        const ins = this.inspect(word, state, what);
        if (!ins) return;
        if (ins.class === 'outside') this.deny('shell.write_outside_workspace', `${what} writes to ${show(text ?? '')}, outside the workspace`);
        else if (ins.class === 'protected') this.deny('shell.write_protected', `${what} writes to the protected path ${show(text ?? '')}`);
      },
      runArgv: (argv, wrapper, inner) => this.runArgv(argv, inner ?? state, { ...ctx, via: [...ctx.via, wrapper] }, node),
      runScript: (text, wrapper, options) => {
        if (text === undefined) {
          this.undecidable(`${wrapper} runs a script that is built at run time`);
          return;
        }
        const scope = options?.sameShell ? state : cloneState(state);
        this.run(text, scope, { depth: ctx.depth + 1, via: [...ctx.via, wrapper], stage: ctx.stage });
      },
      scanCode: (text) => {
        if (text === undefined) return;
        for (const finding of codeIndicators(text)) {
          if (finding.kind === 'deny') this.deny(finding.rule, finding.reason);
          else this.undecidable(finding.reason);
        }
      },
    };
  }
}
