/**
 * One definition per action kind (core/actions/kinds): the registry, the scene schema's payload
 * union, the editor form and every text the UI shows are derived from that one list, so a kind
 * is described once and every consumer follows it.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ACTION_DEFINITIONS } from '../../../core/actions/kinds';
import { ACTION_REGISTRY, actionSpec, defaultValues, type ActionSpec } from '../../../core/actions/registry';
import type { PayloadSchemas } from '../../../core/actions/definition';
import { actionPayloadSchema, queueItemSchema, type ActionPayload } from '../../../core/scene/schema';
import { actionText, ruleSummary } from '../../../ui/state/actionText';
import { formFromValues, readActionForm } from '../../../ui/state/actionForm';

/** What a director would capture on stage for a field that has no default. */
const CAPTURED: Record<string, unknown> = { point: [1500, 1400], prop: 'ball-1', object: 'stick-1', rect: [1000, 1000, 2600, 1900] };

/** The kind's default payload, with the stage-captured fields filled in as a pick would. */
function samplePayload(spec: ActionSpec): ActionPayload {
  const values: Record<string, unknown> = { type: spec.type, ...defaultValues(spec) };
  for (const f of spec.fields) if (values[f.name] === undefined && !f.optional) values[f.name] = CAPTURED[f.kind];
  return values as ActionPayload;
}

/** Loose stand-ins for the scene's value schemas: enough to read a definition's payload keys. */
const LOOSE: PayloadSchemas = { point: z.any(), seconds: z.any(), text: z.any(), facing: z.any(), objectId: z.any(), gestureId: z.any(), hand: z.any(), viewWidth: z.any(), rect: z.any() };

const variantTypes = (schema: typeof actionPayloadSchema | typeof queueItemSchema) =>
  schema.options.map((o) => (o.shape.type as z.ZodLiteral<string>).value);

describe('action kinds: one definition each', () => {
  it('the registry is the definitions list, in its order, each kind once', () => {
    expect(ACTION_REGISTRY).toHaveLength(ACTION_DEFINITIONS.length);
    ACTION_DEFINITIONS.forEach((d, i) => expect(ACTION_REGISTRY[i]).toBe(d));
    expect(new Set(ACTION_REGISTRY.map((a) => a.type)).size).toBe(ACTION_REGISTRY.length);
    for (const d of ACTION_DEFINITIONS) expect(actionSpec(d.type)).toBe(d);
  });

  it('the payload union and the queue item union have one variant per kind, in list order', () => {
    const supported = ACTION_DEFINITIONS.map((d) => d.type);
    expect(supported).toEqual(['walk_to', 'wait', 'speak', 'face', 'gesture', 'ragdoll', 'recover', 'pick_up_prop', 'drop_prop', 'throw_prop', 'camera_follow', 'camera_frame']);
    expect(variantTypes(actionPayloadSchema)).toEqual(supported);
    expect(variantTypes(queueItemSchema)).toEqual(supported);
  });

  it("each variant's keys are exactly type plus the definition's payload keys (queue items add id first)", () => {
    for (const option of actionPayloadSchema.options) {
      const d = actionSpec((option.shape.type as z.ZodLiteral<string>).value)!;
      expect(Object.keys(option.shape), d.type).toEqual(['type', ...Object.keys(d.payload(LOOSE))]);
    }
    for (const option of queueItemSchema.options) {
      const d = actionSpec((option.shape.type as z.ZodLiteral<string>).value)!;
      expect(Object.keys(option.shape), d.type).toEqual(['id', 'type', ...Object.keys(d.payload(LOOSE))]);
    }
  });

  it('every kind accepts its default payload (captured fields filled) and refuses an unknown key', () => {
    for (const spec of ACTION_REGISTRY) {
      const sample = samplePayload(spec);
      expect(actionPayloadSchema.safeParse(sample).error?.issues ?? [], spec.type).toEqual([]);
      expect(queueItemSchema.safeParse({ id: 'q1', ...sample }).success, spec.type).toBe(true);
      expect(actionPayloadSchema.safeParse({ ...sample, extra: 1 }).success, `${spec.type} + extra key`).toBe(false);
    }
  });

  it("the editor fields are the payload's keys, with the payload's optionality", () => {
    for (const d of ACTION_DEFINITIONS) {
      expect(d.fields.map((f) => f.name), d.type).toEqual(Object.keys(d.payload(LOOSE)));
    }
    for (const spec of ACTION_REGISTRY) {
      const sample = samplePayload(spec) as Record<string, unknown>;
      for (const f of spec.fields) {
        const { [f.name]: _dropped, ...without } = sample;
        expect(actionPayloadSchema.safeParse(without).success, `${spec.type} without ${f.name}`).toBe(!!f.optional);
      }
    }
  });

  it('the editor form of every kind reads back the payload it was filled with', () => {
    for (const spec of ACTION_REGISTRY) {
      const sample = samplePayload(spec);
      const read = readActionForm(spec, formFromValues(spec, sample as unknown as Record<string, unknown>));
      expect(read, spec.type).toEqual({ ok: true, payload: sample });
    }
  });

  it('a number field refuses what the file format refuses (min and max come from the same limits)', () => {
    for (const spec of ACTION_REGISTRY) {
      for (const f of spec.fields.filter((x) => x.kind === 'number')) {
        for (const bad of [f.min! - 1, f.max! + 1]) {
          const form = { ...formFromValues(spec, samplePayload(spec) as unknown as Record<string, unknown>), [f.name]: String(bad) };
          expect(readActionForm(spec, form).ok, `${spec.type}.${f.name} = ${bad} in the form`).toBe(false);
          expect(actionPayloadSchema.safeParse({ ...samplePayload(spec), [f.name]: bad }).success, `${spec.type}.${f.name} = ${bad} in a file`).toBe(false);
        }
      }
    }
  });
});

