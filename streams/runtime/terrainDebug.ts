/**
 * Debug overlay data for issue 9, one rig at a time: in the air, the air-pose weight and the fall
 * so far; in a hard landing, its phase (compress 0.08 s, recover 0.22 s), the elapsed time, the
 * fall height that chose its depth, and the two foot contacts it locked (from the foot's own fan,
 * or the centre-surface fallback). Read-only views of the rig runtime, built only while the debug
 * overlay is on.
 */
import { LANDING_COMPRESS_DURATION, LANDING_TOTAL_DURATION } from '../../core/locomotion';
import type { DebugFootLock } from '../frame/frame';
import type { RigRuntime } from './rigRuntime';

/** The landing's phase at `elapsed` s: the 0.08 s compression, then the 0.22 s recovery. */
export const landingPhase = (elapsed: number): 'compress' | 'recover' => (elapsed < LANDING_COMPRESS_DURATION ? 'compress' : 'recover');

/**
 * " · air w 0.63 · fall 214 px" in the air, " · landing compress 0.05 / 0.30 s · fall 300 px"
 * while a hard landing is absorbed; "" otherwise. Appended to the rig's TerrainMotion label.
 */
export function terrainMotionSuffix(r: RigRuntime): string {
  const m = r.motion;
  if (r.terrainPhase === 'AIRBORNE') {
    return ` · air w ${m.airPoseWeight.toFixed(2)} · fall ${Math.round(m.root[1] - m.fallStartY)} px`;
  }
  if (r.terrainPhase === 'LANDING_IMPACT' && m.landing) {
    const l = m.landing;
    return ` · landing ${landingPhase(l.elapsed)} ${l.elapsed.toFixed(2)} / ${LANDING_TOTAL_DURATION.toFixed(2)} s · fall ${Math.round(l.fallHeight)} px`;
  }
  return '';
}

/** The feet a hard landing holds to the terrain, each at its own contact; none otherwise. */
export function footLocks(r: RigRuntime): DebugFootLock[] {
  const l = r.motion.landing;
  if (r.terrainPhase !== 'LANDING_IMPACT' || !l) return [];
  return (['left', 'right'] as const).map((side) => ({
    id: r.id,
    side,
    position: [l.contacts[side][0], l.contacts[side][1]],
    fromFan: l.contactFromFan[side],
  }));
}
