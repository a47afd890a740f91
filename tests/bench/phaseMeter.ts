/**
 * Where a step's time goes, for the benches (issue 20): CPU time per step phase (STEP_PHASES of
 * streams/runtime/phases), per rig system (RIG_STEP / RIG_AFTER_PHYSICS of streams/runtime/rig/
 * systems), and the passes inside them that scale with the crowd (Rapier's own step, the contact
 * drain, the stickman ↔ stickman touch search, the prop pose read) plus the frame the controller
 * publishes; and the volumes the crowd's cost follows (events into the rig machines, Rapier's contact
 * events, contacts measured). Meters wrap the functions in place while installed and cost a little
 * themselves, so a metered block is kept out of the timed totals. Measures; never asserts.
 */
import { performance } from 'node:perf_hooks';
import { RigConnector } from '../../machines/connectRig';
import { MeasuredContact } from '../../streams/physics/measuredContact';
import { STEP_PHASES } from '../../streams/runtime/phases';
import { RIG_AFTER_PHYSICS, RIG_STEP } from '../../streams/runtime/rig/systems';
import type { StageController } from '../../streams/stage/stageController';
import type { StageRuntime } from '../../streams/runtime/stageRuntime';

type Totals = Record<string, number>;

/** Wall time in µs: cheap enough to wrap every rig system of a crowd (process.cpuUsage is a syscall). */
function cpuNow(): number {
  return performance.now() * 1000;
}

/** Wraps `obj[key]` so its CPU time adds into `totals[name]`; returns the undo. */
export function wrap(obj: object, key: string, totals: Totals, name: string): () => void {
  const target = obj as Record<string, unknown>;
  const own = Object.prototype.hasOwnProperty.call(target, key);
  const original = target[key] as (...args: unknown[]) => unknown;
  totals[name] ??= 0;
  target[key] = function metered(this: unknown, ...args: unknown[]) {
    const t0 = cpuNow();
    try {
      return original.apply(this, args);
    } finally {
      totals[name] += cpuNow() - t0;
    }
  };
  return () => {
    if (own) target[key] = original;
    else delete target[key];
  };
}

export interface PhaseBreakdown {
  /** µs per step in each step phase, in step order. */
  phases: Record<string, number>;
  /** µs per step, summed over every rig, in each rig system. */
  rig_systems: Record<string, number>;
  /** µs per step of passes inside the phases (they are also counted in their phase). */
  inside: Record<string, number>;
  /** µs per step outside the runtime's step: the controller building and publishing the frame. */
  frame_and_publish: number;
  total: number;
  /** How much there was of what the crowd's cost follows, per step. */
  per_step: {
    /** Events sent into the rig machines (each a macrostep of the rig, most also one of a child). */
    rig_events: number;
    /** Rapier's contact started / stopped events the drain turned into stage contacts. */
    contact_events: number;
    /** Of those, the ones measured (normal, point, speed read from Rapier). */
    contacts_measured: number;
  };
}

/** Wraps `obj[key]` so every call adds `amount(result)` to `counts[name]`; returns the undo. */
function tally(obj: object, key: string, counts: Totals, name: string, amount: (result: never) => number = () => 1): () => void {
  const target = obj as Record<string, unknown>;
  const own = Object.prototype.hasOwnProperty.call(target, key);
  const original = target[key] as (...args: unknown[]) => unknown;
  counts[name] ??= 0;
  target[key] = function counted(this: unknown, ...args: unknown[]) {
    const result = original.apply(this, args);
    counts[name] += amount(result as never);
    return result;
  };
  return () => {
    if (own) target[key] = original;
    else delete target[key];
  };
}

/**
 * Runs `steps` steps of `controller` with every meter installed and returns µs per step. The
 * phases' functions are shared by every runtime in the process, so the meters come off after.
 */
export function meterSteps(controller: StageController, steps: number): PhaseBreakdown {
  const runtime = controller.currentRuntime as StageRuntime;
  const phases: Totals = {};
  const systems: Totals = {};
  const inside: Totals = {};
  const undo: Array<() => void> = [];
  for (const p of STEP_PHASES) undo.push(wrap(p, 'run', phases, p.name));
  for (const sys of [...RIG_STEP, ...RIG_AFTER_PHYSICS]) undo.push(wrap(sys, 'run', systems, sys.name));
  const world = runtime.physics as unknown as Record<string, unknown>;
  // Rapier's own step is its pipeline's (streams/physics/rapier stepRigidWorld steps that).
  const rapier = (world as { world: { physicsPipeline: object } }).world;
  undo.push(wrap(rapier.physicsPipeline, 'step', inside, 'rapier_world_step'));
  undo.push(wrap(world, 'readPoses', inside, 'read_prop_poses'));
  const state = (runtime as unknown as { s: { stickmanTouches: object; dispatcher: object } }).s;
  undo.push(wrap(state.stickmanTouches, 'step', inside, 'stickman_touches'));
  undo.push(wrap(state.dispatcher, 'dispatch', inside, 'rule_dispatch'));
  const counts: Totals = {};
  undo.push(tally(RigConnector.prototype, 'send', counts, 'rig_events'));
  undo.push(tally(MeasuredContact.prototype, 'measure', counts, 'contacts_measured'));
  undo.push(tally(world, 'takeEvents', counts, 'contact_events', (taken: { contacts: unknown[] }) => taken.contacts.length));
  const frame = { us: 0 };
  const t0 = cpuNow();
  for (let i = 0; i < steps; i += 1) {
    const a = cpuNow();
    controller.step(1);
    frame.us += cpuNow() - a;
  }
  const total = cpuNow() - t0;
  for (const u of undo.reverse()) u();
  const per = (t: Totals) => Object.fromEntries(Object.entries(t).map(([k, v]) => [k, round(v / steps)]));
  const phaseSum = Object.values(phases).reduce((a, b) => a + b, 0);
  return {
    phases: per(phases),
    rig_systems: per(systems),
    inside: per(inside),
    frame_and_publish: round((frame.us - phaseSum) / steps),
    total: round(total / steps),
    per_step: { rig_events: round(counts.rig_events / steps), contact_events: round(counts.contact_events / steps), contacts_measured: round(counts.contacts_measured / steps) },
  };
}

const round = (v: number) => Math.round(v * 10) / 10;
