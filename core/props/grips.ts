/**
 * Grips: where a hand may hold a prop (seed phase 11 §3.1, §6). An asset's authored `anchors`
 * become grips as they are; a prop without any gets one generated grip at the centre of its
 * visual bounds, which either hand may use. Positions are prop-local px (+X right, +Y down, the
 * prop's own rotation not applied), rotations radians.
 */
type Vec2 = [number, number];

export type GripHand = 'left' | 'right';

export interface ResolvedGrip {
  id: string;
  /** What the grip is for ("grip", "handle" …): informative, the runtime treats all alike. */
  role: string;
  /** The hands allowed to take it (never empty). */
  hands: GripHand[];
  /** Prop-local px; resolveProp has applied the instance scale. */
  position: Vec2;
  /** Radians, prop-local: the direction the hand's grip axis points. */
  rotation: number;
  /** > 0 draws the prop in front of the holding arm, < 0 behind it. */
  z_offset: number;
  /** The asset's `primary_grip` (or the generated grip): `auto` pickups try it first. */
  primary: boolean;
}

/** An anchor as the asset schema gives it (and a built-in definition may carry). */
export interface AnchorLike {
  id: string;
  role: string;
  hands: readonly GripHand[];
  position: readonly [number, number];
  rotation: number;
  z_offset: number;
  primary_grip: boolean;
}

/** The id of the grip generated for props without authored anchors. */
export const GENERATED_GRIP_ID = 'center';

type ShapeLike =
  | { kind: 'box'; size: readonly [number, number] }
  | { kind: 'circle'; radius: number }
  | { kind: 'capsule'; length: number; radius: number }
  | { kind: 'polygon'; points: readonly (readonly [number, number])[] };

/** Centre of the shape's axis-aligned bounds in its own frame (0, 0 except for off-centre polygons). */
export function visualCenter(shape: ShapeLike): Vec2 {
  if (shape.kind !== 'polygon' || shape.points.length === 0) return [0, 0];
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const [x, y] of shape.points) {
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  }
  return [(minX + maxX) / 2, (minY + maxY) / 2];
}

/** The one-hand grip at the centre of the shape's visual bounds, for a prop without anchors. */
export function generatedGrip(shape: ShapeLike): ResolvedGrip {
  return { id: GENERATED_GRIP_ID, role: 'grip', hands: ['left', 'right'], position: visualCenter(shape), rotation: 0, z_offset: 0, primary: true };
}

/**
 * Authored anchors as grips, in file order. Only the first anchor marked `primary_grip` is
 * primary (the loader refuses a file marking two, so that is a guard for documents built in code).
 */
export function resolveGrips(anchors: readonly AnchorLike[]): ResolvedGrip[] {
  const primaryIndex = anchors.findIndex((a) => a.primary_grip);
  return anchors.map((a, i) => ({
    id: a.id,
    role: a.role,
    hands: [...new Set(a.hands)],
    position: [a.position[0], a.position[1]],
    rotation: a.rotation,
    z_offset: a.z_offset,
    primary: i === primaryIndex,
  }));
}

/**
 * A grip on a prop scaled by `scale` (positive factors): the position scales per axis, and the
 * rotation is the direction of the scaled grip axis, so a grip along a plank's long side stays
 * along it however the plank is stretched.
 */
export function scaleGrip(grip: ResolvedGrip, scale: readonly [number, number]): ResolvedGrip {
  const [sx, sy] = scale;
  if (sx === 1 && sy === 1) return { ...grip, position: [grip.position[0], grip.position[1]], hands: [...grip.hands] };
  const rotation = sx === sy ? grip.rotation : Math.atan2(Math.sin(grip.rotation) * sy, Math.cos(grip.rotation) * sx);
  return { ...grip, hands: [...grip.hands], position: [grip.position[0] * sx, grip.position[1] * sy], rotation };
}

/**
 * A grip of a prop standing at `position` turned by `rotation` (radians, clockwise on screen):
 * where it is on the stage and the direction it points. Mirroring for a left-facing holder is
 * the holder's business, not the prop's.
 */
export function gripToStage(grip: Pick<ResolvedGrip, 'position' | 'rotation'>, position: readonly [number, number], rotation: number): { position: Vec2; rotation: number } {
  const c = Math.cos(rotation);
  const s = Math.sin(rotation);
  const [x, y] = grip.position;
  return { position: [position[0] + x * c - y * s, position[1] + x * s + y * c], rotation: grip.rotation + rotation };
}
