import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { textOf, type ModelRequest, type RunEvent } from '@warden/protocol';
import { scriptedProvider, type ScriptedTurn } from '@warden/protocol/testing';
import { describe, expect, it } from 'vitest';
import { createHarness, harnessConfigJsonSchema, validateHarnessOptions, verifyAuditFile } from '../src/index.js';
import { tempWorkspace } from './helpers/workspace.js';

async function collect(events: AsyncIterable<RunEvent>): Promise<RunEvent[]> {
  const out: RunEvent[] = [];
  for await (const event of events) out.push(event);
  return out;
}

/** Routes each request by the marker in its system prompt (each agent's instructions carry one). */
function router(scripts: Record<string, ScriptedTurn[]>) {
  const queues = new Map(Object.entries(scripts).map(([k, v]) => [k, [...v]]));
  const respond = (request: ModelRequest): ScriptedTurn => {
    const system = textOf(request.messages[0]!);
    const agent = [...queues.keys()].find((k) => system.includes(`${k.toUpperCase()}-MARKER`));
    if (!agent) throw new Error('no agent marker in the system prompt');
    return queues.get(agent)!.shift() ?? `${agent}: script exhausted`;
  };
  return scriptedProvider(Array.from({ length: 30 }, () => respond));
}

const agentOf = (request: ModelRequest) => (textOf(request.messages[0]!).includes('WRITER-MARKER') ? 'writer' : 'researcher');

function auditEntries(file: string): Array<{ kind: string; data: Record<string, unknown> }> {
  return readFileSync(file, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { kind: string; data: Record<string, unknown> });
}

const handoffs = {
  name: 'researcher',
  agents: {
    writer: { description: 'Writes the report.', instructions: 'WRITER-MARKER: write the report from the handoff.', tools: ['read_file', 'write_file', 'shell'], mode: 'read-only' as const, history: 'summary' as const },
  },
};

