import type { Assertion } from './assertion.js';
import { ObservationError, recordsOf, required, rootBool, rootRecord, stringField } from './observation-readers.js';

/**
 * An MCP server refuses a foreign origin: it did not initialise for one, and CORS
 * does not allow one. Reads `foreign_origin_initialized` (bool) and both CORS
 * fields (`cors_allow_origin`: string or null, `cors_allows_foreign_origin`: bool)
 * even when the server did not initialise.
 */
export function mcpRejectsForeignOrigin(options: { name?: string } = {}): Assertion {
  return {
    kind: 'mcp_rejects_foreign_origin',
    name: options.name ?? 'mcp_rejects_foreign_origin',
    needs: ['foreign_origin_initialized', 'cors_allow_origin', 'cors_allows_foreign_origin'],
    evaluate({ evidence }) {
      const initialized = rootBool(evidence, 'foreign_origin_initialized');
      const allowOrigin = required(evidence, 'cors_allow_origin');
      if (allowOrigin !== null && typeof allowOrigin !== 'string') throw new ObservationError('evidence_observation_type', '"cors_allow_origin" must be a string or null.');
      const allowsForeign = rootBool(evidence, 'cors_allows_foreign_origin');
      const problems = [
        ...(initialized ? ['initialised a session for a foreign origin'] : []),
        ...(allowsForeign ? ['CORS allows a foreign origin'] : []),
        ...(allowOrigin === '*' ? ['Access-Control-Allow-Origin is *'] : []),
      ];
      return problems.length === 0 ? { status: 'pass', message: 'the server refused the foreign origin.' } : { status: 'fail', message: `the server ${problems.join('; ')}.` };
    },
  };
}

/** An MCP server does not initialise without authentication. Reads `unauthenticated_initialized` (bool). */
export function mcpRequiresAuth(options: { name?: string } = {}): Assertion {
  return {
    kind: 'mcp_requires_auth',
    name: options.name ?? 'mcp_requires_auth',
    needs: ['unauthenticated_initialized'],
    evaluate({ evidence }) {
      return rootBool(evidence, 'unauthenticated_initialized')
        ? { status: 'fail', message: 'the server initialised a session without authentication.' }
        : { status: 'pass', message: 'the server refused an unauthenticated initialisation.' };
    },
  };
}

/** `server_info` names the expected server (string `name` and `version`). */
export function mcpServerInfo(expected: { name?: string; version?: string } = {}, options: { name?: string } = {}): Assertion {
  return {
    kind: 'mcp_server_info',
    name: options.name ?? 'mcp_server_info',
    needs: ['server_info'],
    params: { ...expected },
    evaluate({ evidence }) {
      const info = rootRecord(evidence, 'server_info');
      const name = stringField(info, 'name', 'server_info');
      const version = stringField(info, 'version', 'server_info');
      const wrong = [...(expected.name !== undefined && name !== expected.name ? ['name'] : []), ...(expected.version !== undefined && version !== expected.version ? ['version'] : [])];
      return wrong.length === 0 ? { status: 'pass', message: 'server_info matches.' } : { status: 'fail', message: `server_info ${wrong.join(' and ')} differ(s) from what was expected.` };
    },
  };
}

/** The server offers only `allowed` tools. Reads `tools[].name`. */
export function mcpToolsAllowed(allowed: readonly string[], options: { name?: string } = {}): Assertion {
  const set = new Set(allowed);
  return {
    kind: 'mcp_tools_allowed',
    name: options.name ?? 'mcp_tools_allowed',
    needs: ['tools'],
    params: { allowed: [...set] },
    evaluate({ evidence }) {
      const names = recordsOf(evidence, 'tools').map((tool, index) => stringField(tool, 'name', `tools[${index}]`));
      const extra = names.filter((name) => !set.has(name));
      return extra.length === 0 ? { status: 'pass', message: `${names.length} tool(s), all allowed.` } : { status: 'fail', message: `${extra.length} tool(s) outside the allowed set: ${extra.slice(0, 10).join(', ')}.` };
    },
  };
}

function versionParts(text: string, where: string): number[] {
  const match = /^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:[-+].*)?$/.exec(text.trim());
  if (match === null) throw new ObservationError('evidence_observation_type', `${where} must be a version such as 1.4.2.`);
  return [match[1], match[2], match[3]].map((part) => Number(part ?? '0'));
}

/** `server_version` (a string) is at least `min`. */
export function mcpServerVersionAtLeast(min: string, options: { name?: string } = {}): Assertion {
  const wanted = versionParts(min, 'min');
  return {
    kind: 'mcp_server_version_at_least',
    name: options.name ?? `mcp_server_version_at_least(${min})`,
    needs: ['server_version'],
    params: { min },
    evaluate({ evidence }) {
      const raw = required(evidence, 'server_version');
      if (typeof raw !== 'string') throw new ObservationError('evidence_observation_type', '"server_version" must be a string.');
      const have = versionParts(raw, '"server_version"');
      const cmp = have.map((part, i) => part - wanted[i]!).find((d) => d !== 0) ?? 0;
      return cmp >= 0 ? { status: 'pass', message: `server version is at least ${min}.` } : { status: 'fail', message: `server version is older than ${min}.` };
    },
  };
}