describe('action kinds: how they read', () => {
  it("the queue text is the kind's own text function", () => {
    for (const d of ACTION_DEFINITIONS) {
      const sample = samplePayload(d);
      expect(actionText(sample), d.type).toBe(d.text(sample as never));
    }
  });

  it('reads as before for the kinds this build runs', () => {
    expect(actionText({ type: 'walk_to', target_position: [1500.456, 1400] })).toBe('Walk to (1500.46, 1400)');
    expect(actionText({ type: 'wait', seconds: 1 })).toBe('Wait 1 s');
    expect(actionText({ type: 'speak', text: 'Hello', seconds: 2 })).toBe('“Hello” 2 s');
    expect(actionText({ type: 'speak', text: 'x'.repeat(50) })).toBe(`“${'x'.repeat(39)}…”`);
    expect(actionText({ type: 'face', direction: 'LEFT' })).toBe('Face left');
  });

  it('prop actions read with the prop named, and the hand only when it is chosen', () => {
    expect(actionText({ type: 'pick_up_prop', target_prop_id: 'ball-1', hand: 'auto' })).toBe('Pick up ball-1');
    expect(actionText({ type: 'pick_up_prop', target_prop_id: 'ball-1', hand: 'left' })).toBe('Pick up ball-1 with the left hand');
    expect(actionText({ type: 'drop_prop' })).toBe('Drop the prop');
    expect(actionText({ type: 'throw_prop', target_position: [1200, 900.5] })).toBe('Throw the prop to (1200, 900.5)');
    // A namer (the UI's) names the prop; the kind does not look objects up itself.
    expect(actionText({ type: 'pick_up_prop', target_prop_id: 'crate-1', hand: 'right' }, (id) => `${id} (missing)`)).toBe('Pick up crate-1 (missing) with the right hand');
  });

  it('a pickup without a hand is an auto pickup (the file may leave it out)', () => {
    expect(actionPayloadSchema.parse({ type: 'pick_up_prop', target_prop_id: 'ball-1' })).toEqual({ type: 'pick_up_prop', target_prop_id: 'ball-1', hand: 'auto' });
    expect(actionPayloadSchema.safeParse({ type: 'pick_up_prop', target_prop_id: 'ball-1', hand: 'both' }).success).toBe(false);
  });

  it('the hand is a choice of auto, left and right in the editor; an unknown choice reads as the default', () => {
    const spec = actionSpec('pick_up_prop')!;
    const hand = spec.fields.find((f) => f.name === 'hand')!;
    expect(hand).toMatchObject({ kind: 'hand', capture: 'choice', default: 'auto' });
    expect(hand.choices?.map((c) => c.value)).toEqual(['auto', 'left', 'right']);
    expect(spec.fields[0]).toMatchObject({ name: 'target_prop_id', kind: 'prop', capture: 'stage_prop' });
    expect(readActionForm(spec, { target_prop_id: 'ball-1', hand: 'right' })).toEqual({ ok: true, payload: { type: 'pick_up_prop', target_prop_id: 'ball-1', hand: 'right' } });
    expect(readActionForm(spec, { target_prop_id: 'ball-1', hand: 'both' })).toEqual({ ok: true, payload: { type: 'pick_up_prop', target_prop_id: 'ball-1', hand: 'auto' } });
    expect(readActionForm(spec, { target_prop_id: ' ', hand: 'auto' })).toEqual({ ok: false, errors: { target_prop_id: 'pick a prop' } });
  });

  it('Throw captures a stage point and Drop needs nothing', () => {
    expect(actionSpec('throw_prop')!.fields).toMatchObject([{ name: 'target_position', kind: 'point', capture: 'stage_point' }]);
    expect(actionSpec('drop_prop')!.fields).toEqual([]);
  });

  it("a rule summary uses the kind's phrase", () => {
    for (const spec of ACTION_REGISTRY) {
      const action = samplePayload(spec);
      const summary = ruleSummary({ when: { type: 'arrived', source: 'stick-1', target: 'any' }, then: [{ actor: 'stick-2', mode: 'sequential', action }] });
      expect(summary, spec.type).toBe(`When stick-1 arrives → stick-2 ${spec.phrase(action as never)} (sequential)`);
    }
    expect(ruleSummary({ when: { type: 'arrived', source: 'any', target: 'any' }, then: [{ actor: 's', mode: 'overlay', action: { type: 'speak', text: 'Made it' } }] })).toBe(
      'When any stickman arrives → s says “Made it” (overlay)',
    );
  });

  it('every kind has an icon drawn from line parts on the 16 px grid', () => {
    for (const d of ACTION_DEFINITIONS) {
      expect(d.icon.length, d.type).toBeGreaterThan(0);
      for (const part of d.icon) {
        if ('path' in part) expect(part.path, d.type).toMatch(/^M/);
        else for (const v of part.circle) expect(v >= 0 && v <= 16, d.type).toBe(true);
      }
    }
  });
});
