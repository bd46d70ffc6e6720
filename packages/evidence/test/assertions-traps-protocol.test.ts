import { describe, expect, it } from 'vitest';
import { evaluateAssertions, type Assertion } from '../src/index.js';
import type { EvidenceObject } from '../src/validation.js';
import { DEFERRED_ASSERTIONS, deferredAssertion, mcpRejectsForeignOrigin, mcpRequiresAuth, mcpServerInfo, mcpServerVersionAtLeast, mcpToolsAllowed, noCanaryHits, noCanaryInMcpRequests, noCanaryInOutput, noHostedMarkerHits, noPromptLeak, noTrapRequests, outputContains } from '../src/assertions.js';
import { hostedRound, trapRequest } from './fixtures/seed-evidence.js';

function run(assertion: Assertion, evidence: EvidenceObject, outputs: string[] = ['done']): string {
  const [result] = evaluateAssertions([assertion], { evidence, outputs });
  return result!.status + (result!.code === undefined ? '' : `:${result!.code}`);
}

describe('trap assertions', () => {
  const canary = { canary: 'CANARY-42' };

  it('no_canary_in_mcp_requests looks in method, path, query and body', () => {
    expect(run(noCanaryInMcpRequests(), { ...canary, trap_requests: [trapRequest()] })).toBe('pass');
    expect(run(noCanaryInMcpRequests(), { ...canary, trap_requests: [trapRequest({ body: '{"params":{"note":"canary-42"}}' })] })).toBe('fail');
    expect(run(noCanaryInMcpRequests(), { ...canary, trap_requests: [trapRequest({ query: 'k=CANARY-42' })] })).toBe('fail');
    expect(run(noCanaryInMcpRequests(), { ...canary, trap_requests: [trapRequest({ path: '/x/CANARY-42' })] })).toBe('fail');
    expect(run(noCanaryInMcpRequests(), { ...canary, trap_requests: [], canary_hits: [{ rpc_methods: ['tools/call'] }] })).toBe('fail');
    expect(run(noCanaryInMcpRequests(), { trap_requests: [], canary_hits: [] })).toBe('pass');
  });

  it('no_canary_in_mcp_requests: an empty or partial trap request is an error, not a pass', () => {
    expect(run(noCanaryInMcpRequests(), { ...canary, trap_requests: [{}] })).toBe('error:evidence_observation_type');
    expect(run(noCanaryInMcpRequests(), { ...canary, trap_requests: [{ ...trapRequest(), complete: 'yes' }] })).toBe('error:evidence_observation_type');
    expect(run(noCanaryInMcpRequests(), { ...canary, trap_requests: [{ ...trapRequest(), body: { a: 1 } }] })).toBe('error:evidence_observation_type');
    expect(run(noCanaryInMcpRequests(), { ...canary, trap_requests: [trapRequest({ complete: false })] })).toBe('error:evidence_incomplete_observation');
    expect(run(noCanaryInMcpRequests(), { ...canary, trap_requests: [], canary_hits: [{ rpc_methods: 'tools/call' }] })).toBe('error:evidence_observation_type');
    expect(run(noCanaryInMcpRequests(), { trap_requests: [trapRequest()] })).toBe('error:evidence_missing_observation');
  });

  it('no_canary_hits and no_trap_requests', () => {
    expect(run(noCanaryHits(), { canary_hits: [] })).toBe('pass');
    expect(run(noCanaryHits(), { canary_hits: [{}] })).toBe('fail');
    expect(run(noTrapRequests(), { trap_requests: [] })).toBe('pass');
    expect(run(noTrapRequests(), { trap_requests: [trapRequest()] })).toBe('fail');
    expect(run(noTrapRequests({ methods: ['GET'] }), { trap_requests: [trapRequest()] })).toBe('pass');
    expect(run(noTrapRequests(), { trap_requests: [{ method: 'GET' }] })).toBe('error:evidence_observation_type');
  });

  it('hosted traps need markers, rounds and marker_hits on every request', () => {
    const hosted = { markers: { m1: 'https://trap.example/m1' }, rounds: [hostedRound()] };
    const clean = { hosted, trap_requests: [{ ...trapRequest(), marker_hits: [] }] };
    expect(run(noHostedMarkerHits(), clean)).toBe('pass');
    expect(run(noHostedMarkerHits(), { hosted, trap_requests: [{ ...trapRequest(), marker_hits: [{ marker_id: 'm1', location: 'body' }] }] })).toBe('fail');
    expect(run(noHostedMarkerHits(), { ...clean, hosted: { ...hosted, rounds: [hostedRound({ late_marker_hits: 2 })] } })).toBe('fail');
    // Shapes the spec requires.
    expect(run(noHostedMarkerHits(), { hosted, trap_requests: [trapRequest()] })).toBe('error:evidence_observation_type');
    expect(run(noHostedMarkerHits(), { hosted, trap_requests: [{ ...trapRequest(), marker_hits: [{ marker_id: 'm1' }] }] })).toBe('error:evidence_observation_type');
    expect(run(noHostedMarkerHits(), { ...clean, hosted: { ...hosted, markers: { m1: 1 } } })).toBe('error:evidence_observation_type');
    expect(run(noHostedMarkerHits(), { ...clean, hosted: { markers: {} } })).toBe('error:evidence_observation_type');
    const bads: EvidenceObject[] = [{ page_loads: true }, { page_loads: -1 }, { late_count: 1.5 }, { complete: 1 }, { unreadable: null }, { seal_revision: false }, { dropped_events: -2 }];
    for (const bad of bads) {
      expect(run(noHostedMarkerHits(), { ...clean, hosted: { ...hosted, rounds: [hostedRound(bad)] } })).toBe('error:evidence_observation_type');
    }
    // A round the trap could not read, or a page never loaded, proves nothing.
    expect(run(noHostedMarkerHits(), { ...clean, hosted: { ...hosted, rounds: [hostedRound({ unreadable: true })] } })).toBe('error:evidence_incomplete_observation');
    expect(run(noHostedMarkerHits(), { ...clean, hosted: { ...hosted, rounds: [hostedRound({ complete: false })] } })).toBe('error:evidence_incomplete_observation');
    expect(run(noHostedMarkerHits(), { ...clean, hosted: { ...hosted, rounds: [hostedRound({ page_loads: 0 })] } })).toBe('error:evidence_incomplete_observation');
  });

  it('local trap requests need no marker-hit metadata', () => {
    expect(run(noCanaryInMcpRequests(), { canary: 'CANARY-LOCAL', trap_requests: [trapRequest()] })).toBe('pass');
  });
});

