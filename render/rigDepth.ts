/**
 * Depth in a side view: a stickman facing RIGHT shows the viewer its right side, so its left arm
 * and leg are the far ones (facing LEFT, the right ones). The far limbs are drawn first, behind
 * the torso and head, and a shade darker; the near limbs go on top. That is what lets two arms or
 * two legs crossing read as a body in depth rather than as one tangle of lines.
 */
import type { Facing } from '../core/rig/facing';
import type { RGBA } from './color';

export type PartDepth = 'far' | 'body' | 'near';

/** How much darker (toward black) the far limbs are drawn. */
export const FAR_LIMB_SHADE = 0.35;

/** Where one part sits in depth for this facing. `name` is a part's snake_case name. */
export function partDepth(name: string, facing: Facing): PartDepth {
  const far = facing === 'RIGHT' ? 'left_' : 'right_';
  const near = facing === 'RIGHT' ? 'right_' : 'left_';
  if (name.startsWith(far)) return 'far';
  if (name.startsWith(near)) return 'near';
  return 'body';
}

const RANK: Record<PartDepth, number> = { far: 0, body: 1, near: 2 };

/**
 * Part indices in drawing order, back to front: far limbs, then the torso and neck, then the near
 * limbs; within a layer the parts keep their given order. Writes into `out` (reused per frame).
 */
export function drawOrder(parts: ReadonlyArray<{ name: string }>, facing: Facing, out: number[] = []): number[] {
  out.length = 0;
  for (let rank = 0; rank <= 2; rank++) {
    for (let i = 0; i < parts.length; i++) if (RANK[partDepth(parts[i].name, facing)] === rank) out.push(i);
  }
  return out;
}

/** The far limbs' colour: the same hue a shade darker, same alpha. */
export function farColor(c: RGBA): RGBA {
  const k = 1 - FAR_LIMB_SHADE;
  return [c[0] * k, c[1] * k, c[2] * k, c[3]];
}

/**
 * Where a prop is drawn against the stickmen. A held prop's grip `z_offset` is relative to its
 * holder's draw order (seed 11 §3.2): above it the prop goes in front of the stickman, arm
 * included; below it behind the body; 0 keeps it among the other props, as any prop lying about.
 */
export type PropLayer = 'behind' | 'level' | 'front';

export function heldPropLayer(zOffset: number): PropLayer {
  if (zOffset > 0) return 'front';
  if (zOffset < 0) return 'behind';
  return 'level';
}

/**
 * The props the stickmen hold in front of or behind themselves, by id (a prop not in the map is
 * drawn level). Writes into `out` (reused per frame).
 */
export function heldPropLayers(rigs: ReadonlyArray<{ heldProp: string | null; heldZOffset: number }>, out: Map<string, PropLayer> = new Map()): Map<string, PropLayer> {
  out.clear();
  for (const r of rigs) {
    if (r.heldProp === null) continue;
    const layer = heldPropLayer(r.heldZOffset);
    if (layer !== 'level') out.set(r.heldProp, layer);
  }
  return out;
}
