/**
 * A hard landing beside a prop (the demo's box-5: Ada comes down off the platform with a foot
 * over a box). Terrain knows nothing of props, so the landing locked that foot to the floor
 * inside the box, and for the whole impact the shin proxy pressed through it: the box was shoved
 * and tipped, and in the demo thrown off the stage. Now a foot that would stand inside a prop
 * moves along the ground towards the other foot until it is clear of it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { LEG_COLLISION_RADIUS } from '../../core/rig/proxies';
import { ground, prop } from '../helpers/scenes';
import { TestStage } from '../helpers/testStage';
import { GROUND_TOP, sceneWithQueues, stickman, type Vec2 } from './rigScenes';

beforeAll(() => TestStage.init());

/** The builtin box is 80 px square; it lies on the ground with its right side `gap` px behind the drop point. */
const BOX_HALF = 40;

/**
 * Drops a stickman from y 800 at x 1000 beside a box whose right side is `gap` px behind the drop
 * point (none: no box); returns the landing's contacts at touchdown and the box's motion over the impact.
 */
function dropBeside(gap: number | null) {
  const box = gap === null ? [] : [prop('box', 'box', [1000 - gap - BOX_HALF, GROUND_TOP - BOX_HALF])];
  const stage = TestStage.load(sceneWithQueues([ground(), ...box, stickman('stick', [1000, 800])])).play();
  const rig = stage.rig('stick');
  stage.stepUntil(() => rig.terrainPhase === 'LANDING_IMPACT', 240);
  const contacts = rig.motion.landing!.contacts;
  const touchdown = { left: [...contacts.left] as Vec2, right: [...contacts.right] as Vec2 };
  const boxAtTouchdown = stage.runtime.propState('box');
  let moved = 0;
  let turned = 0;
  while (rig.terrainPhase === 'LANDING_IMPACT' && stage.tick < 600) {
    stage.step(1);
    const b = stage.runtime.propState('box');
    if (!b || !boxAtTouchdown) continue;
    moved = Math.max(moved, Math.hypot(b.position[0] - boxAtTouchdown.position[0], b.position[1] - boxAtTouchdown.position[1]));
    turned = Math.max(turned, Math.abs(b.rotation - boxAtTouchdown.rotation));
  }
  const root = rig.motion.root[0];
  stage.dispose();
  return { touchdown, box: boxAtTouchdown?.position ?? [0, 0], moved, turned, root };
}

describe('a hard landing beside a prop', () => {
  for (const gap of [20, 0]) {
    it(`locks no foot inside the box (its side ${gap} px behind the drop point), and the box lies still through the impact`, () => {
      const { touchdown, box, moved, turned } = dropBeside(gap);
      const boxRight = box[0] + BOX_HALF;
      // Both feet stand clear of the box: the shin's end (a ball of its radius) touches no side of it.
      for (const foot of [touchdown.left, touchdown.right]) {
        expect(foot[0] - LEG_COLLISION_RADIUS).toBeGreaterThanOrEqual(boxRight - 0.5);
        expect(foot[1]).toBeCloseTo(GROUND_TOP, 3);
      }
      expect(moved).toBeLessThan(1);
      expect(turned).toBeLessThan(0.01);
    });
  }

  it('moves only a foot that stands in a prop: far from one, the landing is the one without it', () => {
    const alone = dropBeside(null);
    expect(dropBeside(400).touchdown).toEqual(alone.touchdown);
    const near = dropBeside(20);
    // The leading foot was clear: it stays; the trailing one moved forward, under the body.
    expect(near.touchdown.left).toEqual(alone.touchdown.left);
    expect(near.touchdown.right[0]).toBeGreaterThan(alone.touchdown.right[0]);
  });
});
