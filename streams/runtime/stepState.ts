/**
 * Everything one fixed step works on: the physics world, the rigs, the prop pose buffer, the
 * contact bookkeeping, the rule dispatcher and the records the step writes. The step phases
 * (./phases) each read and write this, in DESIGN.md §6 order; StageRuntime owns it.
 */
import type { Subject } from 'rxjs';
import type { IndexList } from '../../core/data/indexList';
import type { StageEvent } from '../../core/events';
import type { SceneDocument } from '../../core/scene/schema';
import type { FrameSnapshot } from '../frame/frame';
import type { AreaEvent, ContactEvent } from '../physics/entities';
import type { PhysicsWorld } from '../physics/world';
import type { TraceRecord } from '../trace/records';
import type { RigRuntime } from './rigRuntime';
import type { RigStepOutput } from './rig/rigOutput';
import type { RuleDispatcher } from './ruleDispatcher';
import type { CameraRuntime } from './camera/cameraRuntime';
import type { PartPairs, StickmanAreas } from './stickmanContacts';
import type { StickmanTouches } from './stickmanTouch';
import type { ContactBudget } from './contactBudget';

export interface StepState {
  readonly doc: SceneDocument;
  readonly world: PhysicsWorld;
  tick: number;
  /** Simulation time of `tick`, in seconds. */
  time: number;
  started: boolean;
  readonly rigs: readonly RigRuntime[];
  readonly rigById: ReadonlyMap<string, RigRuntime>;
  readonly propIds: readonly string[];
  /** x, y, rotation per prop (in propIds order), read once per step. */
  readonly propPoses: Float64Array;
  /** After the first full read, sleeping props are skipped: they have not moved. */
  posesRead: boolean;
  /** `propPoses` as the read before this step's left them: what tells which props this step moved. */
  readonly lastReadPoses: Float64Array;
  /**
   * The props (propIds indices, ascending) whose pose this step's read changed (every prop on the
   * first read): all the floor check needs to look at (most of a crowd's props sleep).
   */
  readonly movedProps: IndexList;
  /** The props (propIds indices, ascending) whose pose the last read read: the awake ones, as it skips the sleeping. */
  readonly readProps: IndexList;
  /**
   * Counts the changes to `propPoses` (each read that moved a prop, each keyframe load): a frame
   * built at the same count can share the last frame's pose array.
   */
  posesChanged: number;
  /** Objects that fell off the stage (DESIGN.md §7 `left_stage`): out of physics, never again. */
  readonly leftStage: Set<string>;
  /** Objects on stage now, for the rule dispatcher's "no longer exists" skips. */
  readonly liveIds: Set<string>;
  /** Objects that left the stage this step: live until this step's rules have run. */
  readonly leavingNow: string[];
  /**
   * Commands waiting for the next step, as they were sent: typed callers send a RuntimeCommand, but
   * a console call or a replayed value may be anything, so phase 1 checks each before applying it.
   */
  commands: unknown[];
  /** Shared with every rig: stage events waiting for dispatch, action notes and warnings. */
  readonly sink: RigStepOutput;
  readonly dispatcher: RuleDispatcher;
  /** The directed camera (issue 23): its queue and the view it shows. */
  readonly camera: CameraRuntime;
  readonly areaOccupants: Map<string, Set<string>>;
  readonly stickmanPairs: PartPairs;
  readonly stickmanAreas: StickmanAreas;
  readonly stickmanTouches: StickmanTouches;
  /** Bounds the contact events raised per step (a stacked crowd, a pile of props). */
  readonly contactBudget: ContactBudget;
  readonly contact$: Subject<ContactEvent>;
  readonly area$: Subject<AreaEvent>;
  readonly events$: Subject<StageEvent>;
  /** Trace records of this step, in order; use `note()` to add one. */
  notes: TraceRecord[];
  /** Hears every record the moment it is written, so the trace interleaves it with transitions. */
  onRecord: ((record: TraceRecord) => void) | null;
  /** Stage events dispatched this step, in order. */
  dispatchedEvents: StageEvent[];
  /** The frame of this step, built when first asked for. */
  frame: FrameSnapshot | null;
  /** What the director holds, if anything (one grab at a time: there is one mouse). */
  grab: Grab | null;
}

export interface Grab {
  /** The prop or stickman held. */
  id: string;
  /** For a stickman: the ragdoll part held. */
  part: string | undefined;
  cursor: [number, number];
  /** The cursor at the end of the last few steps, newest last (its velocity on let-go). */
  trail: Array<[number, number]>;
}

/** Writes one trace record of this step. */
export function note(s: StepState, record: TraceRecord): void {
  s.notes.push(record);
  s.onRecord?.(record);
}

/** Moves action notes and warnings gathered from the rigs into the step's trace records. */
export function flushNotes(s: StepState): void {
  for (const a of s.sink.actions) note(s, { t: s.time, tick: s.tick, type: 'action', ...a });
  for (const w of s.sink.warnings) note(s, { t: s.time, tick: s.tick, type: 'warning', message: w.message, object: w.object });
  s.sink.actions.length = 0;
  s.sink.warnings.length = 0;
}

export class NonFiniteStateError extends Error {
  constructor(readonly objectId: string, what: string) {
    super(`object "${objectId}" has a non-finite ${what}`);
    this.name = 'NonFiniteStateError';
  }
}
