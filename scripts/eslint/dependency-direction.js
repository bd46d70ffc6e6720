// ARCHITECTURE.md §1: a library package imports @warden/protocol and its own
// files only. Composers (apps/*, examples/, bench/, tests) may import more.
import path from 'node:path';

/** Packages that compose others on purpose, with what each may import. */
export const COMPOSERS = {
  // web: the governance file's approval_notify webhook goes out through web's governed egress (address policy, guarded request), loaded on first use.
  harness: ['protocol', 'core', 'providers', 'tools', 'sessions', 'governance', 'web'],
  'pack-containment': ['protocol', 'harness', 'core', 'tools', 'governance', 'evidence'],
  fleet: ['protocol', 'harness', 'sessions', 'governance'],
  // The MCP and A2A servers serve governed harnesses to other programs; tools only for its error codes' type.
  serve: ['protocol', 'harness', 'tools'],
  // Workflows evaluate templates in governance's expression language; agents and stores are handed in.
  workflows: ['protocol', 'governance'],
  // Evaluation runs golden tasks through evidence's repeat machinery and replays sessions through the harness.
  eval: ['protocol', 'evidence', 'harness'],
  // Media talks to vendors through the providers' transport (`@warden/providers/transport`), not a second HTTP stack.
  media: ['protocol', 'providers'],
  // Knowledge embeds through the providers' transport (`@warden/providers/transport`), like media.
  knowledge: ['protocol', 'providers'],
  // The orchestrator plans with governance's plan linter and runs every agent through the governed harness (or, with fleetAgents, as fleet jobs; @warden/fleet is an optional peer).
  orchestrator: ['protocol', 'governance', 'harness', 'fleet'],
  // The shell analyzer left governance for its own package; governance composes it and re-exports its surface.
  governance: ['protocol', 'shell-policy'],
};

const PACKAGE_SOURCE = /(?:^|[\\/])packages[\\/]([^\\/]+)[\\/]src[\\/]/;
const TEST_FILE = /\.(test|spec)\.[cm]?[jt]sx?$|[\\/](test|__tests__|__fixtures__)[\\/]/;

/** @returns {{ pkg: string, root: string } | undefined} */
function libraryFile(filename) {
  const match = PACKAGE_SOURCE.exec(filename);
  if (!match || TEST_FILE.test(filename)) return undefined;
  const srcEnd = match.index + match[0].length;
  return { pkg: match[1], root: filename.slice(0, srcEnd - '/src/'.length) };
}

function allowedFor(pkg) {
  return new Set(['protocol', pkg, ...(COMPOSERS[pkg] ?? [])]);
}

/** @type {import('eslint').Rule.RuleModule} */
export const dependencyDirection = {
  meta: {
    type: 'problem',
    docs: { description: 'A Warden library package may import only @warden/protocol and its own files (ARCHITECTURE.md §1).' },
    messages: {
      forbiddenPackage:
        '{{pkg}} may not import {{source}}: library packages depend on @warden/protocol only (ARCHITECTURE.md §1). Move the shared contract into @warden/protocol, or compose in apps/cli.',
      leavesPackage: '{{pkg}} may not import {{source}}: it reaches into another package\'s files. Import a published entry point instead.',
    },
    schema: [],
  },
  create(context) {
    const filename = context.filename ?? context.getFilename();
    const file = libraryFile(filename);
    if (!file) return {};
    const allowed = allowedFor(file.pkg);
    const packageRoot = file.root;

    function check(node, source) {
      if (typeof source !== 'string') return;
      const scoped = /^@warden\/([^/]+)/.exec(source);
      if (scoped) {
        if (!allowed.has(scoped[1])) context.report({ node, messageId: 'forbiddenPackage', data: { pkg: `@warden/${file.pkg}`, source } });
        return;
      }
      if (source.startsWith('.')) {
        const target = path.resolve(path.dirname(filename), source);
        const rel = path.relative(packageRoot, target);
        if (rel.startsWith('..') || path.isAbsolute(rel)) {
          context.report({ node, messageId: 'leavesPackage', data: { pkg: `@warden/${file.pkg}`, source } });
        }
      }
    }

    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
      CallExpression: (node) => {
        if (node.callee.type === 'Identifier' && node.callee.name === 'require' && node.arguments[0]?.type === 'Literal') {
          check(node, node.arguments[0].value);
        }
      },
    };
  },
};

/** @type {import('eslint').Rule.RuleModule} */
export const maxLinesHard = {
  meta: {
    type: 'suggestion',
    docs: { description: 'Fails a file past a hard line limit (max-lines only warns earlier).' },
    messages: { tooLong: 'This file has {{count}} lines of code; the hard limit is {{max}}. Split it by concept.' },
    schema: [{ type: 'object', properties: { max: { type: 'integer' } }, additionalProperties: false }],
  },
  create(context) {
    const max = context.options[0]?.max ?? 800;
    return {
      'Program:exit'(node) {
        const lines = context.sourceCode.lines.filter((line) => line.trim() !== '' && !/^\s*(\/\/|\*|\/\*)/.test(line)).length;
        if (lines > max) context.report({ node, messageId: 'tooLong', data: { count: String(lines), max: String(max) } });
      },
    };
  },
};

export default {
  meta: { name: 'eslint-plugin-warden-internal', version: '0.0.0' },
  rules: { 'dependency-direction': dependencyDirection, 'max-lines-hard': maxLinesHard },
};
