/**
 * Feet beside a box after a hard landing, on the real stage. Terrain alone places a foot's rest
 * spot, and beside a box it can lie inside it: the settle after the landing stepped the trailing
 * foot into the box and its shin shoved it (the demo's box-5, just after stick-1 lands, was tipped
 * and pushed). Now the foot settles at the nearest spot clear of the box (core/locomotion/gait
 * `settleSpot` over streams/physics/footClearance); a walk's last steps do the same
 * (tests/unit/locomotion/settleClearOfProps).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { LEG_COLLISION_RADIUS } from '../../core/rig/proxies';
import { ground, prop } from '../helpers/scenes';
import { TestStage } from '../helpers/testStage';
import { GROUND_TOP, sceneWithQueues, stickman } from './rigScenes';

beforeAll(() => TestStage.init());

/** The builtin box is 80 px square. */
const BOX_HALF = 40;

/** How far the box moves over the next `steps` steps, and where the feet stand at their end. */
function watchBox(stage: TestStage, steps: number) {
  const rig = stage.rig('stick');
  const start = stage.runtime.propState('box')!;
  let moved = 0;
  for (let i = 0; i < steps; i += 1) {
    stage.step(1);
    const b = stage.runtime.propState('box')!;
    moved = Math.max(moved, Math.hypot(b.position[0] - start.position[0], b.position[1] - start.position[1]));
  }
  const feet = [rig.motion.feet.left.pos[0], rig.motion.feet.right.pos[0]];
  return { moved, feet, boxX: start.position[0] };
}

const clearOfBox = (footX: number, boxX: number) => Math.abs(footX - boxX) >= BOX_HALF + LEG_COLLISION_RADIUS - 0.5;

describe('feet beside a box after a hard landing', () => {
  for (const gap of [0, 10, 20]) {
    it(`after a hard landing beside a box (its side ${gap} px behind the drop point) the settle steps no foot into it, and the box lies still`, () => {
      const stage = TestStage.load(sceneWithQueues([ground(), prop('box', 'box', [1000 - gap - BOX_HALF, GROUND_TOP - BOX_HALF]), stickman('stick', [1000, 800])])).play();
      const rig = stage.rig('stick');
      stage.stepUntil(() => rig.terrainPhase === 'LANDING_IMPACT', 240);
      stage.stepUntil(() => rig.terrainPhase !== 'LANDING_IMPACT', 60);
      const { moved, feet, boxX } = watchBox(stage, 180);
      stage.dispose();
      // Before, the trailing foot settled onto its rest spot (976) inside the box: it moved 15-115 px.
      expect(moved).toBeLessThan(1);
      for (const x of feet) expect(clearOfBox(x, boxX)).toBe(true);
    });
  }

  it('a landing at a stair edge with a box on the tread below: the settle does not step down into the box', () => {
    // Treads 100 px wide and 40 px high rising right from x 1000; the stickman comes down at the
    // edge between the second tread (1100..1200, top 1320) and the third (top 1280), a box on the second.
    const stairs = { kind: 'terrain', id: 'stairs', shape: 'stairs', position: [1250, 1300], size: [500, 200], steps: 5, rise: 'right' };
    for (const [dropX, boxX] of [[1200, 1145], [1210, 1150]]) {
      const stage = TestStage.load(sceneWithQueues([ground(), stairs, prop('box', 'box', [boxX, 1320 - BOX_HALF]), stickman('stick', [dropX, 700])])).play();
      const rig = stage.rig('stick');
      stage.stepUntil(() => rig.terrainPhase === 'LANDING_IMPACT', 240);
      stage.stepUntil(() => rig.terrainPhase !== 'LANDING_IMPACT', 60);
      const { moved, feet } = watchBox(stage, 240);
      stage.dispose();
      // Before, the trailing foot settled down onto the second tread inside the box: it was pushed 105-242 px.
      expect(moved).toBeLessThan(1);
      for (const x of feet) expect(clearOfBox(x, boxX)).toBe(true);
    }
  });
});
