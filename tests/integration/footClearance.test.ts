/**
 * streams/physics/footClearance on a real world: where a foot meant for x on the ground stands
 * clear of the props, searched along the ground towards a given x (a shin's radius a stride, then
 * halved back to the prop's edge), with PROP_GAP (3 px) between the shin's end and the prop.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { LEG_COLLISION_RADIUS } from '../../core/rig/proxies';
import { PART_NAMES } from '../../core/rig/skeleton';
import { createFootClearance } from '../../streams/physics/footClearance';
import { RAPIER } from '../../streams/physics/rapier';
import { ground, prop } from '../helpers/scenes';
import { TestStage } from '../helpers/testStage';
import { GROUND_TOP, sceneWithQueues, stickman } from './rigScenes';

beforeAll(() => TestStage.init());

const GAP = 3;
/** The edge is found to within a twentieth of the shin's width. */
const PRECISION = (2 * LEG_COLLISION_RADIUS) / 20;

describe('a foot clear of the props', () => {
  it('stays where it is when clear, finds the box edge plus the gap either way, and is null when the reach ends inside the box', () => {
    // An 80 px box over 960..1040 on the ground; a stickman (whose own proxies never count) stands over it.
    const stage = TestStage.load(sceneWithQueues([ground(), prop('box', 'box', [1000, GROUND_TOP - 40]), stickman('stick', [1000, GROUND_TOP - 300])])).play();
    stage.step(1);
    const clearance = createFootClearance(stage.runtime.physics);
    const clearBy = LEG_COLLISION_RADIUS + GAP;
    expect(clearance(800, GROUND_TOP, 900)).toBe(800);
    const right = clearance(1000, GROUND_TOP, 1100)!;
    expect(right).toBeGreaterThanOrEqual(1040 + clearBy - 0.01);
    expect(right).toBeLessThanOrEqual(1040 + clearBy + PRECISION);
    const left = clearance(1010, GROUND_TOP, 880)!;
    expect(left).toBeLessThanOrEqual(960 - clearBy + 0.01);
    expect(left).toBeGreaterThanOrEqual(960 - clearBy - PRECISION);
    // Within the gap of the box's side counts as in it.
    expect(clearance(1040 + clearBy - 1, GROUND_TOP, 1200)).toBeGreaterThan(1040 + clearBy - 1);
    // The reach ends before the box does (and exactly at its x: no reach at all).
    expect(clearance(1000, GROUND_TOP, 1050)).toBeNull();
    expect(clearance(1000, GROUND_TOP, 1000)).toBeNull();
    // Above the box's top the ground there is clear (a foot on a shelf over it).
    expect(clearance(1000, GROUND_TOP - 100, 1100)).toBe(1000);
    // A non-finite position is not searched: the foot stays.
    expect(clearance(Number.NaN, GROUND_TOP, 1100)).toBeNaN();
    stage.dispose();
  });

  it('a ragdoll lying there is no prop: the foot stands among its bodies', () => {
    const stage = TestStage.load(sceneWithQueues([ground(), stickman('down', [1500, GROUND_TOP - 300], { auto_recover: false }), prop('box', 'box', [1000, GROUND_TOP - 40])])).play();
    stage.step(30);
    stage.command({ type: 'rig.ragdoll', id: 'down' });
    stage.step(120);
    // The part lying lowest, on the ground.
    const parts = PART_NAMES.map((p) => stage.runtime.physics.ragdollBody('down', p)!.translation());
    const lowest = parts.reduce((a, b) => (b.y > a.y ? b : a));
    const x = lowest.x * 100;
    // The shin-sized ball resting on the ground there does overlap a ragdoll body …
    const ball = new RAPIER.Ball((LEG_COLLISION_RADIUS + GAP) / 100);
    const at = { x: x / 100, y: (GROUND_TOP - LEG_COLLISION_RADIUS - GAP) / 100 };
    expect(stage.runtime.physics.queryWorld.intersectionWithShape(at, 0, ball, RAPIER.QueryFilterFlags.ONLY_DYNAMIC)).not.toBeNull();
    // … which the search leaves out, while the box still counts.
    const clearance = createFootClearance(stage.runtime.physics);
    expect(clearance(x, GROUND_TOP, x + 100)).toBe(x);
    expect(clearance(1000, GROUND_TOP, 1100)).toBeGreaterThan(1040);
    stage.dispose();
  });
});