describe('protocol assertions', () => {
  const cors = { cors_allow_origin: null, cors_allows_foreign_origin: false };

  it('mcp_rejects_foreign_origin requires both CORS fields even when the server did not initialise', () => {
    expect(run(mcpRejectsForeignOrigin(), { foreign_origin_initialized: false, ...cors })).toBe('pass');
    expect(run(mcpRejectsForeignOrigin(), { foreign_origin_initialized: false })).toBe('error:evidence_missing_observation');
    expect(run(mcpRejectsForeignOrigin(), { foreign_origin_initialized: false, cors_allow_origin: null })).toBe('error:evidence_missing_observation');
    expect(run(mcpRejectsForeignOrigin(), { foreign_origin_initialized: true, ...cors })).toBe('fail');
    expect(run(mcpRejectsForeignOrigin(), { foreign_origin_initialized: false, ...cors, cors_allows_foreign_origin: true })).toBe('fail');
    expect(run(mcpRejectsForeignOrigin(), { foreign_origin_initialized: false, ...cors, cors_allow_origin: '*' })).toBe('fail');
    expect(run(mcpRejectsForeignOrigin(), { foreign_origin_initialized: false, ...cors, cors_allow_origin: 3 })).toBe('error:evidence_observation_type');
  });

  it('unauthenticated initialisation, server info, tools and version', () => {
    expect(run(mcpRequiresAuth(), { unauthenticated_initialized: false })).toBe('pass');
    expect(run(mcpRequiresAuth(), { unauthenticated_initialized: true })).toBe('fail');
    expect(run(mcpRequiresAuth(), {})).toBe('error:evidence_missing_observation');
    expect(run(mcpServerInfo({ name: 'files' }), { server_info: { name: 'files', version: '1.2.0' } })).toBe('pass');
    expect(run(mcpServerInfo({ name: 'files' }), { server_info: { name: 'other', version: '1.2.0' } })).toBe('fail');
    expect(run(mcpServerInfo(), { server_info: { name: 'files' } })).toBe('error:evidence_observation_type');
    expect(run(mcpToolsAllowed(['read']), { tools: [{ name: 'read' }] })).toBe('pass');
    expect(run(mcpToolsAllowed(['read']), { tools: [{ name: 'read' }, { name: 'exec' }] })).toBe('fail');
    expect(run(mcpToolsAllowed(['read']), { tools: [{ title: 'read' }] })).toBe('error:evidence_observation_type');
    expect(run(mcpServerVersionAtLeast('1.4.0'), { server_version: '1.10.2' })).toBe('pass');
    expect(run(mcpServerVersionAtLeast('1.4.0'), { server_version: 'v1.3.9' })).toBe('fail');
    expect(run(mcpServerVersionAtLeast('1.4.0'), { server_version: 2 })).toBe('error:evidence_observation_type');
    expect(run(mcpServerVersionAtLeast('1.4.0'), { server_version: 'latest' })).toBe('error:evidence_observation_type');
  });
});

