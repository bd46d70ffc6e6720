import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { INTERFACE_VERSIONS, textOf, type ModelRequest, type ToolV1 } from '@warden/protocol';
import { scriptedProvider } from '@warden/protocol/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { blueprintProblems, loadBlueprint, parseBlueprint } from '../src/blueprint.js';

const fixture = join(import.meta.dirname, '__fixtures__', 'agents.yaml');
let workdir = '';
afterEach(() => {
  if (workdir) rmSync(workdir, { recursive: true, force: true });
  workdir = '';
});

const orderStatus: ToolV1 = {
  specificationVersion: INTERFACE_VERSIONS.tool,
  name: 'order_status',
  description: 'The status of an order.',
  inputSchema: { type: 'object', properties: { order: { type: 'string' } }, required: ['order'] },
  annotations: { readOnly: true },
  execute: (args) => `order ${String(args.order)}: shipped`,
};

function problems(text: string): string[] {
  try {
    parseBlueprint(text, 'agents.yaml');
  } catch (error) {
    expect((error as { code?: string }).code).toBe('config.invalid');
    return blueprintProblems(error).map((p) => `${p.line}:${p.column} ${p.message}`);
  }
  return [];
}

describe('blueprints', () => {
  it('every load-time problem is named with its line and column', () => {
    const text = [
      'prompts: {house_style: Be plain.}',
      'guardrails: {strict: {require_tool: [x]}}',
      'agents:',
      '  support:',
      '    instructions: "{house_styel} and JSON like {\\"a\\": 1}"',
      '    guardrails: strikt',
      '    subagents: [researcher]',
      '    handoffs: [biling, support]',
      '    versions:',
      '      v1: {instructions: "{nope}", toolz: [a]}',
      '  billing: {tools: [read_file]}',
    ].join('\n');
    expect(problems(text)).toEqual([
      '2:23 unknown key "require_tool" (did you mean "require_tools"?)',
      '10:36 unknown key "toolz" (did you mean "tools"?)',
    ]);
    // With the shape right, the cross references are checked.
    const crossed = text.replace('require_tool:', 'require_tools:').replace(', toolz: [a]', '');
    expect(problems(crossed)).toEqual([
      '5:19 the prompt "house_styel" is not declared (did you mean "house_style"?)',
      '6:17 the guardrail set "strikt" is not declared (did you mean "strict"?)',
      '7:17 the sub-agent "researcher" is not declared',
      '10:26 the prompt "nope" is not declared',
      '8:16 the agent "biling" is not declared (did you mean "billing"?)',
      '8:24 agent "support" hands off to itself',
    ]);
  });

  it('a YAML syntax error and a JSON blueprint, with places', () => {
    expect(problems('agents:\n  a: {tools: [x]\n')).toEqual([expect.stringMatching(/^3:1 /)]);
    expect(problems('{\n  "agents": {"a": {"tols": []}}\n}')).toEqual(['2:20 unknown key "tols" (did you mean "tools"?)']);
  });

  it('an agent or version that names a tool nobody supplied fails to build, with its place', async () => {
    const bp = await loadBlueprint(fixture);
    workdir = mkdtempSync(join(tmpdir(), 'warden-bp-'));
    await expect(bp.build('support', { workdir, provider: scriptedProvider([]), env: {}, version: 'v1' })).rejects.toThrow(/25:71 {2}agent "support" version "v1" names a tool nobody supplied: "order_status"/);
    await expect(bp.build('suport', { workdir, provider: scriptedProvider([]), env: {} })).rejects.toThrow(/no agent "suport" \(did you mean "support"\?\)/);
    await expect(bp.build('support', { workdir, provider: scriptedProvider([]), env: {}, version: 'v3' })).rejects.toThrow(/no version "v3"/);
  });

  it('versions fall through to the agent: v1 changes instructions and tools, v2 only instructions', async () => {
    const bp = await loadBlueprint(fixture);
    expect(bp.agents()).toEqual(['support', 'billing']);
    expect(bp.versions('support')).toEqual(['v1', 'v2']);
    const base = bp.options('support');
    expect(base.instructions).toBe('SUPPORT Answer in plain sentences and cite the order.');
    expect(base.builtinTools).toMatchObject({ read_file: true, shell: false, write_file: false });
    expect(base.guardrails).toEqual({ requireTools: ['order_status'], noPlaceholders: true });
    expect(base.subagents).toEqual({ researcher: { description: 'Finds things out, read-only.', system: 'Answer in plain sentences and cite the order. Cite every claim.', tools: ['read_file'] } });
    expect(base.handoffs).toEqual({
      name: 'support',
      agents: { billing: { description: 'Refunds and invoices.', instructions: 'BILLING Handle refunds.', tools: ['read_file'], history: 'summary', handoffs: ['support'] } },
    });
    expect(bp.options('support', 'v1')).toMatchObject({ instructions: 'SUPPORT-V1 Answer order questions.', builtinTools: { read_file: false }, guardrails: { requireTools: ['order_status'] } });
    expect(bp.options('support', 'v2')).toMatchObject({ instructions: 'SUPPORT-V2 Answer in plain sentences and cite the order.', builtinTools: { read_file: true } });
  });

  it('builds and runs two versions with a handoff, and records the version in the event, the spend and the audit trail', async () => {
    const bp = await loadBlueprint(fixture);
    workdir = mkdtempSync(join(tmpdir(), 'warden-bp-'));
    const systems: string[] = [];
    const provider = scriptedProvider([
      (request: ModelRequest) => {
        systems.push(textOf(request.messages[0]!));
        return { toolCalls: [{ id: 'c1', name: 'order_status', args: { order: '4182' } }] };
      },
      { toolCalls: [{ id: 'h1', name: 'transfer_to_billing', args: { summary: 'Order 4182 shipped; the customer wants a refund.' } }] },
      (request: ModelRequest) => {
        systems.push(textOf(request.messages[0]!));
        return 'Refund for order 4182 started.';
      },
    ]);
    const harness = await bp.build('support', { workdir, provider, env: {}, tools: [orderStatus], version: 'v2', approver: 'yes' });
    const starts: unknown[] = [];
    const result = await harness.run('Where is order 4182? I want a refund.', { onEvent: (e) => void (e.type === 'run_start' && starts.push(e)) });
    const auditFile = harness.auditFile!;
    await harness.close();
    expect(result.stopReason).toBe('done');
    expect(result.output).toBe('Refund for order 4182 started.');
    expect(result.handoffs).toHaveLength(1);
    expect(systems[0]).toContain('SUPPORT-V2 Answer in plain sentences');
    expect(systems[1]).toContain('BILLING Handle refunds.');
    expect(starts).toEqual([expect.objectContaining({ agent: 'support', agentVersion: 'v2' })]);
    const trail = readFileSync(auditFile, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { kind: string; data: Record<string, unknown> });
    expect(trail.find((e) => e.kind === 'run_start')?.data).toMatchObject({ agent: 'support', agentVersion: 'v2' });
    const session = readFileSync(join(workdir, '.warden', 'sessions', `${result.sessionId}.jsonl`), 'utf8');
    expect(session).toMatch(/"key":"run".*"agentVersion":"v2"/);
  });

  it('tools named as module specifiers load relative to the file; a missing module, export or non-tool is named with its place', async () => {
    workdir = mkdtempSync(join(tmpdir(), 'warden-bp-'));
    const tool = (name: string) => `{ specificationVersion: 'v1', name: '${name}', description: '${name}', inputSchema: { type: 'object' }, annotations: { readOnly: true }, execute: () => '${name} ok' }`;
    writeFileSync(join(workdir, 'tools.mjs'), `export const orderStatus = ${tool('order_status')};\nexport const helper = 42;\n`);
    mkdirSync(join(workdir, 'node_modules', 'acme-tools'), { recursive: true });
    writeFileSync(join(workdir, 'node_modules', 'acme-tools', 'package.json'), JSON.stringify({ name: 'acme-tools', type: 'module', exports: { './billing': './billing.js' } }));
    writeFileSync(join(workdir, 'node_modules', 'acme-tools', 'billing.js'), `export const refund = ${tool('issue_refund')};\n`);
    const good = [
      'agents:',
      '  support:',
      '    tools: ["./tools.mjs#orderStatus", read_file]',
      '    handoffs: [billing]',
      '  billing:',
      '    tools: ["acme-tools/billing#refund"]',
      '    versions: {v1: {tools: ["./tools.mjs#orderStatus"]}}',
    ].join('\n');
    writeFileSync(join(workdir, 'agents.yaml'), good);
    const bp = await loadBlueprint(join(workdir, 'agents.yaml'));
    expect(bp.moduleTools().map((t) => t.name)).toEqual(['order_status', 'issue_refund']);
    expect(bp.tools('support')).toEqual(['order_status', 'read_file']);
    expect(bp.tools('billing', 'v1')).toEqual(['order_status']);
    expect(bp.options('support').handoffs?.agents.billing?.tools).toEqual(['issue_refund']);
    // The support agent's harness holds its own tools and its handoff target's.
    const options = bp.harnessOptions('support', { workdir, provider: scriptedProvider([]), env: {} });
    expect(options.tools?.map((t) => t.name)).toEqual(['order_status', 'issue_refund']);

    const bad = [
      'agents:',
      '  support:',
      '    tools: ["./missing.mjs#orderStatus", "./tools.mjs#orderStatu"]',
      '    versions:',
      '      v1: {tools: ["./tools.mjs#helper", "acme-tools/nope#x"]}',
      'workflows: {refunds: ./refunds.yaml}',
    ].join('\n');
    writeFileSync(join(workdir, 'bad.yaml'), bad);
    const error = await loadBlueprint(join(workdir, 'bad.yaml')).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect((error as { code?: string }).code).toBe('config.invalid');
    expect(blueprintProblems(error).map((p) => `${p.line}:${p.column} ${p.message.replace(workdir, 'DIR')}`)).toEqual([
      '3:13 the tool module "./missing.mjs" cannot be loaded: there is no file DIR/missing.mjs',
      '3:42 the module "./tools.mjs" has no export "orderStatu" (did you mean "orderStatus"?)',
      '5:20 "./tools.mjs#helper" is not a Warden tool (a ToolV1: specificationVersion "v1", name, execute)',
      expect.stringMatching(/^5:42 the tool module "acme-tools\/nope" cannot be loaded: Package subpath '.\/nope' is not defined/),
      '6:22 the workflow "refunds" names a file that does not exist: ./refunds.yaml',
    ]);
    expect((error as Error).message).toContain('bad.yaml:3:42  the module "./tools.mjs" has no export "orderStatu"');
  });

  it('skills that bundle tools: loaded with the blueprint as skill__tool, gated, and tainting unless trusted; load problems placed', async () => {
    workdir = mkdtempSync(join(tmpdir(), 'warden-bp-'));
    const skill = (name: string, tools: string) => {
      mkdirSync(join(workdir, 'kit', name), { recursive: true });
      writeFileSync(join(workdir, 'kit', name, 'SKILL.md'), `---\nname: ${name}\ndescription: ${name} things\n---\nUse the ${name} tools.\n`);
      writeFileSync(join(workdir, 'kit', name, 'tools.mjs'), tools);
    };
    const tool = (name: string, annotations: string, body: string) => `export const ${name} = { specificationVersion: 'v1', name: '${name}', description: '${name}', inputSchema: { type: 'object' }, annotations: ${annotations}, execute: ${body} };\n`;
    skill('refunds', tool('lookup', '{ readOnly: true }', "() => 'charge 40 on 4182'") + tool('refund', '{ mutating: true }', "() => { globalThis.refunded = (globalThis.refunded ?? 0) + 1; return 'refunded'; }"));
    skill('notes', tool('house_rules', '{ readOnly: true }', "() => 'Refunds over 100 need a person.'"));
    writeFileSync(
      join(workdir, 'agents.yaml'),
      ['skills: {dir: ./kit, trust: [notes]}', 'agents:', '  desk:', '    tools: [refunds__lookup, refunds__refund, notes__house_rules]'].join('\n'),
    );
    const bp = await loadBlueprint(join(workdir, 'agents.yaml'));
    expect(bp.moduleTools().map((t) => [t.name, t.annotations])).toEqual([
      ['notes__house_rules', { readOnly: true, openWorld: false, tags: ['skill:notes'] }],
      ['refunds__lookup', { readOnly: true, openWorld: true, tags: ['skill:refunds'] }],
      ['refunds__refund', { mutating: true, openWorld: true, tags: ['skill:refunds'] }],
    ]);
    const run = async (calls: Array<{ name: string }>) => {
      const provider = scriptedProvider([{ toolCalls: calls.map((c, i) => ({ id: `c${i}`, name: c.name, args: {} })) }, 'done']);
      const harness = await bp.build('desk', { workdir, provider, env: {}, audit: false });
      try {
        return await harness.run('Handle order 4182.');
      } finally {
        await harness.close();
      }
    };
    // A trusted skill's read-only tool leaves the run clean; an untrusted skill's result taints it.
    const trusted = await run([{ name: 'notes__house_rules' }]);
    expect(trusted.toolCalls.map((c) => c.status)).toEqual(['ok']);
    expect(trusted.taintSources).toEqual([]);
    expect(trusted.tainted).toBe(false);
    const untrusted = await run([{ name: 'refunds__lookup' }]);
    expect(untrusted.tainted).toBe(true);
    expect(untrusted.taintSources[0]).toMatchObject({ source: 'tool:refunds__lookup' });
    // The same gate as any tool: a mutating skill tool with nobody to ask does not run.
    const refused = await run([{ name: 'refunds__refund' }]);
    expect(refused.toolCalls[0]?.status).not.toBe('ok');
    expect((globalThis as { refunded?: number }).refunded).toBeUndefined();

    // A skill tool that declares no effect, and a skill named in `only` that does not exist, are placed in the file.
    skill('loose', tool('anything', 'undefined', "() => 'x'"));
    writeFileSync(join(workdir, 'bad.yaml'), ['skills:', '  dir: ./kit', '  only: [loose, refundz]', 'agents: {desk: {}}'].join('\n'));
    const error = await loadBlueprint(join(workdir, 'bad.yaml')).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(blueprintProblems(error).map((p) => `${p.line}:${p.column} ${p.message}`)).toEqual([
      '3:10 the tool "anything" of skill "loose" declares no effect (annotations: readOnly, mutating, destructive or openWorld)',
      expect.stringMatching(/^3:17 there is no skill "refundz" \(a folder with SKILL\.md\) under /),
    ]);
  });
});
