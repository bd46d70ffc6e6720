import { describe, expect, it } from 'vitest';
import { CHANGE_APPROVALS, EFFECT_CLASSES, EFFECT_CLASS_ORDER, isEffectClass, strictestEffectClass } from '../src/vocabulary.js';
import { ChangeSetEvent, RunEvent } from '../src/schemas.js';

describe('effect classes (the vocabulary governance classifies into)', () => {
  it('has the seven classes, ordered mildest first, and every one in the order', () => {
    expect(Object.keys(EFFECT_CLASSES).sort()).toEqual(['credentials', 'destructive', 'egress', 'instructs-agents', 'ordinary', 'outside', 'runs-later']);
    expect([...EFFECT_CLASS_ORDER].sort()).toEqual(Object.keys(EFFECT_CLASSES).sort());
    expect(EFFECT_CLASS_ORDER[0]).toBe('ordinary');
  });

  it('picks the more severe class whichever side it is on, and knows its own ids', () => {
    expect(strictestEffectClass('ordinary', 'runs-later')).toBe('runs-later');
    expect(strictestEffectClass('instructs-agents', 'ordinary')).toBe('instructs-agents');
    expect(strictestEffectClass('ordinary', 'ordinary')).toBe('ordinary');
    expect(isEffectClass('runs-later')).toBe(true);
    expect(isEffectClass('toString')).toBe(false);
    expect(isEffectClass('Ordinary')).toBe(false);
    expect(Object.keys(CHANGE_APPROVALS)).toEqual(['mode', 'person', 'task', 'rule']);
  });

  it('a change_set event is a run event', () => {
    const event = { type: 'change_set', runId: 'r', at: '2026-01-01T00:00:00.000Z', changes: [{ path: 'src/a.ts', effectClass: 'ordinary', approvedBy: 'mode', rule: 'mode.yolo', tool: 'edit_file' }] };
    expect(ChangeSetEvent.parse(event)).toEqual(event);
    expect(RunEvent.parse(event).type).toBe('change_set');
  });
});
