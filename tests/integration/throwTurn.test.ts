/**
 * Issue 19 §1 (seed 11 §3.3 "the rig faces toward the saved target before throw windup"): a throw
 * queued right after a floor pickup whose target is behind the stickman turns it round — and the
 * body turns, it does not pop (it used to mirror about the root in one step: the holding hand and
 * the held prop jumped ~330 px, the crouched head ~265 px). The throw still lands on its target
 * and the prop still clears the head.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { markerToWorld } from '../../core/rig/facing';
import { MARKER_NAMES } from '../../core/rig/markers';
import type { Vec2 } from '../../core/rig/vec';
import { ground, prop, scene } from '../helpers/scenes';
import { TestStage } from '../helpers/testStage';
import { stickman } from './rigScenes';

beforeAll(() => TestStage.init());

/** The largest step (px) a point of the body may take between two consecutive frames, the turn and the wind-up included. */
const MAX_BODY_STEP = 25;
/** The throwing arm swings fast on its own (as tests/integration/throwArm): its elbow, wrist and the held prop. */
const MAX_ARM_STEP = 60;
/** The largest change (px) of one point's step from one frame to the next, up to the release: a pop is a step out of line with the motion. */
const MAX_STEP_CHANGE = 25;
const HEAD_RADIUS = 62;
const BALL_RADIUS = 30;

/** Every point a viewer sees of one stickman, in stage px: its markers, its part ends (elbows, wrists, knees), its head, and the prop it holds. */
function points(s: TestStage, id: string, propId: string): Map<string, Vec2> {
  const view = s.rigView(id);
  const out = new Map<string, Vec2>();
  for (const name of MARKER_NAMES) out.set(`marker ${name}`, markerToWorld(view.markers[name], view.root, view.facing));
  for (const p of view.parts) {
    out.set(`${p.name}.start`, [p.start[0], p.start[1]]);
    out.set(`${p.name}.end`, [p.end[0], p.end[1]]);
  }
  out.set('head', [view.headCenter[0], view.headCenter[1]]);
  if (view.heldProp === propId) {
    const ball = s.runtime.propState(propId)!.position;
    out.set('held prop', [ball[0], ball[1]]);
  }
  return out;
}

/** The throwing arm's moving points: its elbow, its wrist (the hand marker) and the prop in it. */
function throwingArm(name: string, hand: 'left' | 'right'): boolean {
  return name === 'held prop' || name === `marker ${hand === 'left' ? 'Left' : 'Right'}_Hand` || [`${hand}_upper_arm.end`, `${hand}_lower_arm.start`, `${hand}_lower_arm.end`].includes(name);
}

describe('a throw behind the stickman right after a floor pickup', () => {
  for (const target of [[200, 1200], [500, 1000]] as Vec2[]) {
    it(`turns it round to throw at ${target}: nothing pops, the ball clears the head and lands on the target`, () => {
      const doc = scene([ground(), stickman('bo', [800, 1400]), prop('ball', 'ball', [1000, 1370])], {
        queues: { bo: [{ id: 'pick', type: 'pick_up_prop', target_prop_id: 'ball', hand: 'auto' }, { id: 'th', type: 'throw_prop', target_position: target }] },
      });
      const s = TestStage.load(doc).play();
      s.stepUntil(() => s.rig('bo').hands.heldPropId === 'ball', 600);
      expect(s.rig('bo').motion.facing, 'the pickup faces the ball').toBe('RIGHT');
      let last = points(s, 'bo', 'ball');
      const lastStep = new Map<string, Vec2>();
      let throwStart = -1;
      const body = { d: 0, name: '', tick: 0 };
      const arm = { d: 0, name: '', tick: 0 };
      let change = { d: 0, name: '', tick: 0 };
      let closestToHead = Infinity;
      let best = Infinity;
      for (let i = 0; i < 60 * 4; i += 1) {
        s.step(1);
        if (throwStart < 0 && s.rig('bo').connection.interactor.state === 'THROWING') throwStart = s.tick;
        if (s.events('prop_thrown').length === 0) {
          // From the hold up to the release.
          const now = points(s, 'bo', 'ball');
          for (const [name, at] of now) {
            const was = last.get(name);
            if (!was) continue;
            const d: Vec2 = [at[0] - was[0], at[1] - was[1]];
            const size = Math.hypot(d[0], d[1]);
            const worst = throwingArm(name, s.rig('bo').hands.heldHand ?? 'right') ? arm : body;
            if (size > worst.d) Object.assign(worst, { d: size, name, tick: s.tick });
            const before = lastStep.get(name);
            const turn = before ? Math.hypot(d[0] - before[0], d[1] - before[1]) : 0;
            if (turn > change.d) change = { d: turn, name, tick: s.tick };
            lastStep.set(name, d);
          }
          last = now;
          const ball = now.get('held prop');
          const head = now.get('head')!;
          if (ball) closestToHead = Math.min(closestToHead, Math.hypot(ball[0] - head[0], ball[1] - head[1]));
        } else {
          const b = s.runtime.propState('ball');
          if (b && b.velocity[1] > 0) best = Math.min(best, Math.hypot(b.position[0] - target[0], b.position[1] - target[1]));
        }
      }
      expect(throwStart, 'the throw started').toBeGreaterThan(0);
      expect(s.rig('bo').motion.facing, 'it turned round to face the target').toBe('LEFT');
      expect(body.d, `largest step of the body: ${body.name} at tick ${body.tick} (the throw from ${throwStart})`).toBeLessThan(MAX_BODY_STEP);
      expect(arm.d, `largest step of the throwing arm: ${arm.name} at tick ${arm.tick}`).toBeLessThan(MAX_ARM_STEP);
      expect(change.d, `largest change of a step up to the release: ${change.name} at tick ${change.tick}`).toBeLessThan(MAX_STEP_CHANGE);
      expect(closestToHead, 'the held ball keeps the head radius plus its own').toBeGreaterThanOrEqual(HEAD_RADIUS + BALL_RADIUS - 1);
      expect(s.actionLog('bo')).toEqual(['pick started', 'pick finished completed', 'th started', 'th finished completed']);
      // Seed 11 §1.2: the prop passes through its target on the descending arc (as tests/integration/propThrow).
      expect(best, 'closest approach to the target while falling').toBeLessThan(3);
      s.dispose();
    });
  }
});
