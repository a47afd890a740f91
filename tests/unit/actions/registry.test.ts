import { describe, expect, it } from 'vitest';
import { ACTION_REGISTRY, TRIGGER_REGISTRY, actionSpec, defaultSpeechSeconds, triggerSpec } from '../../../core/actions/registry';
import { actionPayloadSchema } from '../../../core/scene/schema';
import { STAGE_EVENT_TYPES } from '../../../core/events';

describe('action registry', () => {
  it('lists each kind once, and each is one the schema accepts', () => {
    const types = ACTION_REGISTRY.map((a) => a.type);
    expect(new Set(types).size).toBe(types.length);
    expect(ACTION_REGISTRY.map((a) => a.type).sort()).toEqual(['camera_follow', 'camera_frame', 'drop_prop', 'face', 'gesture', 'pick_up_prop', 'ragdoll', 'recover', 'speak', 'throw_prop', 'wait', 'walk_to']);
    for (const spec of ACTION_REGISTRY) {
      const refusedAsUnknown = actionPayloadSchema.safeParse({ type: spec.type }).error?.issues.some((i) => i.message === 'unknown or unsupported action type') ?? false;
      expect(refusedAsUnknown, spec.type).toBe(false);
    }
  });

  it('the prop kinds read as the Direct popup labels them', () => {
    expect(['pick_up_prop', 'drop_prop', 'throw_prop'].map((t) => actionSpec(t)?.label)).toEqual(['Pick Up Prop…', 'Drop Prop', 'Throw Prop…']);
  });

  it('only speak, face and gesture may run as an overlay', () => {
    expect(ACTION_REGISTRY.filter((a) => a.overlay).map((a) => a.type).sort()).toEqual(['face', 'gesture', 'speak']);
  });

  it('looks kinds up by type', () => {
    expect(actionSpec('wait')?.fields[0].name).toBe('seconds');
    expect(actionSpec('nope')).toBeUndefined();
    expect(triggerSpec('entered_area')?.target?.kinds).toEqual(['area']);
    expect(triggerSpec('arrived')?.target).toBeNull();
    expect(triggerSpec('nope')).toBeUndefined();
  });

  it('every trigger is a stage event type, listed once', () => {
    const types = TRIGGER_REGISTRY.map((t) => t.type);
    expect(new Set(types).size).toBe(types.length);
    for (const t of types) expect(STAGE_EVENT_TYPES).toContain(t);
  });

  it('default speech lasts long enough to read: 0.3 s + 0.06 s per character, clamped to [1.5, 8]', () => {
    expect(defaultSpeechSeconds('')).toBe(1.5);
    expect(defaultSpeechSeconds('Hi')).toBe(1.5);
    expect(defaultSpeechSeconds('x'.repeat(50))).toBeCloseTo(3.3, 9);
    expect(defaultSpeechSeconds('x'.repeat(1000))).toBe(8);
  });
});
