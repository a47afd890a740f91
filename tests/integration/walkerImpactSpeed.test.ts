/**
 * The speed a walker meets a prop with (issue 19: the relative speed before the contact, which the
 * `collided` event reports and the flinch is sized by). A prop lying still is met at the speed of
 * the part that touches it: walking at 300 px/s, a walker's torso moves at about that and a
 * swinging shin at up to ~950 px/s. Undoing the pair's contact impulse from the velocities after
 * the step read up to 7,000 px/s here (the solver's correction of a kinematic proxy pressing into
 * the prop is in that impulse), and every touch flinched at the cap. And a velocity set between
 * two steps (a command, a release) is what the next step's contacts meet.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { REACTION_BASE_ANGLE, REACTION_MAX_ANGLE, REACTION_REFERENCE_SPEED, REACTION_TARGETS } from '../../core/rig/reactions';
import type { PartName } from '../../core/rig/skeleton';
import { WALK_SPEED } from '../../core/locomotion/constants';
import { ground, prop, scene } from '../helpers/scenes';
import { TestStage } from '../helpers/testStage';
import { GROUND_TOP, sceneWithQueues, stickman, walk } from './rigScenes';

beforeAll(() => TestStage.init());

/** A walker going right into `spawn` lying still on the ground ahead: its first touch's flinch, and every `collided` it reports. */
function walkInto(spawn: string) {
  const doc = sceneWithQueues([ground(GROUND_TOP), stickman('w', [800, GROUND_TOP - 250]), prop('p', spawn, [1300, GROUND_TOP - 40])], { w: [walk('go', 1800)] });
  const s = TestStage.load(doc).play();
  s.stepUntil(() => s.events('collided', 'w').length > 0, 600);
  const first = s.events('collided', 'w')[0];
  const joint = REACTION_TARGETS[first.part as PartName][0];
  const firstAngle = Math.abs(s.rig('w').reactions.get(joint.joint)?.angle ?? 0);
  s.step(60);
  const speeds = s.events('collided', 'w').map((e) => e.speed ?? NaN);
  s.dispose();
  return { first, weight: joint.weight, firstAngle, speeds };
}

describe('a walker meets a prop lying still at the speed of its limbs', () => {
  for (const spawn of ['box', 'ball']) {
    it(`${spawn}: every collided reports a limb's speed, not thousands, and the first touch flinches by the seed's size of it`, () => {
      const { first, weight, firstAngle, speeds } = walkInto(spawn);
      // A limb swings at up to about three times the walk; the prop it kicks moves off slower.
      for (const v of speeds) expect(v).toBeLessThan(4 * WALK_SPEED);
      const speed = first.speed ?? 0;
      expect(speed).toBeGreaterThan(0);
      expect(firstAngle).toBeCloseTo(Math.min(REACTION_MAX_ANGLE, (REACTION_BASE_ANGLE * speed) / REACTION_REFERENCE_SPEED) * weight, 2);
    });
  }
});

describe('a prop set moving just before it touches is met at the speed it was set to', () => {
  /** A ball flying left at 1200 px/s into a standing stickman's head; `boostAt`: the tick its velocity is set to 2400 px/s. */
  function headHit(boostAt?: number) {
    const doc = scene([ground(), stickman('bo', [1000, 1400]), prop('p', 'ball', [1400, 840])], { stage: { width: 4000, height: 2000, gravity: [0, 1] } });
    const s = TestStage.load(doc).play().step(40);
    s.command({ type: 'prop.setVelocity', id: 'p', velocity: [-1200, 0] });
    s.stepUntil(() => s.events('collided', 'bo').length > 0 || s.tick === boostAt, 120);
    if (boostAt !== undefined && s.tick === boostAt) {
      s.command({ type: 'prop.setVelocity', id: 'p', velocity: [-2400, 0] });
      s.stepUntil(() => s.events('collided', 'bo').length > 0, 120);
    }
    const hit = s.events('collided', 'bo')[0];
    s.dispose();
    return hit;
  }

  it('a velocity set in the step before the contact is what the contact reports, not the one the step before ended with', () => {
    const flying = headHit();
    expect(flying.speed ?? 0).toBeGreaterThan(1050);
    expect(flying.speed ?? 0).toBeLessThan(1300);
    // The command applies at the start of the next step: set it one step before the flying ball's contact step.
    const boosted = headHit(flying.tick - 1);
    expect(boosted.tick).toBe(flying.tick);
    expect(boosted.speed ?? 0).toBeGreaterThan(2200);
    expect(boosted.speed ?? 0).toBeLessThan(2600);
  });
});