describe('harness handoffs', () => {
  it('hands the conversation over by config, narrows permissions, carries taint, audits it and keeps it sticky across a JSONL resume', async () => {
    const dir = tempWorkspace('warden-handoff-');
    writeFileSync(path.join(dir, 'sources.md'), 'Three sources on quantum error correction.\n');
    const provider = router({
      researcher: [
        { toolCalls: [{ name: 'read_file', args: { path: 'sources.md' } }] },
        { toolCalls: [{ name: 'transfer_to_writer', args: { summary: 'Three sources found.', artifacts: ['sources.md'], confidence: 0.9 } }] },
      ],
      writer: [{ toolCalls: [{ name: 'write_file', args: { path: 'report.md', content: 'report' } }] }, 'I could not write report.md (read-only); here is the report: ...', 'Still me, the writer.'],
    });
    const options = { workdir: dir, provider, env: {}, mode: 'yolo' as const, builtinTools: { shell: false }, instructions: 'RESEARCHER-MARKER: research, then hand over.', handoffs };
    const harness = await createHarness(options);
    let sessionId: string;
    try {
      const events = await collect(harness.agent.stream('Write report.md about sources.md'));
      const start = events[0]!;
      expect(start.type === 'run_start' && start.agent).toBe('researcher');
      sessionId = (start.type === 'run_start' && start.sessionId) || '';
      const handoff = events.find((e) => e.type === 'handoff');
      expect(handoff).toMatchObject({ handoff: { from: 'researcher', to: 'writer', history: 'summary', metadata: { tainted: true } }, receipt: { status: 'accepted', by: 'writer' } });
      // Taint carried: the file contents read by the researcher keep the run tainted under the writer.
      expect(events.filter((e) => e.type === 'taint').map((e) => (e.type === 'taint' ? e.source : ''))).toContain('tool:read_file');
      // Permissions narrowed: the writer's stricter mode refuses the write the harness's yolo mode allows for a named file.
      const write = events.find((e) => e.type === 'tool_result' && e.name === 'write_file');
      expect(write).toMatchObject({ status: 'denied' });
      expect(existsSync(path.join(dir, 'report.md'))).toBe(false);
      // shell is off in the harness: the writer's allowlist cannot bring it back.
      const writerRequest = provider.requests.find((r) => agentOf(r) === 'writer')!;
      expect(writerRequest.tools!.map((t) => t.name).sort()).toEqual(['read_file', 'write_file']);
      expect(JSON.stringify(writerRequest.messages.slice(1))).not.toContain('Three sources on quantum');
      expect(events.find((e) => e.type === 'warning' && e.code === 'core.handoff_tools_narrowed')).toBeTruthy();

      const trail = auditEntries(harness.auditFile!);
      const entry = trail.find((e) => e.kind === 'handoff')!;
      expect(entry.data).toMatchObject({ from: 'researcher', to: 'writer', receipt: { status: 'accepted' } });
      expect(trail.find((e) => e.kind === 'run_start')!.data.agent).toBe('researcher');
      expect((await verifyAuditFile(harness.auditFile!)).ok).toBe(true);
    } finally {
      await harness.close();
    }

    // Another harness (another process) continues the conversation from the JSONL session: the writer answers.
    const again = await createHarness({ ...options, sessionId });
    try {
      const events = await collect(again.agent.stream('Anything else?'));
      expect(events[0]!.type === 'run_start' && events[0].agent).toBe('writer');
      expect(events.at(-1)).toMatchObject({ type: 'run_end', output: 'Still me, the writer.' });
      expect(agentOf(provider.requests.at(-1)!)).toBe('writer');
      const lines = readFileSync(path.join(dir, '.warden', 'sessions', `${sessionId}.jsonl`), 'utf8');
      expect(lines).toContain('"warden.handoff"');
      expect(lines).toContain('"warden.handoff_receipt"');
    } finally {
      await again.close();
    }
  });

  it('spawn_agent from config templates: bounded count, allowlist, audited spin-ups', async () => {
    const dir = tempWorkspace('warden-spawn-');
    writeFileSync(path.join(dir, 'a.md'), 'alpha\n');
    const spawn = (name: string, tools?: string[]) => ({ name: 'spawn_agent', args: { template: 'reader', name, task: 'read a.md', ...(tools ? { tools } : {}) } });
    const provider = router({
      researcher: [{ toolCalls: [spawn('r1'), spawn('r2')] }, { toolCalls: [spawn('r3', ['write_file'])] }, 'done'],
      reader: [{ toolCalls: [{ name: 'read_file', args: { path: 'a.md' } }] }, 'a.md says alpha'],
    });
    const harness = await createHarness({
      workdir: dir,
      provider,
      env: {},
      instructions: 'RESEARCHER-MARKER',
      runtimeAgents: { maxRuntimeAgents: 2, templates: { reader: { description: 'reads files', instructions: 'READER-MARKER', tools: ['read_file'] } } },
    });
    try {
      const result = await harness.run('summarise a.md');
      expect(result.tainted).toBe(true);
      expect(result.taintSources.map((t) => t.source)).toContain('subagent:r1');
      const calls = result.toolCalls.filter((c) => c.name === 'spawn_agent');
      expect(calls.map((c) => c.status).sort()).toEqual(['error', 'ok', 'ok']);
      const trail = auditEntries(harness.auditFile!);
      expect(trail.filter((e) => e.kind === 'subagent').map((e) => `${String(e.data.phase)}:${String(e.data.agent)}`).sort()).toEqual(['end:r1', 'end:r2', 'start:r1', 'start:r2']);
    } finally {
      await harness.close();
    }
  });

  it('the config schema takes handoffs and runtimeAgents and refuses unknown keys', () => {
    expect(validateHarnessOptions({ workdir: '.', handoffs }).ok).toBe(true);
    const bad = validateHarnessOptions({ workdir: '.', handoffs: { agents: { writer: { description: 'd', tools: [], tools_all: true } } } });
    expect(bad.ok).toBe(false);
    expect(validateHarnessOptions({ workdir: '.', runtimeAgents: { maxRuntimeAgents: 101, templates: {} } }).ok).toBe(false);
    const schema = JSON.stringify(harnessConfigJsonSchema());
    expect(schema).toContain('maxHandoffs');
    expect(schema).toContain('maxRuntimeAgents');
  });
});

describe('compaction keeps the run authority in a real JSONL session', () => {
  it('a compacted conversation comes back tainted: taint and scope are written again after the compaction record', async () => {
    const dir = tempWorkspace('warden-compact-');
    writeFileSync(path.join(dir, 'notes.md'), 'Some notes the user did not write.\n');
    const read = { toolCalls: [{ name: 'read_file', args: { path: 'notes.md' } }] };
    // Enough steps that something older than the kept recent messages can be summarised.
    const turns: ScriptedTurn[] = [read, read, read, read, read, 'read it', 'again'];
    const provider = scriptedProvider(
      Array.from({ length: 12 }, () => (request: ModelRequest): ScriptedTurn =>
        textOf(request.messages[0]!).startsWith('You write the factual record') ? 'Summary: the agent read notes.md.' : (turns.shift() ?? 'done'),
      ),
    );
    const first = await createHarness({ workdir: dir, provider, env: {}, audit: false, compactNow: true });
    let sessionId: string;
    try {
      const events = await collect(first.agent.stream('Read notes.md'));
      expect(events.some((e) => e.type === 'compaction')).toBe(true);
      sessionId = (events[0]!.type === 'run_start' && events[0].sessionId) || '';
    } finally {
      await first.close();
    }
    const file = readFileSync(path.join(dir, '.warden', 'sessions', `${sessionId}.jsonl`), 'utf8');
    expect(file).toContain('"type":"compaction"');
    const again = await createHarness({ workdir: dir, provider, env: {}, audit: false, sessionId });
    try {
      const events = await collect(again.agent.stream('What did it say?'));
      expect(events.some((e) => e.type === 'taint' && e.source === 'tool:read_file')).toBe(true);
    } finally {
      await again.close();
    }
  });
});
