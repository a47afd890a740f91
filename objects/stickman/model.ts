/**
 * Stickman: an actor — a rig of ten kinematic parts driven by its machines, with a queue of
 * actions and the rules' reactions. In the document it is a root position, a facing and an
 * optional authored pose. Core layer.
 */
import { z } from 'zod';
import { hitsRig, rigBox, topmostHits } from '../../core/geometry/hitTest';
import { markerToWorld } from '../../core/rig/facing';
import { MARKER_NAMES } from '../../core/rig/markers';
import { DEFAULT_PROPORTIONS as P } from '../../core/rig/proportions';
import { WALK_SPEED_MAX, WALK_SPEED_MIN } from '../../core/locomotion/constants';
import { colorSchema, facingSchema, fileIdSchema, finite, idSchema, text, vec2Schema } from '../../core/scene/values';
import { colorField, nameField } from '../core/fields';
import { defineObjectModel, type KindPatch } from '../core/objectModel';

export const DEFAULT_STICKMAN_COLOR = '#1d232b';
const STANDING_HALF_WIDTH = P.headRadius;
const STANDING_HEIGHT = P.upperLeg + P.lowerLeg + P.torso + P.neckToHead + P.headRadius;

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

const flipFacing = (o: StickmanObject): KindPatch<StickmanObject> => ({ facing: o.facing === 'RIGHT' ? 'LEFT' : 'RIGHT' });

export const stickmanModel = defineObjectModel<StickmanObject>({
  kind: 'stickman',
  schema: stickmanSchema,
  defaultColor: DEFAULT_STICKMAN_COLOR,
  // It stands up: turning it is its facing, not a rotation.
  rotatable: false,
  actor: true,
  grabbable: true,
  backdrop: false,
  // The camera may follow one.
  namedBy: ['object'],
  flip: flipFacing,
  crowding: {
    plural: 'stickmen',
    why: 'every step would have to compare them all',
    // A standing stickman's box about its root: the head's width, feet to the top of the head.
    extent: (o) => ({ minX: o.position[0] - STANDING_HALF_WIDTH, maxX: o.position[0] + STANDING_HALF_WIDTH, minY: o.position[1] - STANDING_HEIGHT, maxY: o.position[1] }),
  },
  idMirrors: [],
  defaults: () => ({ facing: 'RIGHT', auto_recover: true }),
  idPrefix: () => 'stick',
  // Its box is its figure as shown (the pose moves it); its handles are its five markers.
  pick: { rank: 1, hits: (scene, p, r) => topmostHits(scene.rigs, (x) => hitsRig(x, p, r.tolerance, r.limbHalfWidth)) },
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
        press: flipFacing,
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
