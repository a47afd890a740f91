/**
 * One stickman in PLAY: its locomotion state, its rig and TerrainMotion actors, its ten kinematic
 * collision proxies and (until the action runner exists) a plain in-order walk_to lane.
 */
import type { AnyActorRef } from 'xstate';
import type { StickmanObject, QueueItem } from '../../core/scene/schema';
import type { StageEvent } from '../../core/events';
import { createLocomotion, beginTerrainFall, enterAirborne, stepLocomotion, type LocomotionEnv, type LocomotionState, type ProbeDebug, type TerrainPhase } from '../../core/locomotion';
import { DEFAULT_PROPORTIONS } from '../../core/rig/proportions';
import type { MarkerPose } from '../../core/rig/markers';
import { PART_NAMES, solvePose } from '../../core/rig/skeleton';
import { toWorld, type WorldPose } from '../../core/rig/worldPose';
import { proxyShapes, proxyTransforms, type ProxyTransforms } from '../../core/rig/proxies';
import type { TerrainIndex } from '../../core/terrain/terrainIndex';
import type { PhysicsWorld } from '../physics/world';
import type { QueryShape, Vec2 } from '../physics/entities';
import { roundVec } from '../trace/records';

export const STEP_DT = 1 / 60;

export interface ActionNote {
  rig: string;
  id: string;
  action: string;
  phase: 'started' | 'finished';
  outcome?: 'completed' | 'skipped' | 'cancelled' | 'blocked';
}

export interface RigStepOutput {
  events: StageEvent[];
  actions: ActionNote[];
  warnings: Array<{ message: string; object: string }>;
}

/** Proxy shapes for Rapier: capsules along local Y, the head a circle. */
export function proxyQueryShapes(): Array<{ part: string; shape: QueryShape }> {
  const shapes = proxyShapes(DEFAULT_PROPORTIONS);
  return PART_NAMES.map((part) => {
    const s = shapes[part];
    return s.shape === 'circle'
      ? { part, shape: { kind: 'circle', radius: s.radius } as QueryShape }
      : { part, shape: { kind: 'capsule', halfHeight: s.halfHeight, radius: s.radius } as QueryShape };
  });
}

export class RigRuntime {
  readonly id: string;
  readonly motion: LocomotionState;
  private readonly env: LocomotionEnv;
  private readonly lane: QueueItem[];
  private laneIndex = -1;
  private current: QueueItem | null = null;
  private finishedLane = false;
  worldPose: WorldPose;
  proxies: ProxyTransforms;
  debug: ProbeDebug | undefined;

  constructor(
    readonly object: StickmanObject,
    basePose: MarkerPose,
    terrain: TerrainIndex,
    queue: readonly QueueItem[],
    private readonly rigActor: AnyActorRef | undefined,
    private readonly physics: PhysicsWorld,
    order: number,
  ) {
    this.id = object.id;
    this.motion = createLocomotion(object.position, object.facing, basePose);
    this.env = { terrain, basePose, proportions: DEFAULT_PROPORTIONS };
    this.lane = [...queue];
    this.worldPose = toWorld(solvePose(this.motion.markers, DEFAULT_PROPORTIONS), this.motion.root, this.motion.facing);
    this.proxies = proxyTransforms(this.worldPose, DEFAULT_PROPORTIONS);
    physics.addKinematicParts(this.id, proxyQueryShapes(), order);
    this.syncProxies(true);
  }

  get terrainPhase(): TerrainPhase {
    const tm = this.rigActor?.getSnapshot().children?.terrainMotion as AnyActorRef | undefined;
    return (tm?.getSnapshot().value as TerrainPhase | undefined) ?? 'DISABLED';
  }

  setDebug(enabled: boolean): void {
    this.debug = enabled ? { rays: [], points: [] } : undefined;
    this.env.debug = this.debug;
  }

  /** PLAY start: a terrain fall, then the queue (seed: begin_terrain_fall() then start_queue()). */
  start(out: RigStepOutput): void {
    beginTerrainFall(this.motion);
    this.rigActor?.send({ type: 'rig.beginTerrainFall' });
    this.advanceLane(out);
  }

  /** A direct walk request (DIRECT click / API). Replaces a running direct walk target. */
  walkTo(x: number): void {
    this.motion.walkTargetX = x;
  }

  step(out: RigStepOutput): void {
    if (this.debug) {
      this.debug.rays.length = 0;
      this.debug.points.length = 0;
    }
    const phase = this.terrainPhase;
    const events = stepLocomotion(this.motion, phase, this.env, STEP_DT);
    for (const e of events) {
      if (e.type === 'supportLost') {
        enterAirborne(this.motion);
        this.rigActor?.getSnapshot().children?.terrainMotion?.send({ type: 'physics.supportLost', walkVelocityX: e.walkVelocityX });
      } else if (e.type === 'landed') {
        this.rigActor?.getSnapshot().children?.terrainMotion?.send({ type: 'physics.landed', fallDistance: e.fallDistance, impactSpeed: e.impactSpeed });
      } else if (e.type === 'arrived') {
        out.events.push({ type: 'arrived', source: this.id, target: null, position: roundVec(e.position) });
        this.finishCurrent('completed', out);
      } else if (e.type === 'blocked') {
        out.warnings.push({ message: `walk blocked (${e.reason}) at x=${Math.round(e.position[0])}`, object: this.id });
        this.finishCurrent('blocked', out);
      }
    }
    this.worldPose = toWorld(solvePose(this.motion.markers, DEFAULT_PROPORTIONS), this.motion.root, this.motion.facing);
    this.proxies = proxyTransforms(this.worldPose, DEFAULT_PROPORTIONS);
    this.syncProxies(false);
  }

  private syncProxies(teleport: boolean): void {
    for (const part of PART_NAMES) {
      const p = this.proxies[part];
      this.physics.setPartPose(this.id, part, p.center as Vec2, p.rotation, teleport);
    }
  }

  private finishCurrent(outcome: NonNullable<ActionNote['outcome']>, out: RigStepOutput): void {
    if (!this.current) return;
    out.actions.push({ rig: this.id, id: this.current.id, action: this.current.type, phase: 'finished', outcome });
    this.current = null;
    this.advanceLane(out);
  }

  /** Starts the next walk_to; other kinds wait for the action runner and are reported as skipped. */
  private advanceLane(out: RigStepOutput): void {
    while (!this.current) {
      this.laneIndex += 1;
      const item = this.lane[this.laneIndex];
      if (!item) {
        if (!this.finishedLane && this.lane.length > 0) this.finishedLane = true;
        return;
      }
      out.actions.push({ rig: this.id, id: item.id, action: item.type, phase: 'started' });
      if (item.type === 'walk_to') {
        this.current = item;
        this.motion.walkTargetX = item.target_position[0];
      } else {
        out.warnings.push({ message: `action "${item.type}" (${item.id}) needs the action runner, which this build does not have yet; skipped`, object: this.id });
        out.actions.push({ rig: this.id, id: item.id, action: item.type, phase: 'finished', outcome: 'skipped' });
      }
    }
  }
}
