/**
 * The post-physics read-back of a ragdoll (streams/physics/ragdollBodies): poses into the buffer,
 * "still" exactly as the rest contract defines it (every part slower than RAGDOLL_REST_SPEED and
 * RAGDOLL_REST_ANGULAR_SPEED since the last read), sleeping ragdolls not read at all, and the
 * collision slot read back from a built body (the benchmark's bare world copies it).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { MomentumTracker, ragdollBlueprint } from '../../core/ragdoll';
import { RAGDOLL_REST_ANGULAR_SPEED, RAGDOLL_REST_SPEED, RAGDOLL_SLOTS } from '../../core/ragdoll/constants';
import { defaultStandingPose } from '../../core/rig/markers';
import { DEFAULT_PROPORTIONS } from '../../core/rig/proportions';
import { PART_NAMES, solvePose } from '../../core/rig/skeleton';
import { toWorld } from '../../core/rig/worldPose';
import { RAPIER, initPhysics } from '../../streams/physics/rapier';
import { buildRagdoll, readRagdoll, slotOfBody, type BuiltRagdoll } from '../../streams/physics/ragdollBodies';
import { toMeters } from '../../streams/physics/units';

const DT = 1 / 60;

beforeAll(async () => {
  await initPhysics();
});

/** A standing stickman's ragdoll in a world without gravity: nothing moves unless a test moves it. */
function standingRagdoll(slot = 0) {
  const world = new RAPIER.World({ x: 0, y: 0 });
  const pose = toWorld(solvePose(defaultStandingPose(DEFAULT_PROPORTIONS), DEFAULT_PROPORTIONS), [500, 1400], 'RIGHT');
  const built = buildRagdoll(world, ragdollBlueprint(pose, 'RIGHT', DEFAULT_PROPORTIONS, new MomentumTracker().motion(DT)), slot);
  const out = new Float64Array(PART_NAMES.length * 3);
  readRagdoll(built, out, false, DT);
  return { world, built, out };
}

/** Moves body `i` by (dx, dy) px and turns it by `turn` rad, as a physics step would have. */
function nudge(r: BuiltRagdoll, i: number, dx: number, dy: number, turn = 0): void {
  const b = r.bodies[i];
  const t = b.translation();
  b.setTranslation({ x: t.x + toMeters(dx), y: t.y + toMeters(dy) }, true);
  b.setRotation(b.rotation() + turn, true);
}

