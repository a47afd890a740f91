/**
 * A flinch is drawn at once (seed 4.5) and the collision proxies follow it at a limited rate
 * (core/rig/reactions PROXY_FLINCH_RATE). Proxies that took the whole flinch in one step were a
 * bat: a shin flinched by the cap swept ~100 px in a step into the box beside it and threw it
 * (the demo's box-4 at 3,400 px/s when stick-1 walked into the pile; in the golden crowds 9 props
 * thrown off the stage).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { proxyFlinching } from '../../core/rig/reactions';
import { PART_NAMES } from '../../core/rig/skeleton';
import { ground, prop } from '../helpers/scenes';
import { TestStage } from '../helpers/testStage';
import { GROUND_TOP, sceneWithQueues, stickman } from './rigScenes';

beforeAll(() => TestStage.init());

const SHIN = PART_NAMES.indexOf('right_lower_leg');

describe('the proxies follow a flinch at a limited rate', () => {
  it('a cap flinch is drawn at once while the proxies ease into it, and the box beside the shins is pushed, not thrown', () => {
    // A box just behind the feet (its right side 12 px from the right foot's shin); both shins are
    // hit from the front at 1,400 px/s, so both legs flinch back by the cap, towards the box.
    for (const boxX of [900, 916]) {
      const stage = TestStage.load(sceneWithQueues([ground(), prop('box', 'box', [boxX, GROUND_TOP - 40]), stickman('stick', [1000, GROUND_TOP - 1])])).play();
      const rig = stage.rig('stick');
      stage.step(90);
      const drawnBefore = [...rig.worldPose.right_lower_leg.end];
      const proxyBefore = [rig.proxyPoseBuffer[SHIN * 3], rig.proxyPoseBuffer[SHIN * 3 + 1]];
      rig.addReaction('left_lower_leg', [-1, 0], 1400);
      rig.addReaction('right_lower_leg', [-1, 0], 1400);
      stage.step(1);
      const drawnAfter = rig.worldPose.right_lower_leg.end;
      const proxyAfter = [rig.proxyPoseBuffer[SHIN * 3], rig.proxyPoseBuffer[SHIN * 3 + 1]];
      // Drawn: the whole flinch on the step of the hit (the foot end swings by tens of px).
      expect(Math.hypot(drawnAfter[0] - drawnBefore[0], drawnAfter[1] - drawnBefore[1])).toBeGreaterThan(50);
      // The shin's proxy (its centre) moves a few px.
      expect(Math.hypot(proxyAfter[0] - proxyBefore[0], proxyAfter[1] - proxyBefore[1])).toBeLessThan(6);
      let fastest = 0;
      for (let i = 0; i < 40; i += 1) {
        stage.step(1);
        fastest = Math.max(fastest, Math.hypot(...stage.runtime.propState('box')!.velocity));
      }
      stage.dispose();
      // Before, the box flew at 1,200-2,100 px/s; now at about a walking foot's speed.
      expect(fastest, `box at ${boxX}`).toBeLessThan(600);
      expect(fastest).toBeGreaterThan(0);
    }
  });

  it('without a flinch the proxies are the drawn pose exactly', () => {
    const stage = TestStage.load(sceneWithQueues([ground(), stickman('stick', [1000, GROUND_TOP - 1])])).play();
    const rig = stage.rig('stick');
    stage.step(60);
    expect(rig.reactions.size).toBe(0);
    expect(proxyFlinching(rig.proxyFlinch)).toBe(false);
    expect(rig.collisionPose).toBeNull();
    stage.dispose();
  });
});
