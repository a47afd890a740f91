/**
 * Each action kind's runtime part (issue 18 "defined once"): how a stickman's ActionRunner runs
 * it. The runner is generic — it takes the next item, hands it to its kind's `start` and waits
 * in the lane state the kind names (`runsIn`) for the outcome; the kind says what starting,
 * interrupting and finishing it tell the runtime or the rig. Keyed by every `ActionType`, so a
 * kind defined in core/actions/kinds without its runtime part fails the type check; `null` is a
 * kind a stickman never runs (the camera's): it finishes skipped, like a kind from a newer file.
 *
 * The rest of a kind (schema, editor fields, texts, plan hook) is its definition in
 * core/actions/kinds/<kind>.ts; core cannot import machines, so this part lives beside the runner.
 */
import type { LaneItem } from '../core/actions/lane';
import { defaultSpeechSeconds } from '../core/actions/registry';
import type { ActionPayload } from '../core/scene/schema';
import { planGesture, type Gesture } from '../core/gestures';

export type ActionType = ActionPayload['type'];
export type ActionOf<K extends ActionType> = Extract<ActionPayload, { type: K }>;

/** The rig's lifecycle state as the runner knows it (the rig machine tells it on every entry). */
export type RigStateName = 'ANIMATED' | 'RAGDOLL' | 'RECOVERING';

/**
 * The lane states an item can run in until its outcome (the runner's state names: traces show
 * them). `walking` ends on the walk's arrival or block and pauses while the rig is down;
 * `waiting` and `speaking` run the lane's clock (`seconds`); `ragdolling` and `recovering` end
 * when the rig reaches RAGDOLL or ANIMATED; `propWorking` ends with the prop interactor's answer;
 * `gesturing` runs the lane's clock and a fall ends it cancelled (issue 23).
 */
export type RunnerLaneState = 'walking' | 'waiting' | 'speaking' | 'gesturing' | 'ragdolling' | 'recovering' | 'propWorking';

/** What a kind may say when the runner hands it an item or takes it back. */
export interface KindEffects {
  /** To whoever runs the runner (the runtime): `runner.walk`, `runner.face`, `runner.stopWalk` … */
  emit(event: KindEmitted): void;
  /** To the rig (machines/toRig): go down, stand up, run this prop action, take it back. */
  tellRig(event: KindToRig): void;
}

export type KindEmitted =
  | { type: 'runner.walk'; item: LaneItem; targetX: number }
  | { type: 'runner.stopWalk' }
  | { type: 'runner.face'; direction: 'LEFT' | 'RIGHT' };

export type KindToRig =
  | { type: 'rig.setRagdoll'; cause: 'action' }
  | { type: 'rig.recover' }
  | { type: 'runner.propAction'; item: LaneItem }
  | { type: 'runner.propCancel'; item: LaneItem };

export interface ActionRuntime<A extends ActionPayload = ActionPayload> {
  /** The lane state it runs in until its outcome; `atOnce`: it completes as it starts (a turn). */
  readonly runsIn: RunnerLaneState | 'atOnce';
  /** It cannot start while the rig is down (no walking, turning or handling props on the floor). */
  readonly needsRigUp?: boolean;
  /** The rig is already where it would take it: it finishes skipped at once. */
  alreadyThere?(rig: RigStateName): boolean;
  /** How long it runs on the lane's clock (`waiting`, `speaking`, `gesturing`); `gestures` are the scene's own. */
  seconds?(action: A, gestures: readonly Gesture[]): number;
  /** It names nothing it can run (a gesture the scene does not have): it finishes skipped as it starts. */
  skips?(action: A, gestures: readonly Gesture[]): boolean;
  /** The runner handed it the item (again, for a walk a fall paused): what that tells the runtime or the rig. */
  start?(item: LaneItem, action: A, out: KindEffects): void;
  /** Ended early (takeover, stop_queue, leaving the stage): a walk stops, a prop action is taken back. */
  interrupt?(item: LaneItem, out: KindEffects): void;
  /** The line it says while it runs (its bubble; `speech_finished` when its time is up). */
  speech?(action: A): string;
  /**
   * As an overlay reaction: `talks` on its own clock beside the queue, done `atOnce`, or `gestures`
   * (one at a time beside the queue, while the rig is up, if `overlayPlays`); absent: skipped.
   */
  readonly overlay?: 'talks' | 'atOnce' | 'gestures';
  /** An overlay `gestures` one can play beside the lane (an arms gesture the scene has). */
  overlayPlays?(action: A, gestures: readonly Gesture[]): boolean;
}