describe('ragdoll read-back', () => {
  it('writes every body\'s centre (px) and rotation into the buffer, PART_NAMES order', () => {
    const { world, built, out } = standingRagdoll();
    built.bodies.forEach((b, i) => {
      expect(out[i * 3]).toBeCloseTo(b.translation().x * 100, 9);
      expect(out[i * 3 + 1]).toBeCloseTo(b.translation().y * 100, 9);
      expect(out[i * 3 + 2]).toBe(b.rotation());
    });
    expect(out[PART_NAMES.indexOf('head') * 3 + 1]).toBeLessThan(out[PART_NAMES.indexOf('torso') * 3 + 1]);
    world.free();
  });

  it('is still when every part moved and turned slower than the thresholds, and not when one did not', () => {
    const { world, built, out } = standingRagdoll();
    // Tiny moves, far under the thresholds.
    nudge(built, 3, 0.01, -0.02, 1e-4);
    expect(readRagdoll(built, out, true, DT)).toEqual({ asleep: false, still: true });
    // Just under and just over the linear threshold (the exact test decides near it).
    nudge(built, 5, RAGDOLL_REST_SPEED * DT * 0.99, 0);
    expect(readRagdoll(built, out, true, DT).still).toBe(true);
    nudge(built, 5, 0, RAGDOLL_REST_SPEED * DT * 1.01);
    expect(readRagdoll(built, out, true, DT).still).toBe(false);
    // The same for the angular threshold, on another part.
    nudge(built, 8, 0, 0, RAGDOLL_REST_ANGULAR_SPEED * DT * 0.99);
    expect(readRagdoll(built, out, true, DT).still).toBe(true);
    nudge(built, 8, 0, 0, -RAGDOLL_REST_ANGULAR_SPEED * DT * 1.01);
    expect(readRagdoll(built, out, true, DT).still).toBe(false);
    // Only the last part moving fast is enough.
    nudge(built, PART_NAMES.length - 1, 40, 0);
    expect(readRagdoll(built, out, true, DT).still).toBe(false);
    expect(readRagdoll(built, out, true, DT).still).toBe(true);
    world.free();
  });

  it('measures a turn across ±π as the small turn it is', () => {
    const { world, built, out } = standingRagdoll();
    const b = built.bodies[2];
    b.setRotation(Math.PI - 0.001, true);
    readRagdoll(built, out, true, DT);
    b.setRotation(-Math.PI + 0.001, true);
    expect(out[2 * 3 + 2]).toBeGreaterThan(3);
    expect(readRagdoll(built, out, true, DT).still).toBe(true);
    expect(out[2 * 3 + 2]).toBeLessThan(-3);
    world.free();
  });

  it('the first read (nothing known yet) judges stillness by the bodies\' velocities', () => {
    const { world, built } = standingRagdoll();
    const fresh = new Float64Array(PART_NAMES.length * 3);
    expect(readRagdoll(built, fresh, false, DT).still).toBe(true);
    built.bodies[4].setLinvel({ x: toMeters(RAGDOLL_REST_SPEED * 1.5), y: 0 }, true);
    expect(readRagdoll(built, fresh, false, DT).still).toBe(false);
    world.free();
  });

  it('a ragdoll Rapier has asleep is not read: still, and the buffer keeps the last read', () => {
    const { world, built, out } = standingRagdoll();
    for (const b of built.bodies) b.sleep();
    const before = Float64Array.from(out);
    // Moved while asleep (no physics step would): the read-back trusts the sleep and skips it.
    built.bodies[0].setTranslation({ x: 99, y: 99 }, false);
    expect(readRagdoll(built, out, true, DT)).toEqual({ asleep: true, still: true });
    expect(Array.from(out)).toEqual(Array.from(before));
    // One body awake is enough to read them all.
    built.bodies[6].wakeUp();
    expect(readRagdoll(built, out, true, DT).asleep).toBe(false);
    expect(out[0]).toBeCloseTo(9900, 6);
    world.free();
  });

  it('reads back the collision slot each body was built with', () => {
    for (const slot of [0, 5, RAGDOLL_SLOTS - 1]) {
      const { world, built } = standingRagdoll(slot);
      expect(built.bodies.map((b) => slotOfBody(b))).toEqual(PART_NAMES.map(() => slot));
      world.free();
    }
    const world = new RAPIER.World({ x: 0, y: 0 });
    const plain = world.createRigidBody(RAPIER.RigidBodyDesc.dynamic());
    world.createCollider(RAPIER.ColliderDesc.ball(0.1), plain);
    expect(slotOfBody(plain)).toBeNull();
    world.free();
  });
});

describe('collision slots past RAGDOLL_SLOTS live ragdolls', () => {
  it('a ragdoll that must share a slot shares it with the farthest one, never with its neighbour', async () => {
    const { PhysicsWorld } = await import('../../streams/physics/world');
    const world = new PhysicsWorld([0, 0]);
    const pose = (x: number) => toWorld(solvePose(defaultStandingPose(DEFAULT_PROPORTIONS), DEFAULT_PROPORTIONS), [x, 1400], 'RIGHT');
    const count = RAGDOLL_SLOTS + 3;
    for (let i = 0; i < count; i += 1) world.addRagdoll(`s${i}`, ragdollBlueprint(pose(i * 300), 'RIGHT', DEFAULT_PROPORTIONS, new MomentumTracker().motion(DT)), i);
    const slotOf = (i: number) => slotOfBody(world.ragdollBody(`s${i}`, 'torso')!);
    // The first RAGDOLL_SLOTS each have their own.
    expect(new Set(Array.from({ length: RAGDOLL_SLOTS }, (_, i) => slotOf(i))).size).toBe(RAGDOLL_SLOTS);
    // The rest, at the right end of the row, share with the leftmost ones, not with whoever is next to them.
    expect([RAGDOLL_SLOTS, RAGDOLL_SLOTS + 1, RAGDOLL_SLOTS + 2].map(slotOf)).toEqual([slotOf(0), slotOf(1), slotOf(2)]);
    for (let i = 1; i < count; i += 1) expect(slotOf(i), `neighbours ${i - 1} and ${i}`).not.toBe(slotOf(i - 1));
    world.dispose();
  });
});
