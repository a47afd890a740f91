/**
 * The built-in gestures (`builtin:*`), which need no entry in a scene file. Drawn for the default
 * proportions (core/rig/proportions.ts): pelvis ≈ 257 px above the root, shoulders ≈ 427, head
 * centre ≈ 499, crown ≈ 561; arms reach ≈ 214 px from the shoulder. +X is the facing direction.
 */
import type { Gesture } from './gesture';

export const BUILTIN_GESTURE_PREFIX = 'builtin:';

export const BUILTIN_GESTURES: readonly Gesture[] = [
  {
    id: 'builtin:wave',
    name: 'Wave',
    body: 'arms',
    loop: true,
    keys: [
      { t: 0, markers: { Right_Hand: [45, -612] } },
      { t: 0.35, markers: { Right_Hand: [135, -585] } },
      { t: 0.7, markers: { Right_Hand: [45, -612] } },
    ],
  },
  {
    id: 'builtin:point',
    name: 'Point',
    body: 'arms',
    loop: false,
    keys: [{ t: 0, markers: { Right_Hand: [208, -450] } }],
  },
  {
    id: 'builtin:cheer',
    name: 'Cheer',
    body: 'arms',
    loop: true,
    keys: [
      { t: 0, markers: { Left_Hand: [-45, -620], Right_Hand: [45, -620] } },
      { t: 0.3, markers: { Left_Hand: [-75, -585], Right_Hand: [75, -585] } },
      { t: 0.6, markers: { Left_Hand: [-45, -620], Right_Hand: [45, -620] } },
    ],
  },
  {
    id: 'builtin:shrug',
    name: 'Shrug',
    body: 'arms',
    loop: false,
    keys: [
      { t: 0, markers: { Left_Hand: [-60, -250], Right_Hand: [60, -250] } },
      { t: 0.35, markers: { Left_Hand: [-115, -330], Right_Hand: [115, -330] } },
    ],
  },
  {
    id: 'builtin:bow',
    name: 'Bow',
    body: 'whole',
    loop: false,
    keys: [
      { t: 0, markers: {}, lean: 0 },
      { t: 0.5, markers: { Torso: [-28, -248], Left_Hand: [105, -175], Right_Hand: [125, -170] }, lean: 0.95 },
      { t: 1.1, markers: { Torso: [-28, -248], Left_Hand: [105, -175], Right_Hand: [125, -170] }, lean: 0.95 },
    ],
  },
];

const BY_ID = new Map(BUILTIN_GESTURES.map((g) => [g.id, g]));

export const isBuiltinGestureId = (id: string): boolean => BY_ID.has(id);

/** The gesture `id` names: a built-in, else one of the scene's own. */
export function findGesture(id: string, sceneGestures: readonly Gesture[] = []): Gesture | undefined {
  return BY_ID.get(id) ?? sceneGestures.find((g) => g.id === id);
}
