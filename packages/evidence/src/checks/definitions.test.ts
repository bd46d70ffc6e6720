import { describe, expect, it } from 'vitest';
import { defineCase } from './case-definition.js';
import { definePack } from './pack-definition.js';
import { defineProbe } from '../probes/probe-definition.js';
import { outputContains } from '../assertions/text-assertions.js';
import { resolveEnvironment } from './environments.js';

const noop = (): void => undefined;

describe('definitions', () => {
  it('defineCase fills defaults and freezes', () => {
    const c = defineCase({ id: 'web:health', title: 'Health' }, noop);
    expect(c.meta).toEqual({ id: 'web:health', title: 'Health', tags: [], schedules: ['once'] });
    expect(Object.isFrozen(c.meta)).toBe(true);
  });

  it.each([
    [{ id: 'health', title: 't' }],
    [{ id: 'web:', title: 't' }],
    [{ id: 'web:x', title: '  ' }],
    [{ id: 'web:x', title: 't', tags: ['has space'] }],
    [{ id: 'web:x', title: 't', schedules: ['nightly'] }],
    [{ id: 'web:x', title: 't', schedules: [] }],
    [{ id: 'web:x', title: 't', timeoutMs: 0 }],
  ])('defineCase rejects %j with evidence.invalid_case', (meta) => {
    expect(() => defineCase(meta as never, noop)).toThrow(expect.objectContaining({ code: 'evidence.invalid_case' }));
  });

  it('definePack rejects duplicate ids and foreign objects', () => {
    const c = defineCase({ id: 'web:a', title: 'a' }, noop);
    expect(() => definePack({ name: 'p', cases: [c, c] })).toThrow(expect.objectContaining({ code: 'evidence.invalid_pack' }));
    expect(() => definePack({ name: 'p', cases: [{} as never] })).toThrow(expect.objectContaining({ code: 'evidence.invalid_pack' }));
    expect(() => definePack({ name: 'bad name' })).toThrow(expect.objectContaining({ code: 'evidence.invalid_pack' }));
    expect(definePack({ name: 'webdemo', cases: [c] }).meta).toEqual({ name: 'webdemo', version: '0.0.0', namespace: 'webdemo', description: '' });
  });

  it('defineProbe needs a prompt and at least one assertion', () => {
    expect(() => defineProbe({ id: 'a:b', assertions: [outputContains('x')] })).toThrow(expect.objectContaining({ code: 'evidence.invalid_case' }));
    expect(() => defineProbe({ id: 'a:b', prompt: 'p', assertions: [] })).toThrow(/asserts nothing/);
    expect(defineProbe({ id: 'a:b', prompt: 'p', material: 'm', assertions: [outputContains('x')] }).turns).toEqual([{ prompt: 'p', material: 'm' }]);
  });

  it('resolveEnvironment: named, default, and unknown', () => {
    const a = definePack({ name: 'a', environments: { local: { x: 1, y: 1 }, default: { d: true } } });
    const b = definePack({ name: 'b', environments: { local: { y: 2 } } });
    expect(resolveEnvironment({ name: 'local', packs: [a, b] })).toEqual({ name: 'local', values: { x: 1, y: 2 } });
    expect(resolveEnvironment({ packs: [a] })).toEqual({ name: 'default', values: { d: true } });
    expect(resolveEnvironment({ packs: [b] })).toEqual({ values: {} });
    expect(() => resolveEnvironment({ name: 'prod', packs: [a, b] })).toThrow(expect.objectContaining({ code: 'evidence.unknown_environment', hint: 'Known environments: default, local.' }));
  });
});
