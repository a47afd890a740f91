/**
 * Issue 19 / seed 4.5 reaction contract: a flinch is sized by the impact — the relative speed
 * before the contact, which the `collided` event reports — not by the prop's speed after it
 * bounced off the part.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { PartName } from '../../core/rig/skeleton';
import { REACTION_TARGETS, REACTION_BASE_ANGLE, REACTION_MAX_ANGLE, REACTION_REFERENCE_SPEED } from '../../core/rig/reactions';
import { ground, prop, scene } from '../helpers/scenes';
import { TestStage } from '../helpers/testStage';
import { stickman } from './rigScenes';

beforeAll(() => TestStage.init());

/** A prop flying left at `speed` into a standing stickman's part at height `y`; the first collided and the flinch it made. */
function hit(spawn: string, speed: number, y: number, joint?: string) {
  // Next to no project gravity (1 px/s², the least allowed): the prop flies straight (stickmen
  // fall with their own terrain gravity).
  const doc = scene([ground(), stickman('bo', [1000, 1400]), prop('p', spawn, [1400, y])], { stage: { width: 4000, height: 2000, gravity: [0, 1] } });
  const s = TestStage.load(doc).play().step(40);
  s.command({ type: 'prop.setVelocity', id: 'p', velocity: [-speed, 0] });
  let angle = 0;
  s.stepUntil(() => s.events('collided', 'bo').length > 0, 120);
  const collided = s.events('collided', 'bo')[0];
  const reaction = s.rig('bo').reactions.get((joint ?? REACTION_TARGETS[collided.part as PartName][0].joint) as never);
  if (reaction) angle = Math.abs(reaction.angle);
  const after = s.runtime.propState('p')!.velocity;
  s.dispose();
  return { collided, angle, after: Math.hypot(after[0], after[1]) };
}

describe('flinch size', () => {
  it('a 1200 px/s ball on the head: collided reports about 1200 px/s and the head flinches at the 0.6 rad cap', () => {
    const r = hit('ball', 1200, 840, 'Head');
    expect(r.collided).toMatchObject({ target: 'p', part: 'head' });
    expect(r.after).toBeLessThan(800); // it bounced: its speed afterwards is no measure of the hit
    expect(r.collided.speed).toBeGreaterThan(1050); // air drag took a little on the way
    expect(r.collided.speed).toBeLessThan(1300);
    expect(r.angle).toBeCloseTo(REACTION_MAX_ANGLE, 6);
  });

  it('a 300 px/s ball: the flinch is the seed\'s linear size of the impact speed', () => {
    const r = hit('ball', 300, 840, 'Head');
    expect(r.collided.speed).toBeGreaterThan(260);
    expect(r.collided.speed).toBeLessThan(330);
    expect(r.angle).toBeCloseTo((REACTION_BASE_ANGLE * (r.collided.speed ?? 0)) / REACTION_REFERENCE_SPEED, 2);
  });

  it('a 600 px/s plank is a real flinch of the part it hit, not a twitch', () => {
    const r = hit('plank', 600, 1000);
    expect(r.collided.speed ?? 0).toBeGreaterThan(500);
    const weight = REACTION_TARGETS[r.collided.part as PartName][0].weight;
    expect(r.angle).toBeGreaterThan(0.3 * weight);
  });
});
