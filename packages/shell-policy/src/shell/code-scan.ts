import type { CommandEnv } from './command-env.js';
import { readCallArgument, readLiteral } from './code-literals.js';
import { mentionsMetadataEndpoint } from './host-indicators.js';
import { isSecretPath } from './secret-paths.js';

/** The language of inline code, for what its strings interpolate. */
export type CodeLanguage = 'python' | 'js' | 'perl' | 'ruby' | 'php' | 'lua' | 'pwsh' | 'awk' | 'other';

const INTERPOLATES: Partial<Record<CodeLanguage, RegExp>> = {
  perl: /[$@][\w{]/,
  php: /\$[\w{]/,
  ruby: /#\{/,
  pwsh: /\$[\w({]/,
};

/** Raw sockets, by any name: the word socket, Node's `net`/`tls`/`dgram`, PHP's fsockopen, awk's /inet/… */
const RAW_NETWORK = /socket|\bnet\.(?:connect|createConnection|Socket|createServer)\b|require\s*\(\s*['"](?:node:)?(?:net|tls|dgram)['"]\s*\)|from\s+['"](?:node:)?(?:net|tls|dgram)['"]|\btls\.connect|\bdgram\b|\bfsockopen|open_connection|create_connection|TcpClient|UdpClient|TCPServer|\/inet[46]?\/|Deno\.(?:connect|listen)|Bun\.(?:connect|listen)|telnetlib|\bIO::Socket|\bconnect\s*\(\s*\d+\s*,/i;
/** Downloads inside code. */
const HTTP_FETCH = /urlopen|urllib|\brequests\.(?:get|post|put|request|Session)|http\.client|httplib|\bfetch\s*\(|XMLHttpRequest|\bhttps?\.(?:get|request)\s*\(|Net::HTTP|open-uri|URI\.open|\bLWP\b|HTTP::Tiny|Invoke-WebRequest|\biwr\b|Invoke-RestMethod|\birm\b|WebClient|Download(?:String|File|Data)|Start-BitsTransfer|System\.Net\.|file_get_contents\s*\(\s*['"]https?:|curl_exec|\bwget\b|\bcurl\b|ftplib|smtplib|paramiko|WebSocket|https?:\/\//i;
/** Code that turns data into code or a shell. */
const RUNS_CODE = /\beval\s*\(|\bexec\s*\(|\biex\b|Invoke-Expression|\bnew\s+Function\b|\bFunction\s*\(|\bvm\.run|\bload(?:string)?\s*\(|instance_eval|execfile|\bcompile\s*\(/i;
const SHELLISH = /\/bin\/(?:ba|z|da|k|c|tc)?sh\b|\bcmd(?:\.exe)?\b|pty\.spawn|subprocess|child_process|dup2|\bexec[lv]?p?e?\s*\(|\bspawn\s*\(|proc_open|popen|\bsystem\s*\(|Start-Process|\biex\b|Invoke-Expression|\|&|\bexec\s+['"\w]/i;
/** The whole environment sent somewhere. */
const WHOLE_ENVIRONMENT = /(?:dict|str|repr|json\.dumps)\s*\(\s*os\.environ\s*[),]|os\.environ\.(?:items|copy)\s*\(|JSON\.stringify\s*\(\s*process\.env\s*[),]|\bENV\.(?:to_h|to_a|inspect)\b|%ENV\b|getenv\s*\(\s*\)|Get-ChildItem\s+env:|\bgci\s+env:|ENVIRON\s*\[?\s*\w*\s*in\b/i;
/** Names built at run time: imports of computed names, eval of strings, decoded payloads. */
const OBFUSCATED = /__import__\s*\(\s*(?!['"][\w.]+['"]\s*\))|importlib|getattr\s*\(|globals\s*\(\s*\)\s*\[|\beval\s*\(|\bexec\s*\(|\bnew\s+Function\b|\bFunction\s*\(|\brequire\s*\(\s*(?!['"][\w@/.:-]+['"]\s*\))|\bimport\s*\(\s*(?!['"])|Invoke-Expression|\biex\b|b64decode|\batob\s*\(|fromCharCode|unhexlify|bytes\.fromhex|codecs\.decode|FromBase64String|\bpack\s*\(\s*['"][Hh]/;

/** `fork while fork`, `while True: os.fork()`, `for(;;) fork()`, `while(1) spawn(…)`. */
const FORK_LOOP = /fork\s*(?:\(\s*\))?\s*while\s*(?:fork|1|true)|while\s*\(?\s*(?:1|true|True)\s*\)?\s*:?\s*\{?[^}\n]{0,60}\b(?:fork|spawn|Popen|exec(?:Sync)?|system)\s*\(|os\.fork\(\)\s*(?:;|\n)\s*while|for\s*\(\s*;\s*;\s*\)\s*\{?[^}]{0,60}\b(?:fork|spawn|exec|system)/;

/** A timer around the calls: `setInterval`, or a loop that sleeps (`while True: …; time.sleep(60)`). */
const BEACON = /\bsetInterval\s*\(|\bsetTimeout\b[\s\S]*\bsetTimeout\b|(?:\bwhile\b|\bfor\b|\bloop\b|\.times\b)[\s\S]*\b(?:sleep|usleep|setTimeout|Start-Sleep)\b|\b(?:sleep|Start-Sleep)\b[\s\S]*\b(?:while|for|loop|redo)\b/;

/** Calls that start a process; their (literal) argument is analysed as a command line. */
const SPAWN_CALL = /\b(?:os\.(?:system|popen|exec[lv]p?e?|spawn[lv]p?e?)|subprocess\.(?:run|call|check_call|check_output|Popen|getoutput|getstatusoutput)|(?:child_process\.|cp\.)?(?:execSync|execFileSync|spawnSync|execFile|exec|spawn)|shell_exec|passthru|proc_open|popen|pcntl_exec|IO\.popen|Open3\.\w+|Kernel\.(?:system|exec|spawn)|Process\.spawn|Deno\.(?:run|Command)|Bun\.spawn(?:Sync)?|Start-Process|system)\b(?=\s*[("'[`]|\s+['"])/g;
/** Perl/Ruby/PHP backticks, `qx(…)`, `%x(…)`: a shell command. */
const BACKTICKS = /`([^`]*)`|\bqx\s*([({/])((?:(?!\2).)*?)[)}/]|%x([({[])(.*?)[)}\]]/gs;
/** awk: `"cmd" | getline`, `print | "cmd"`, `print |& "cmd"` (two-way pipe). */
const AWK_PIPES = /("(?:[^"\\]|\\.)*")\s*\|&?\s*getline|(?<!\|)\|&?(?!\|)\s*("(?:[^"\\]|\\.)*")|(\b\w+|\))\s*\|&?\s*getline|(?<!\|)\|&?(?!\|)\s*(\b[a-zA-Z_]\w*\b)(?!\s*\()/g;

const DELETE_CALL = /\b(?:shutil\.rmtree|os\.(?:remove|unlink|rmdir|removedirs)|(?:fs\.(?:promises\.)?)?(?:rmSync|unlinkSync|rmdirSync)|fs\.(?:promises\.)?(?:rm|unlink|rmdir)|rimraf(?:\.sync)?|remove_tree|rmtree|FileUtils\.(?:rm_rf|rm_r|rm_f|rm|remove_dir|remove_entry(?:_secure)?)|File\.delete|Dir\.(?:rmdir|delete)|Deno\.remove(?:Sync)?|unlink|rmdir|os\.remove)\b/g;
const WRITE_CALL = /\b(?:(?:fs\.(?:promises\.)?)?(?:writeFileSync|appendFileSync)|fs\.(?:promises\.)?(?:writeFile|appendFile)|file_put_contents|File\.write|IO\.write|Deno\.writeTextFile(?:Sync)?)\b|\bopen\s*(?=\(\s*(?:r|b|rb|f)?['"][^'"]*['"]\s*,\s*['"][wax])/g;
/** What still starts processes, deletes or writes after the literal calls were read. */
const SPAWNS = /\bsystem\b|\b(?:execSync|execFileSync|execFile|spawnSync|fork)\b|%x[({[]|\bexec(?:[lv]p?e?|Sync|File|FileSync)?\s*\(|popen|subprocess|\bspawn|child_process|os\.(?:system|exec|kill)|\bqx\s*[({/]|Runtime\.getRuntime|proc_open|shell_exec|passthru|Deno\.(?:run|Command)|Bun\.spawn|\|&?\s*getline|\|&|Start-Process|`/;
const CHANGES = /\b(?:rmSync|unlinkSync|rmdirSync|writeFileSync|appendFileSync)\b|\.(?:rm|unlink|rmdir|writeFile|appendFile|write_text|write_bytes|unlink)\s*\(|shutil\.(?:rmtree|move)|os\.(?:remove|unlink|rmdir|removedirs|rename|replace)|\b(?:unlink|rmdir|rmtree|remove_dir_all|remove_file)\b|FileUtils\.|File\.(?:delete|write)|Deno\.remove|file_put_contents|\bopen\s*\([^)]*['"][wax]|\bopen\s*\([^)]*['"]\+?>|\bopen\s*\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*,\s*(?:mode\s*=\s*)?['"][a-z]*[wax+]/;

/** Importing the process modules is harmless once every call through them was read. */
const SPAWN_IMPORTS = /(?:(?:const|let|var)\s*\{[\w\s,]*\}\s*=\s*)?require\s*\(\s*['"](?:node:)?child_process['"]\s*\)|\bimport\s+(?:subprocess|os|shutil)(?:\s*,\s*(?:subprocess|os|shutil|sys|json))*\b(?!\s*\.|\s+as\b)|\bfrom\s+['"](?:node:)?child_process['"]|\bimport\s*\{[^}]*\}\s*from\s*['"](?:node:)?child_process['"]/g;

function blank(code: string, from: number, to: number): string {
  return code.slice(0, from) + ' '.repeat(Math.max(0, to - from)) + code.slice(to);
}

function firstUrlHost(code: string): string | undefined {
  return /\b[a-z][a-z0-9+.-]*:\/\/(?:[^\s/'"`@]+@)?(\[[0-9a-f:]+\]|[^\s/'"`?#:]+)/i.exec(code)?.[1];
}

/**
 * Reads what inline code does, as far as that can be read without running it: network use, raw
 * sockets handed to a shell (reverse shell), downloads evaluated as code, the whole environment or a
 * secret file sent out, commands in `system()`/`os.system`/`subprocess`/`child_process`/backtick strings
 * (analysed as shell), files deleted or written through literal paths (checked like `rm`/`>`). What it
 * cannot read — a computed import, an eval, a command or path built at run time — is undecidable.
 */
export function scanInlineCode(code: string, language: CodeLanguage, env: CommandEnv, what: string, command = what): void {
  const interpolates = INTERPOLATES[language];
  if (mentionsMetadataEndpoint(code)) env.deny('shell.cloud_metadata', `${what} reaches a cloud metadata endpoint`, { command });
  const raw = RAW_NETWORK.test(code);
  const fetches = HTTP_FETCH.test(code);
  if (raw || fetches) env.network(what, firstUrlHost(code));
  if (raw && SHELLISH.test(code)) env.deny('shell.reverse_shell', `${what} connects a network socket to a shell or a program (reverse shell)`, { command });
  if (/\/inet[46]?\//.test(code)) env.deny('shell.reverse_shell', `${what} opens a raw network socket through awk's /inet/ special files`, { command });
  if (fetches && RUNS_CODE.test(code)) env.deny('shell.download_exec', `${what} downloads code and evaluates it`, { command });
  if ((raw || fetches) && (WHOLE_ENVIRONMENT.test(code) || literalPaths(code, interpolates).some(isSecretPath))) {
    env.deny('shell.exfiltration', `${what} sends the environment or a secret file over the network`, { command });
  }
  if (FORK_LOOP.test(code)) env.deny('shell.fork_bomb', `${what} forks without bound (fork bomb)`, { command });
  if ((raw || fetches) && BEACON.test(code) && !/localhost|127\.0\.0\.1|\[::1\]/.test(code)) env.deny('shell.beacon', `${what} calls out to the network on a timer (beacon)`, { command });
  let rest = code;
  for (const m of code.matchAll(SPAWN_CALL)) {
    const arg = readCallArgument(code, m.index + m[0].length, interpolates);
    if (arg.value === undefined) {
      // A program or argument list built at run time: never a partial allow of the literal part.
      env.undecidable(`${what}: ${m[0]}() runs a command or arguments built at run time`, true);
      continue;
    }
    env.runScript(arg.value, `${what} ${m[0]}()`);
    rest = blank(rest, m.index, arg.end);
  }
  if (language === 'perl' || language === 'ruby' || language === 'php') {
    for (const m of code.matchAll(BACKTICKS)) {
      const inner = m[1] ?? m[3] ?? m[5] ?? '';
      if (interpolates?.test(inner)) continue;
      env.runScript(inner, `${what} backticks`);
      rest = blank(rest, m.index, m.index + m[0].length);
    }
  }
  if (language === 'awk') rest = awkPipes(code, rest, env, what);
  for (const m of code.matchAll(DELETE_CALL)) {
    const arg = readCallArgument(code, m.index + m[0].length, interpolates);
    if (arg.value === undefined || /^'.*' '/.test(arg.value)) continue;
    env.checkDelete({ text: arg.value, glob: false }, `${what} ${m[0]}`, { command: `${command} ${m[0]}` });
    rest = blank(rest, m.index, arg.end);
  }
  for (const m of code.matchAll(WRITE_CALL)) {
    const literal = readLiteral(code, code.indexOf('(', m.index + m[0].length - 1) + 1 || m.index + m[0].length, interpolates);
    if (!literal || literal.value === undefined) continue;
    env.checkWrite({ text: literal.value, glob: false }, `${what} ${m[0]}`, { command: `${command} ${m[0]}` });
    rest = blank(rest, m.index, literal.end);
  }
  rest = rest.replace(SPAWN_IMPORTS, (m) => ' '.repeat(m.length));
  if (OBFUSCATED.test(rest)) env.undecidable(`${what}: the code builds names or code at run time (eval, computed imports, decoded payloads)`, true);
  else if (SPAWNS.test(rest)) env.undecidable(`${what}: the code starts processes it names only at run time`, true);
  else if (CHANGES.test(rest)) {
    env.modifies(`${what} (paths built at run time)`);
    env.undecidable(`${what}: the code deletes or writes files whose paths are built at run time`);
  }
}

function awkPipes(code: string, rest: string, env: CommandEnv, what: string): string {
  let out = rest;
  for (const m of code.matchAll(AWK_PIPES)) {
    const quoted = m[1] ?? m[2];
    if (quoted === undefined) {
      env.undecidable(`${what}: awk pipes to or from a command built at run time`, true);
      continue;
    }
    const literal = readLiteral(quoted, 0, undefined);
    if (literal?.value !== undefined && !/^\/inet/.test(literal.value)) env.runScript(literal.value, `${what} pipe`);
    out = blank(out, m.index, m.index + m[0].length);
  }
  return out;
}

/** Every string literal in the code that looks like a path (for secret files sent out). */
function literalPaths(code: string, interpolates: RegExp | undefined): string[] {
  const out: string[] = [];
  for (const m of code.matchAll(/['"]/g)) {
    const literal = readLiteral(code, m.index, interpolates);
    if (literal?.value !== undefined && literal.value.length < 256 && !/\s/.test(literal.value)) out.push(literal.value);
  }
  return out;
}
