/**
 * Debug overlay data for issue 8, one rig at a time: a ragdoll's bodies, joints and rest timer,
 * a stand-up's variant, and the hit reactions bending the animated pose. Read-only views of the
 * rig runtime, built only while the debug overlay is on.
 */
import { RAGDOLL_JOINTS, RAGDOLL_REST_SECONDS } from '../../core/ragdoll';
import { PART_NAMES } from '../../core/rig/skeleton';
import type { DebugRagdoll, DebugShape, Vec2 } from '../frame/frame';
import type { RigRuntime } from './rigRuntime';

/** Stage px between the top of a ragdoll's highest part and its rest-timer label. */
const LABEL_ABOVE = 110;

const round2 = (x: number) => Math.round(x * 100) / 100;

/** The ragdoll a rig is right now, or null when it is not one. */
export function ragdollDebug(r: RigRuntime): DebugRagdoll | null {
  const pose = r.body.ragdollPose;
  if (!pose) return null;
  // The proxies follow the world pose, which is the ragdoll's while it is one: the bodies' shapes.
  const proxies = r.proxies;
  const bodies: DebugShape[] = PART_NAMES.map((part) => {
    const p = proxies[part];
    return p.shape === 'circle'
      ? { kind: 'circle', center: [p.center[0], p.center[1]], rotation: p.rotation, radius: p.radius }
      : { kind: 'capsule', center: [p.center[0], p.center[1]], rotation: p.rotation, radius: p.radius, halfHeight: p.halfHeight };
  });
  const joints: Vec2[] = RAGDOLL_JOINTS.map((j) => {
    const parent = pose[j.parent];
    const at = j.at === 'parent_end' ? parent.end : parent.start;
    return [at[0], at[1]];
  });
  let top = Infinity;
  for (const b of bodies) top = Math.min(top, b.center[1] - b.radius - (b.halfHeight ?? 0));
  const rest = r.body.restSeconds;
  const text = `${r.id}: ${r.connection.held ? 'held' : `rest ${rest.toFixed(2)} / ${RAGDOLL_REST_SECONDS.toFixed(2)} s`}`;
  return { id: r.id, bodies, joints, restSeconds: rest, label: { position: [pose.torso.start[0], top - LABEL_ABOVE], text } };
}

/** " · stand-up face_down" while a stand-up runs (appended to the rig's TerrainMotion label), else "". */
export function standUpSuffix(r: RigRuntime): string {
  const variant = r.body.standUpVariant;
  return variant ? ` · stand-up ${variant}` : '';
}

/** "LeftUpperArm -0.31 · LeftLowerArm -0.12": each flinching joint's applied rotation (rad), or null. */
export function reactionText(r: RigRuntime): string | null {
  if (r.reactions.size === 0) return null;
  const parts: string[] = [];
  for (const [joint, s] of r.reactions) parts.push(`${joint} ${round2(s.angle * s.strength).toFixed(2)}`);
  return parts.join(' · ');
}
