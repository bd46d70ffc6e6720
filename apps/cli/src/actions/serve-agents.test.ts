import { describe, expect, it } from 'vitest';
import { serveKeys } from './serve-agents.js';

const GOOD = 'k'.repeat(40);
const base = { flag: undefined, envName: 'WARDEN_MCP_KEY', agents: ['warden', 'code-review'], command: 'warden mcp serve --http' };

describe('serveKeys', () => {
  it('takes --key over the environment and applies it to every agent', () => {
    expect(serveKeys({ ...base, flag: GOOD, env: { WARDEN_MCP_KEY: 'x'.repeat(40) } })).toEqual({ server: [GOOD], perAgent: new Map() });
  });

  it('reads per-agent keys from <env>_<AGENT>, with the name upper-cased and dashes as underscores', () => {
    const keys = serveKeys({ ...base, env: { WARDEN_MCP_KEY_CODE_REVIEW: GOOD } });
    expect(keys.server).toEqual([]);
    expect(keys.perAgent.get('code-review')).toEqual([GOOD]);
    expect(keys.perAgent.has('warden')).toBe(false);
  });

  it('refuses to serve without any key, naming the command and the variable', () => {
    expect(() => serveKeys({ ...base, env: {} })).toThrow(expect.objectContaining({ code: 'cli.missing_token', message: expect.stringContaining('WARDEN_MCP_KEY') }));
    expect(() => serveKeys({ ...base, envName: 'WARDEN_A2A_KEY', command: 'warden a2a serve', env: { WARDEN_MCP_KEY: GOOD } })).toThrow(
      expect.objectContaining({ code: 'cli.missing_token', message: expect.stringContaining('warden a2a serve') }),
    );
  });

  it('refuses a short or malformed key and says where it came from', () => {
    expect(() => serveKeys({ ...base, flag: 'short', env: {} })).toThrow(expect.objectContaining({ code: 'cli.invalid_value', params: expect.objectContaining({ flag: '--key' }) }));
    expect(() => serveKeys({ ...base, env: { WARDEN_MCP_KEY: 'short' } })).toThrow(expect.objectContaining({ params: expect.objectContaining({ flag: 'WARDEN_MCP_KEY' }) }));
    expect(() => serveKeys({ ...base, flag: GOOD, env: { WARDEN_MCP_KEY_WARDEN: `${GOOD} spaces` } })).toThrow(expect.objectContaining({ params: expect.objectContaining({ flag: 'WARDEN_MCP_KEY_WARDEN' }) }));
  });
});
