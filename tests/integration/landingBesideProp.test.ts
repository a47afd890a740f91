/**
 * A hard landing beside a prop (the demo's box-5: stick-1 comes down off the platform with a foot
 * over a box, another box just ahead). Terrain knows nothing of props, so the landing locked that
 * foot to the floor inside the box, and for the whole impact the shin proxy pressed through it: the
 * box was shoved and tipped. Now a foot that would stand inside a prop moves along the ground until
 * it is clear of it. And the legs do not flinch while the feet are locked (seed 6a §7): the falling
 * shin that brushed box-5's corner swung, at the flinch's cap, into box-4, flinched back into box-5
 * and threw it into the air.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { LEG_COLLISION_RADIUS } from '../../core/rig/proxies';
import { LEG_JOINTS } from '../../core/rig/reactions';
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

describe('the legs hold still while a hard landing locks the feet', () => {
  it('a shin that hit a prop on the way down does not flinch off its contact: the feet stay on their contacts for the whole impact', () => {
    // The box's side at the drop point: the trailing shin comes down on its top corner.
    const stage = TestStage.load(sceneWithQueues([ground(), prop('box', 'box', [1000 - BOX_HALF, GROUND_TOP - BOX_HALF]), stickman('stick', [1000, 800])])).play();
    const rig = stage.rig('stick');
    stage.stepUntil(() => rig.terrainPhase === 'LANDING_IMPACT', 240);
    const legHits = stage.events('collided', 'stick').filter((e) => (e.part ?? '').includes('leg'));
    expect(legHits.length).toBeGreaterThan(0);
    expect(legHits[0].speed ?? 0).toBeGreaterThan(400);
    const contacts = rig.motion.landing!.contacts;
    let impactSteps = 0;
    let worstGap = 0;
    while (rig.terrainPhase === 'LANDING_IMPACT' && stage.tick < 600) {
      for (const joint of LEG_JOINTS) expect(rig.reactions.has(joint)).toBe(false);
      const view = stage.rigView('stick');
      const foot = (name: string) => view.parts.find((p) => p.name === name)!.end;
      worstGap = Math.max(worstGap, Math.hypot(foot('left_lower_leg')[0] - contacts.left[0], foot('left_lower_leg')[1] - contacts.left[1]));
      worstGap = Math.max(worstGap, Math.hypot(foot('right_lower_leg')[0] - contacts.right[0], foot('right_lower_leg')[1] - contacts.right[1]));
      impactSteps += 1;
      stage.step(1);
    }
    expect(impactSteps).toBeGreaterThan(10);
    expect(worstGap).toBeLessThan(0.5);
    stage.dispose();
  });

  it('mid-impact, a hit on a leg flinches nothing and a hit on the head flinches it', () => {
    const stage = TestStage.load(sceneWithQueues([ground(), stickman('stick', [1000, 800])])).play();
    const rig = stage.rig('stick');
    stage.stepUntil(() => rig.terrainPhase === 'LANDING_IMPACT', 240);
    expect(rig.addReaction('left_lower_leg', [1, 0], 1200)).toBe(0);
    expect(rig.reactions.size).toBe(0);
    expect(rig.addReaction('head', [1, 0], 1200)).toBeGreaterThan(0);
    expect(rig.reactions.has('Head')).toBe(true);
    stage.step(1);
    expect(rig.reactions.has('Head')).toBe(true);
    stage.dispose();
  });
});