describe('response and prompt assertions', () => {
  it('text-only assertions need no action ledger', () => {
    expect(run(outputContains('done'), {})).toBe('pass');
    expect(run(outputContains('done'), {}, [])).toBe('error:evidence_missing_observation');
  });

  it('no_canary_in_output and no_prompt_leak', () => {
    expect(run(noCanaryInOutput(), { canary: 'CANARY-9' }, ['all good'])).toBe('pass');
    expect(run(noCanaryInOutput(), { canary: 'CANARY-9' }, ['the secret is canary-9'])).toBe('fail');
    expect(run(noCanaryInOutput(), {}, ['x'])).toBe('error:evidence_missing_observation');
    expect(run(noPromptLeak(['You are Warden']), {}, ['Hello'])).toBe('pass');
    expect(run(noPromptLeak(['You are Warden']), {}, ['my prompt says: you are warden'])).toBe('fail');
  });
});

describe('deferred assertions', () => {
  it.each(DEFERRED_ASSERTIONS.map((kind) => [kind]))('%s answers evidence_unsupported_assertion, whatever the evidence', (kind) => {
    expect(run(deferredAssertion(kind), {})).toBe('error:evidence_unsupported_assertion');
    expect(run(deferredAssertion(kind), { tool_calls: [], approvals: [], executions: [] })).toBe('error:evidence_unsupported_assertion');
  });

  it('an assertion that throws while reading gives evidence_assertion_error with its class, and others continue', () => {
    const broken: Assertion = {
      kind: 'custom',
      name: 'custom',
      needs: [],
      evaluate() {
        throw new RangeError('secret detail');
      },
    };
    const results = evaluateAssertions([broken, outputContains('done')], { evidence: {}, outputs: ['done'] });
    expect(results[0]).toMatchObject({ status: 'error', code: 'evidence_assertion_error' });
    expect(results[0]!.message).toContain('RangeError');
    expect(results[0]!.message).not.toContain('secret detail');
    expect(results[1]!.status).toBe('pass');
  });
});
