/**
 * A headless one-rig harness over the pure locomotion core, wired the way the stage runtime
 * wires it: the REAL terrainMotion machine decides the phase, `stepLocomotion` computes, and the
 * world pose comes from the same solvePose → toWorld chain the runtime uses for rendering and
 * proxies. No Rapier, so these tests are cheap enough to check every single step.
 */
import { createActor } from 'xstate';
import type { TerrainInput } from '../../../core/geometry/terrainShapes';
import type { Vec2 } from '../../../core/geometry/vec';
import {
  beginTerrainFall,
  createLocomotion,
  enterAirborne,
  stepLocomotion,
  type FootClearance,
  type LocomotionEnv,
  type LocomotionEvent,
  type LocomotionState,
  type TerrainPhase,
} from '../../../core/locomotion';
import type { Facing } from '../../../core/rig/facing';
import { defaultStandingPose, type MarkerPose } from '../../../core/rig/markers';
import { DEFAULT_PROPORTIONS } from '../../../core/rig/proportions';
import { solvePose } from '../../../core/rig/skeleton';
import { toWorld, type WorldPose } from '../../../core/rig/worldPose';
import { createTerrainIndex, type TerrainIndex } from '../../../core/terrain/terrainIndex';
import { terrainMotionMachine } from '../../../machines/terrainMotionMachine';

export const DT = 1 / 60;
export const GROUND_TOP = 1400;

export const groundBlock = (top = GROUND_TOP, width = 4000): TerrainInput => ({
  id: 'ground', shape: 'block', position: [width / 2, top + 100], size: [width, 200],
});

/**
 * A prop over x a..b as a foot clearance sees it (core/locomotion/types `FootClearance`): a foot
 * there is clear once it is `r` px (a shin's radius) outside it; the search walks in 1 px steps.
 */
export const propBetween = (a: number, b: number, r = 14): FootClearance => {
  const clear = (x: number) => x <= a - r || x >= b + r;
  return (x, _groundY, towardX) => {
    if (clear(x)) return x;
    const dir = Math.sign(towardX - x);
    for (let at = x + dir; dir !== 0 && (towardX - at) * dir >= 0; at += dir) if (clear(at)) return at;
    return null;
  };
};

export interface StepRecord {
  step: number;
  /** Phase the step ran in (what the machine said before the step). */
  phase: TerrainPhase;
  /** Phase after the step's events were delivered. */
  after: TerrainPhase;
  events: readonly LocomotionEvent[];
  swingBefore: 'left' | 'right' | null;
  swingAfter: 'left' | 'right' | null;
  root: Vec2;
  pelvisDrop: number;
  lastWalkVelocityX: number;
  /** Foot targets (locomotion state) and SOLVED IK foot ends (world pose), per side. */
  target: Record<'left' | 'right', Vec2>;
  solved: Record<'left' | 'right', Vec2>;
}

export class RigSim {
  readonly terrain: TerrainIndex;
  readonly s: LocomotionState;
  readonly env: LocomotionEnv;
  readonly machine = createActor(terrainMotionMachine, { input: {} });
  readonly log: StepRecord[] = [];
  pose: WorldPose;
  private n = 0;

  /** `startFall` false leaves the machine in DISABLED (the caller sends the first begin). */
  constructor(
    terrain: readonly TerrainInput[],
    root: Vec2,
    facing: Facing = 'RIGHT',
    basePose: MarkerPose = defaultStandingPose(DEFAULT_PROPORTIONS),
    startFall = true,
  ) {
    this.terrain = createTerrainIndex(terrain);
    this.s = createLocomotion(root, facing, basePose);
    this.env = { terrain: this.terrain, basePose, proportions: DEFAULT_PROPORTIONS };
    this.machine.start();
    if (startFall) {
      // PLAY start: begin_terrain_fall() (seed 6a §4).
      beginTerrainFall(this.s);
      this.machine.send({ type: 'rig.beginTerrainFall' });
    }
    this.pose = this.solve();
  }

  get phase(): TerrainPhase {
    return this.machine.getSnapshot().value as TerrainPhase;
  }

  walkTo(x: number): void {
    this.s.walkTargetX = x;
  }

  step(): StepRecord {
    const phase = this.phase;
    const swingBefore = this.s.swing;
    const events = stepLocomotion(this.s, phase, this.env, DT);
    for (const e of events) {
      if (e.type === 'supportLost') {
        enterAirborne(this.s);
        this.machine.send({ type: 'physics.supportLost', walkVelocityX: e.walkVelocityX });
      } else if (e.type === 'landed') {
        this.machine.send({ type: 'physics.landed', fallDistance: e.fallDistance, impactSpeed: e.impactSpeed });
      } else if (e.type === 'landingFinished') {
        this.machine.send({ type: 'physics.landingFinished' });
      }
    }
    this.pose = this.solve();
    const rec: StepRecord = {
      step: this.n++,
      phase,
      after: this.phase,
      events,
      swingBefore,
      swingAfter: this.s.swing,
      root: [this.s.root[0], this.s.root[1]],
      pelvisDrop: this.s.pelvisDrop,
      lastWalkVelocityX: this.s.lastWalkVelocityX,
      target: { left: [...this.s.feet.left.pos] as Vec2, right: [...this.s.feet.right.pos] as Vec2 },
      solved: { left: [...this.pose.left_lower_leg.end] as Vec2, right: [...this.pose.right_lower_leg.end] as Vec2 },
    };
    this.log.push(rec);
    return rec;
  }

  run(steps: number): StepRecord[] {
    const out: StepRecord[] = [];
    for (let i = 0; i < steps; i++) out.push(this.step());
    return out;
  }

  /** Steps until the walk target is consumed (arrived/blocked) or `max` steps pass. */
  runWalk(max = 60 * 30): StepRecord[] {
    const out: StepRecord[] = [];
    for (let i = 0; i < max; i++) {
      const r = this.step();
      out.push(r);
      if (r.events.some((e) => e.type === 'arrived' || e.type === 'blocked')) break;
    }
    return out;
  }

  /** Height of the walkable surface at x near `nearY` (first supporting surface at or below nearY − 45). */
  surfaceY(x: number, nearY: number): number | null {
    return this.terrain.probeDown(x, nearY - 45, 120)?.point[1] ?? null;
  }

  private solve(): WorldPose {
    return toWorld(solvePose(this.s.markers, DEFAULT_PROPORTIONS, { torsoLean: this.s.walkLean }), this.s.root, this.s.facing);
  }
}

export const dist = (a: Readonly<Vec2>, b: Readonly<Vec2>): number => Math.hypot(a[0] - b[0], a[1] - b[1]);

/**
 * Largest per-step movement of a foot over the steps where it is planted: it was not the swing
 * foot at the start of the step and is not the swing foot after it (a swing starts and ends
 * inside updateGait, so either end of the step may name the swing foot).
 */
export function maxStanceSlide(log: readonly StepRecord[], which: 'target' | 'solved'): { slide: number; planted: number } {
  let slide = 0;
  let planted = 0;
  for (let i = 1; i < log.length; i++) {
    const prev = log[i - 1];
    const cur = log[i];
    if (prev.after !== 'GROUNDED' || cur.phase !== 'GROUNDED' || cur.after !== 'GROUNDED') continue;
    for (const side of ['left', 'right'] as const) {
      if (cur.swingBefore === side || cur.swingAfter === side) continue;
      planted += 1;
      slide = Math.max(slide, dist(prev[which][side], cur[which][side]));
    }
  }
  return { slide, planted };
}
