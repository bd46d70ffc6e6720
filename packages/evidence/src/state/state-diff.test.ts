import { describe, expect, it } from 'vitest';
import { stateDiff } from './state-diff.js';
import { EvidenceError } from '../errors/evidence-error.js';

describe('stateDiff', () => {
  it('reports added/removed list items, changed values and nested paths', () => {
    const diff = stateDiff();
    const state = { files: ['a.txt', 'b.txt'], config: { mode: 'safe', retries: 1 }, gone: true };
    diff.snapshot('before', state);
    state.files.push('c.txt');
    state.config.mode = 'yolo';
    diff.snapshot('after', { ...state, gone: undefined, files: ['c.txt', 'a.txt'], added: { x: 1 } });
    expect(diff.changes('before', 'after')).toEqual([
      { path: ['added'], kind: 'added', value: { x: 1 } },
      { path: ['config', 'mode'], kind: 'changed', from: 'safe', to: 'yolo' },
      { path: ['files', 1], kind: 'removed', value: 'b.txt' },
      { path: ['files', 0], kind: 'added', value: 'c.txt' },
      { path: ['gone'], kind: 'changed', from: true, to: null },
    ]);
  });

  it('keeps detached snapshots and a sequence across all of them', () => {
    const diff = stateDiff();
    const live = { n: 1, items: [{ id: 1 }] };
    diff.snapshot('s1', live);
    live.n = 2;
    diff.snapshot('s2', live);
    live.items.push({ id: 2 });
    diff.snapshot('s3', live);
    expect(diff.labels()).toEqual(['s1', 's2', 's3']);
    expect(diff.sequence()).toEqual([
      { from: 's1', to: 's2', changes: [{ path: ['n'], kind: 'changed', from: 1, to: 2 }] },
      { from: 's2', to: 's3', changes: [{ path: ['items', 1], kind: 'added', value: { id: 2 } }] },
    ]);
    expect(diff.changes('s1', 's1')).toEqual([]);
  });

  it('treats reordering as no change and a type change as changed', () => {
    const diff = stateDiff();
    diff.snapshot('a', { list: [1, 2, 2], v: [1] });
    diff.snapshot('b', { list: [2, 1, 2], v: { 0: 1 } });
    expect(diff.changes('a', 'b')).toEqual([{ path: ['v'], kind: 'changed', from: [1], to: { 0: 1 } }]);
  });

  it('throws a typed error for an unknown label', () => {
    const diff = stateDiff();
    diff.snapshot('a', {});
    expect(() => diff.changes('a', 'nope')).toThrow(EvidenceError);
    try {
      diff.changes('a', 'nope');
    } catch (error) {
      expect((error as EvidenceError).code).toBe('evidence.invalid_state');
    }
  });
});
