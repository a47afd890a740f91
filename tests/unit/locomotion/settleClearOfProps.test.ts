/**
 * Terrain alone places a foot's rest spot, and beside a box it can lie inside the box: the settle
 * after a landing stepped the trailing foot into it and the shin shoved it (the demo's box-5, just
 * after stick-1's landing), and a walk that ends beside a box plants its last step there. With a
 * foot clearance (core/locomotion/gait `settleSpot`, `walkingFoothold`) the foot goes to the
 * nearest clear spot instead: under the body first, else outwards; with none in reach an idle foot
 * stays where it is.
 */
import { describe, expect, it } from 'vitest';
import type { FootClearance } from '../../../core/locomotion';
import { GROUND_TOP, RigSim, groundBlock, propBetween, type StepRecord } from './sim';

const feetOf = (sim: RigSim) => ({ left: [...sim.s.feet.left.pos], right: [...sim.s.feet.right.pos] });
const swingsStarted = (log: readonly StepRecord[]) => log.filter((r) => r.swingBefore === null && r.swingAfter !== null).map((r) => r.swingAfter);

/** Walks from 1000 to 1200 facing right (rest spots: left 1224, right 1176) and idles two seconds; the feet where they end. */
function walkTo1200(clearance?: FootClearance) {
  const sim = new RigSim([groundBlock()], [1000, GROUND_TOP - 20]);
  sim.run(60);
  sim.env.footClearance = clearance;
  sim.walkTo(1200);
  const walk = sim.runWalk();
  expect(walk.at(-1)!.events.some((e) => e.type === 'arrived')).toBe(true);
  const idle = sim.run(120);
  return { feet: feetOf(sim), idleSwings: swingsStarted(idle) };
}

/**
 * Drops a stickman from y 800 at x 1000 (it lands with its feet at 1011.2 and 988.8; its rest
 * spots are 1024 and 976) and lets it stand four seconds.
 */
function landAndSettle(clearance?: FootClearance) {
  const sim = new RigSim([groundBlock()], [1000, 800]);
  sim.env.footClearance = clearance;
  const log = sim.run(240);
  const touchdown = log.find((r) => r.events.some((e) => e.type === 'landed'))!;
  return { touchdown: touchdown.target, feet: feetOf(sim), settleSwings: swingsStarted(log.slice(touchdown.step + 1)) };
}

describe('a walk that ends beside a prop', () => {
  it('with nothing in the way the last steps land on the rest spots, with or without a clearance', () => {
    const bare = walkTo1200();
    expect(bare.feet).toEqual({ left: [1224, GROUND_TOP], right: [1176, GROUND_TOP] });
    expect(walkTo1200(propBetween(400, 500)).feet).toEqual(bare.feet);
  });

  it('a rest spot inside a prop: the last step lands just clear of it, under the body past the walk\'s end, and stays there', () => {
    // A box over 1100..1185: the right foot's rest spot (1176) is in it; clear from 1199.
    const { feet, idleSwings } = walkTo1200(propBetween(1100, 1185));
    expect(feet).toEqual({ left: [1224, GROUND_TOP], right: [1199, GROUND_TOP] });
    expect(idleSwings).toEqual([]);
  });

  it('under the body is no better (the prop reaches past the walk\'s end): the step lands outwards, beyond the prop', () => {
    // A box over 1150..1260 covers both rest spots: the left foot goes out to 1274, the right one back to 1136.
    const { feet, idleSwings } = walkTo1200(propBetween(1150, 1260));
    expect(feet).toEqual({ left: [1274, GROUND_TOP], right: [1136, GROUND_TOP] });
    expect(idleSwings).toEqual([]);
  });
});

describe('an idle foot settles clear of the props', () => {
  it('with nothing in the way both feet settle from the landing onto their rest spots, the left first', () => {
    const bare = landAndSettle();
    expect(bare.feet).toEqual({ left: [1024, GROUND_TOP], right: [976, GROUND_TOP] });
    expect(bare.settleSwings).toEqual(['left', 'right']);
  });

  it('a rest spot inside a prop: the foot does not step into it (its landing spot is as near as it gets clear of the prop)', () => {
    // A box over 900..975: the right foot's rest spot (976) is in it, its landing spot (988.8) is
    // not, and the nearest clear spot to the rest spot (989) is within a settle of it.
    const { touchdown, feet, settleSwings } = landAndSettle(propBetween(900, 975));
    expect(feet.right).toEqual(touchdown.right);
    expect(feet.left).toEqual([1024, GROUND_TOP]);
    expect(settleSwings).toEqual(['left']);
  });

  it('nowhere clear within reach: the feet stay where the landing put them, and no settle step goes into the prop', () => {
    const { touchdown, feet, settleSwings } = landAndSettle(propBetween(900, 1100));
    expect(feet).toEqual(touchdown);
    expect(settleSwings).toEqual([]);
  });
});
