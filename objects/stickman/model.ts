/**
 * Stickman: an actor — a rig of ten kinematic parts driven by its machines, with a queue of
 * actions and the rules' reactions. In the document it is a root position, a facing and an
 * optional authored pose. Core layer.
 */
import { z } from 'zod';
import { rigBox } from '../../core/geometry/hitTest';
import { markerToWorld } from '../../core/rig/facing';
import { MARKER_NAMES } from '../../core/rig/markers';
import { WALK_SPEED_MAX, WALK_SPEED_MIN } from '../../core/locomotion/constants';
import { colorSchema, facingSchema, fileIdSchema, finite, idSchema, text, vec2Schema } from '../../core/scene/values';
import { colorField, nameField } from '../core/fields';
import { defineObjectModel } from '../core/objectModel';

export const DEFAULT_STICKMAN_COLOR = '#1d232b';

export const markerPoseSchema = z.strictObject({
  Left_Hand: vec2Schema,
  Right_Hand: vec2Schema,
  Left_Leg: vec2Schema,
  Right_Leg: vec2Schema,
  Torso: vec2Schema,
});

export const stickmanSchema = z.strictObject({
  kind: z.literal('stickman'),
  id: idSchema,
  file_id: fileIdSchema,
  name: text().optional(),
  position: vec2Schema,
  facing: facingSchema.default('RIGHT'),
  auto_recover: z.boolean().default(true),
  /** This stickman's own walking speed, px/s (the default is WALK_SPEED). */
  walk_speed: finite().refine((v) => v >= WALK_SPEED_MIN && v <= WALK_SPEED_MAX, `must be between ${WALK_SPEED_MIN} and ${WALK_SPEED_MAX} px/s`).optional(),
  color: colorSchema.optional(),
  pose: markerPoseSchema.optional(),
});

export type StickmanObject = z.infer<typeof stickmanSchema>;

export const stickmanModel = defineObjectModel<StickmanObject>({
  kind: 'stickman',
  schema: stickmanSchema,
  defaultColor: DEFAULT_STICKMAN_COLOR,
  // It stands up: turning it is its facing, not a rotation.
  rotatable: false,
  actor: true,
  idMirrors: [],
  defaults: () => ({ facing: 'RIGHT', auto_recover: true }),
  idPrefix: () => 'stick',
  // Its box is its figure as shown (the pose moves it); its handles are its five markers.
  selection(o, ctx) {
    const figure = ctx.figure(o.id);
    const box = figure ? rigBox(figure) : null;
    return box ? { box, rotatable: false, resizable: false } : null;
  },
  pointHandles(o, ctx) {
    const figure = ctx.figure(o.id);
    if (!figure) return null;
    return MARKER_NAMES.map((name) => ({ id: `marker:${name}`, target: name, position: markerToWorld(figure.markers[name], figure.root, figure.facing) }));
  },
  panel: [{
    id: 'stickman',
    legend: () => 'Stickman',
    editNote: 'Drag the blue dots (hands, feet, pelvis) on the stage to pose it.',
    rows: [
      nameField<StickmanObject>('stick-name'),
      {
        type: 'button', id: 'facing', label: 'facing', testId: 'stick-facing', button: '⇆ Flip', buttonTestId: 'stick-flip', title: 'Flip facing (X)',
        show: (o) => (o.facing === 'RIGHT' ? 'right →' : '← left'),
        press: (o) => ({ facing: o.facing === 'RIGHT' ? 'LEFT' : 'RIGHT' }),
      },
      {
        type: 'button', id: 'pose', label: 'pose', testId: 'stick-pose', button: 'Reset pose', buttonTestId: 'stick-reset-pose', title: 'Back to the default standing pose',
        show: (o) => (o.pose ? 'authored' : 'default'),
        enabled: (o) => !!o.pose,
        press: () => ({ pose: undefined }),
      },
      colorField<StickmanObject>(() => DEFAULT_STICKMAN_COLOR, 'stick-color'),
      { type: 'toggle', id: 'auto_recover', label: 'auto recover', get: (o) => o.auto_recover, set: (_o, v) => ({ auto_recover: v }) },
    ],
  }],
  palette: [{ key: 'stickman', label: 'Stickman', group: 'Actors', spec: {}, hint: 'A stickman; click where its feet go' }],
  iconColors(spec) {
    const color = (spec.color as string | undefined) ?? DEFAULT_STICKMAN_COLOR;
    return { fill: color, stroke: color };
  },
});