type RuntimeParts = { readonly [K in ActionType]: ActionRuntime<ActionOf<K>> | null };

const isRagdoll = (rig: RigStateName) => rig === 'RAGDOLL';
const isUp = (rig: RigStateName) => rig === 'ANIMATED';
const handToRig = (item: LaneItem, _a: unknown, out: KindEffects) => out.tellRig({ type: 'runner.propAction', item });
const takeBack = (item: LaneItem, out: KindEffects) => out.tellRig({ type: 'runner.propCancel', item });
/** Prop actions (seed 11): the rig has them planned and run by its prop interactor, which answers. */
const propAction = { runsIn: 'propWorking', needsRigUp: true, start: handToRig, interrupt: takeBack } as const;

export const ACTION_RUNTIME = {
  walk_to: {
    runsIn: 'walking',
    needsRigUp: true,
    start: (item, a, out) => out.emit({ type: 'runner.walk', item, targetX: a.target_position[0] }),
    interrupt: (_item, out) => out.emit({ type: 'runner.stopWalk' }),
  },
  wait: { runsIn: 'waiting', seconds: (a) => a.seconds },
  speak: {
    runsIn: 'speaking',
    seconds: (a) => a.seconds ?? defaultSpeechSeconds(a.text),
    speech: (a) => a.text,
    overlay: 'talks',
  },
  face: {
    runsIn: 'atOnce',
    needsRigUp: true,
    start: (_item, a, out) => out.emit({ type: 'runner.face', direction: a.direction }),
    overlay: 'atOnce',
  },
  // Issue 23: plays on the lane's clock (the runtime poses it from connectRig's `gestures`); as an
  // overlay only an arms gesture plays (a bow needs the legs).
  gesture: {
    runsIn: 'gesturing',
    needsRigUp: true,
    seconds: (a, g) => {
      const plan = planGesture(a, g, false);
      return plan.kind === 'play' ? plan.seconds : 0;
    },
    skips: (a, g) => planGesture(a, g, false).kind === 'skip',
    overlay: 'gestures',
    overlayPlays: (a, g) => planGesture(a, g, true).kind === 'play',
  },
  // Ask the rig and finish when it is there (already down: nothing to do).
  ragdoll: { runsIn: 'ragdolling', alreadyThere: isRagdoll, start: (_item, _a, out) => out.tellRig({ type: 'rig.setRagdoll', cause: 'action' }) },
  recover: { runsIn: 'recovering', alreadyThere: isUp, start: (_item, _a, out) => out.tellRig({ type: 'rig.recover' }) },
  pick_up_prop: propAction,
  drop_prop: propAction,
  throw_prop: propAction,
  // The directed camera's kinds (machines/cameraMachine): never a stickman's.
  camera_follow: null,
  camera_frame: null,
} as const satisfies RuntimeParts;

/** A kind's runtime part, or null for one a stickman does not run (the camera's, or unknown: a newer file). */
export function actionRuntime(type: string | undefined): ActionRuntime | null {
  if (type === undefined || !Object.hasOwn(ACTION_RUNTIME, type)) return null;
  return ACTION_RUNTIME[type as ActionType] as ActionRuntime | null;
}

/** The kinds the prop interactor runs (their plans are the runtime's: streams/runtime/rig/pickupPlan). */
export type PropActionType = { [K in ActionType]: (typeof ACTION_RUNTIME)[K] extends { runsIn: 'propWorking' } ? K : never }[ActionType];
