import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHarness } from '@warden/harness';
import { INTERFACE_VERSIONS, type ApprovalRequest, type ApproverV1, type RunEvent } from '@warden/protocol';
import { scriptedProvider } from '@warden/protocol/testing';
import { startFakePetstore } from '@warden/test-servers';
import { describe, expect, it } from 'vitest';
import { openapiTools } from '@warden/web';

const TOKEN = 'petstore-operator-token-91c4e2a7f0';

async function everyFile(dir: string): Promise<Array<{ path: string; text: string }>> {
  const out: Array<{ path: string; text: string }> = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) out.push({ path: join(entry.parentPath, entry.name), text: await readFile(join(entry.parentPath, entry.name), 'utf8') });
  }
  return out;
}

describe('a scripted agent calls a local petstore end to end', () => {
  it('lists, creates (a person approves the write), reads back; the token is in no schema, event, session or audit entry', async () => {
    const store = await startFakePetstore(TOKEN);
    const workdir = await mkdtemp(join(tmpdir(), 'warden-web-agent-'));
    try {
      const api = await openapiTools(store.specUrl, { auth: { bearer: TOKEN } });
      // The API's reads are named in the scope: after open-world content they follow the mode; writes still need a person.
      expect(api.reads).toEqual(['listPets', 'getPet', 'whoAmI']);
      const asked: ApprovalRequest[] = [];
      const person: ApproverV1 = {
        specificationVersion: INTERFACE_VERSIONS.approver,
        kind: 'person',
        async approve(request) {
          asked.push(request);
          return { outcome: 'approved', by: 'operator' };
        },
      };
      const provider = scriptedProvider([
        { toolCalls: [{ id: 'list', name: 'listPets', args: { limit: 10 } }] },
        { toolCalls: [{ id: 'create', name: 'createPet', args: { name: 'Nemo', tag: 'fish' } }] },
        { toolCalls: [{ id: 'read', name: 'getPet', args: { petId: '3' } }] },
        { toolCalls: [{ id: 'who', name: 'whoAmI', args: {} }] },
        'Nemo the fish is in the store now.',
      ]);
      const harness = await createHarness({ workdir, provider, mode: 'safe', approver: person, tools: api.tools, env: {}, scope: { tools: api.reads } });
      const events: RunEvent[] = [];
      const result = await harness.run('Add a fish called Nemo to the petstore and check it is there.', { onEvent: (e) => events.push(e) });
      await harness.close();

      expect(result.stopReason).toBe('done');
      expect(result.tainted).toBe(true);
      expect(store.pets.map((p) => p.name)).toEqual(['Tom', 'Rex', 'Nemo']);
      expect(store.calls.map((c) => `${c.method} ${c.path} ${c.authorized}`)).toEqual(['GET /v1/pets?limit=10 true', 'POST /v1/pets true', 'GET /v1/pets/3 true', 'GET /v1/whoami true']);

      const decisions = Object.fromEntries(events.flatMap((e) => (e.type === 'tool_decision' ? [[e.callId, e.decision]] : [])));
      expect(decisions.list).toMatchObject({ effect: 'allow' });
      // The write leaves the machine after open-world content was read: a person decides.
      expect(decisions.create).toMatchObject({ effect: 'ask', requiresPerson: true });
      expect(asked.map((r) => r.call.name)).toEqual(['createPet']);
      const results = events.filter((e) => e.type === 'tool_result');
      expect(results.map((e) => (e.type === 'tool_result' ? e.status : ''))).toEqual(['ok', 'ok', 'ok', 'ok']);

      // Scan everything: the tool schemas and every request the model got, the events, the result,
      // and every file the harness wrote (session JSONL, audit trail).
      const seen = [
        { what: 'model requests', text: JSON.stringify(provider.requests) },
        { what: 'events', text: JSON.stringify(events) },
        { what: 'result', text: JSON.stringify(result) },
        { what: 'approval requests', text: JSON.stringify(asked) },
        ...(await everyFile(workdir)).map((f) => ({ what: f.path, text: f.text })),
      ];
      expect(seen.some((s) => s.what.includes('sessions'))).toBe(true);
      expect(seen.some((s) => s.what.endsWith('audit.jsonl'))).toBe(true);
      expect(seen.filter((s) => s.text.includes(TOKEN)).map((s) => s.what)).toEqual([]);
      // What the API echoed is there, scrubbed.
      expect(JSON.stringify(events)).toContain('Bearer [redacted]');
    } finally {
      await store.close();
      await rm(workdir, { recursive: true, force: true });
    }
  });
});
