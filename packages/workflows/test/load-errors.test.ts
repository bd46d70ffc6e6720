import { describe, expect, it } from 'vitest';
import { createWorkflow, parseWorkflow, workflowProblems, WorkflowError } from '../src/index.js';
import { recordingTool, scriptedAgents } from './refund-tools.js';

/** The problems a file has, as `line:column message`. */
function problems(text: string): string[] {
  try {
    parseWorkflow(text);
  } catch (error) {
    expect(WorkflowError.isInstance(error)).toBe(true);
    expect((error as WorkflowError).code).toBe('workflow.invalid');
    return workflowProblems(error).map((p) => `${p.line}:${p.column} ${p.message}`);
  }
  return [];
}

describe('a wrong workflow file says where, at load', () => {
  it('unknown keys, at every level, with did-you-mean', () => {
    const found = problems(['name: w', 'stepz: []', 'steps:', '  - tool: t', '    retries: 2', '  - loop: {max: 2, untill: x}', '    steps: [{return: 1}]'].join('\n'));
    expect(found).toEqual([
      '2:1 unknown key "stepz" (did you mean "steps"?)',
    ]);
    const nested = problems(['name: w', 'steps:', '  - tool: t', '    retries: 2', '  - loop: {max: 2, untill: state.x}', '    steps: [{return: 1}]'].join('\n'));
    expect(nested).toEqual(['4:5 unknown key "retries"', '5:20 unknown key "untill" (did you mean "until"?)']);
  });

  it('a step with no kind, or two', () => {
    expect(problems(['name: w', 'steps:', '  - tol: t', '  - {tool: t, agent: a}'].join('\n'))).toEqual([
      '3:5 a step needs one of tool, agent, parallel, foreach, if, loop, graph, set, return (did you mean "tool"?)',
      '4:5 a step is one thing: it has tool and agent',
    ]);
  });

  it('two steps with one id', () => {
    expect(problems(['name: w', 'steps:', '  - {id: a, tool: t}', '  - parallel:', '      - {id: a, tool: u}'].join('\n'))).toEqual(['5:14 two steps have the id "a"']);
  });

  it('templates naming a missing step or input, and bad expressions', () => {
    const text = [
      'name: w',
      'inputs: {customer: {type: string}}',
      'steps:',
      '  - {id: fetch, tool: t, args: {c: "{{ inputs.custmer }}"}}',
      '  - {tool: t, args: {x: "{{ steps.fech.output }}"}}',
      '  - {tool: t, when: "len(state.x) >", args: {}}',
      '  - {set: {y: "{{ os.system(1) }}"}}',
    ].join('\n');
    expect(problems(text)).toEqual([
      '6:21 invalid expression at column 15: the condition ends too early',
      '7:15 invalid expression at column 1: unknown name os; a condition starts from inputs, state, steps, previous',
      '4:36 {{ inputs.custmer }} names the input "custmer", which the file does not declare under inputs (did you mean "customer"?)',
      '5:25 {{ steps.fech.output }} names the step "fech", and no step has that id (did you mean "fetch"?)',
    ]);
  });

  it('a graph whose nodes wait on each other, or on a node it does not have', () => {
    const text = ['name: w', 'steps:', '  - graph:', '      - {id: a, tool: t, needs: [c]}', '      - {id: b, tool: t, needs: [a]}', '      - {id: c, tool: t, needs: [b, d]}'].join('\n');
    expect(problems(text)).toEqual(['6:33 node "c" needs "d", which is not a node of this graph (did you mean "a"?)', '4:9 the graph\'s nodes wait on each other: a → c → b → a']);
    expect(problems(['name: w', 'steps:', '  - {tool: t, needs: [x]}'].join('\n'))).toEqual(['3:22 "needs" is only for the nodes of a graph']);
  });

  it('a YAML syntax error, with its place', () => {
    expect(problems('name: w\nsteps:\n  - {tool: t\n')).toEqual([expect.stringMatching(/^4:1 /)]);
  });

  it('JSON files load the same way, with places', () => {
    expect(problems('{\n  "name": "w",\n  "steps": [\n    {"tool": "t", "retyr": 1}\n  ]\n}')).toEqual(['4:19 unknown key "retyr" (did you mean "retry"?)']);
  });

  it('a tool or agent nobody supplied, with its place and did-you-mean', () => {
    const definition = parseWorkflow(['name: w', 'steps:', '  - {tool: find_charge}', '  - {agent: clasifier}'].join('\n'));
    const { tool } = recordingTool('find_charges', () => 'x');
    expect(() => createWorkflow(definition, { tools: [tool], agents: scriptedAgents({ classifier: [] }).agents })).toThrow(
      /3:5 {2}step "tool_1" names the tool "find_charge", which nobody supplied \(did you mean "find_charges"\?\)\n {2}4:5 {2}step "agent_1" names the agent "clasifier".*did you mean "classifier"/,
    );
    expect(() => createWorkflow(definition, { tools: [tool] })).toThrow(expect.objectContaining({ code: 'workflow.unknown_tool' }));
  });

  it('an unknown option of createWorkflow is config.unknown_key with did-you-mean', () => {
    expect(() => createWorkflow(parseWorkflow('name: w\nsteps: [{return: 1}]'), { tool: [] } as never)).toThrow(/did you mean "tools"/);
  });

  it('inputs are checked before anything runs', async () => {
    const workflow = createWorkflow(parseWorkflow('name: w\ninputs: {n: {type: number, required: true}}\nsteps: [{return: "{{ inputs.n }}"}]'));
    await expect(workflow.run({})).rejects.toThrow(/the input "n" is required/);
    await expect(workflow.run({ n: '3' })).rejects.toThrow(/should be number, got string/);
    await expect(workflow.run({ n: 3, m: 1 })).rejects.toThrow(/"m" is not an input/);
    await expect(workflow.run({ n: 3 })).resolves.toMatchObject({ status: 'ok', output: 3 });
  });
});
