/**
 * One stickman's lifecycle — RigState ANIMATED · RAGDOLL · RECOVERING (seed 4.5 state order),
 * then LEFT_STAGE, the final state of a stickman that fell off the stage — and the coordinator
 * of its children (DESIGN.md §5). In ANIMATED the rig owns a TerrainMotion child (systemId
 * `rig:<id>/terrainMotion`), spawned on entry and stopped on exit; for its whole life it owns
 * the ActionRunner (`rig:<id>/actionRunner`). Every event for a stickman —
 * `physics.*`, `rig.*`, `queue.*` and the runner's `step` — is sent to this machine, which
 * forwards it to the child that owns it: one path to each actor.
 *
 * The machine decides; the runtime does the physical work when it hears `rig.stateChanged`
 * (build the ragdoll on RAGDOLL, capture/free/snap on RECOVERING, a terrain fall on ANIMATED)
 * and `rig.leftStage` (its bodies leave physics).
 * Time is not counted here: the runtime reports rest (`physics.ragdollAtRest`) and the end of
 * the stand-up (`rig.standUpFinished`) from its elapsed counters.
 */
import { assign, emit, enqueueActions, sendTo, setup, type ActorRefFrom } from 'xstate';
import { terrainMotionMachine, type TerrainMotionEvent, type TerrainMotionNotice } from './terrainMotionMachine';
import { actionRunnerMachine, type ActionRunnerEvent, type RigStateName, type RunnerToRig } from './actionRunnerMachine';
import type { LaneItem } from '../core/actions/lane';
import type { Gesture } from '../core/gestures';
import { propInteractorMachine, type InteractorToRig, type PropInteractorEvent, type PropOutcome } from './propInteractorMachine';

export type { RigStateName };

export interface RigInput {
  id: string;
  /** The stickman's authored queue, in order. */
  items: LaneItem[];
  /** Stand up by itself once the ragdoll is at rest (the stickman's `auto_recover`). */
  autoRecover?: boolean;
  /** The scene's own gestures, for its queue's gesture items (issue 23). */
  gestures?: readonly Gesture[];
}

export interface RigContext {
  id: string;
  autoRecover: boolean;
  /** The state entered last (for `previous` in `rig.stateChanged`). */
  state: RigStateName;
  terrainMotion: ActorRefFrom<typeof terrainMotionMachine> | null;
  /** The queue runner lives as long as the rig: the queue outlasts ragdoll and recovery. */
  actionRunner: ActorRefFrom<typeof actionRunnerMachine>;
  /** The hold on a prop lives as long as the rig too (ragdoll entry makes it let go). */
  propInteractor: ActorRefFrom<typeof propInteractorMachine>;
}

/**
 * Events the runner owns; the rig passes them on unchanged. Its barrier, the rig's state and a
 * prop action's end come from the rig itself, never from outside.
 */
export type RunnerBoundEvent = Exclude<ActionRunnerEvent, { type: 'queue.block' } | { type: 'queue.unblock' } | { type: 'queue.rigState' } | { type: 'queue.propDone' }>;

/** Why the rig goes down: a direct call, or a queued or reactive action (the director's grab is `rig.grab`). */
export type RagdollCause = 'call' | 'action';

export type RigLifecycleEvent =
  | { type: 'rig.setRagdoll'; cause?: RagdollCause }
  /** The director takes hold of the stickman: it hangs as a ragdoll from the cursor until `rig.letGo`. */
  | { type: 'rig.grab' }
  | { type: 'rig.letGo' }
  | { type: 'rig.recover' }
  | { type: 'physics.ragdollAtRest' }
  | { type: 'rig.standUpFinished' }
  /** It fell below the stage (DESIGN.md §7 `left_stage`): from any state, for good. */
  | { type: 'rig.leaveStage' };

/** Prop interactor events, passed on; its clock arrives as `prop.step` (the runner has `step`). */
export type InteractorBoundEvent = Exclude<PropInteractorEvent, { type: 'step' } | { type: 'rig.disarm' }> | { type: 'prop.step'; dt: number };

/** What the rig's children tell it (./toRig): the runner's requests, the interactor's answers. */
export type ChildToRig = RunnerToRig | InteractorToRig;

export type RigEvent = TerrainMotionEvent | RunnerBoundEvent | TerrainMotionNotice | RigLifecycleEvent | InteractorBoundEvent | ChildToRig;

export type RigEmitted =
  | { type: 'rig.stateChanged'; state: RigStateName; previous: RigStateName; cause: string }
  /** The runner started a prop action: the runtime plans it and hands it back (`prop.pickUp`, `prop.drop`, `prop.throw`). */
  | { type: 'rig.planPropAction'; item: LaneItem }
  /** The interactor ended a prop action (the runtime forgets the pickup and warns of a skip). */
  | { type: 'rig.propActionDone'; itemId: string; outcome: PropOutcome; reason?: string }
  /** It reached LEFT_STAGE: the runtime takes its bodies out of physics. No `rig.stateChanged`: RigState is the three above. */
  | { type: 'rig.leftStage' };

/**
 * Leaving the stage, from each lifecycle state (and so every substate). The children hear it
 * before the machine is done (which stops them): their answers to the rig about it are not
 * needed, the rig is gone.
 */
const LEAVE_STAGE = { target: '#rig.LEFT_STAGE', actions: ['abandonQueue', 'loseProp', 'announceLeftStage'] } as const;

export const rigMachine = setup({
  types: { context: {} as RigContext, input: {} as RigInput, events: {} as RigEvent, emitted: {} as RigEmitted },
  actors: { terrainMotion: terrainMotionMachine, actionRunner: actionRunnerMachine, propInteractor: propInteractorMachine },
  guards: {
    autoRecovers: ({ context }) => context.autoRecover,
  },
  actions: {
    spawnTerrainMotion: assign({
      terrainMotion: ({ spawn, context }) =>
        spawn('terrainMotion', { id: 'terrainMotion', systemId: `rig:${context.id}/terrainMotion`, input: { rigId: context.id } }),
    }),
    stopTerrainMotion: enqueueActions(({ context, enqueue }) => {
      if (context.terrainMotion) enqueue.stopChild(context.terrainMotion);
      enqueue.assign({ terrainMotion: null });
    }),
    forwardToTerrainMotion: enqueueActions(({ context, event, enqueue }) => {
      if (context.terrainMotion) enqueue.sendTo(context.terrainMotion, event as TerrainMotionEvent);
    }),
    forwardToRunner: sendTo(({ context }) => context.actionRunner, ({ event }) => event as RunnerBoundEvent),
    forwardToInteractor: sendTo(({ context }) => context.propInteractor, ({ event }) =>
      (event.type === 'prop.step' ? { type: 'step', dt: event.dt } : event) as PropInteractorEvent),
    /** The runner started a prop action: it needs a plan only the runtime can make (where the prop is). */
    planPropAction: emit(({ event }) => ({ type: 'rig.planPropAction' as const, item: (event as Extract<RunnerToRig, { type: 'runner.propAction' }>).item })),
    /** The runner cancelled its prop action: the interactor lets it go. */
    cancelPropAction: sendTo(({ context }) => context.propInteractor, { type: 'prop.cancel' }),
    /** The interactor ended a prop action: the runtime hears it, then the runner finishes the item. */
    reportPropActionDone: emit(({ event }) => {
      const e = event as InteractorToRig;
      return { type: 'rig.propActionDone' as const, itemId: e.itemId, outcome: e.outcome, reason: e.reason };
    }),
    finishPropAction: sendTo(({ context }) => context.actionRunner, ({ event }) => {
      const e = event as InteractorToRig;
      return { type: 'queue.propDone' as const, itemId: e.itemId, outcome: e.outcome };
    }),
    /** Ragdoll entry: the held prop goes first, before the ragdoll is built (seed 11 §4). */
    disarm: sendTo(({ context }) => context.propInteractor, { type: 'rig.disarm' }),
    /** Leaving the stage: the current item finishes blocked and the queue stops (runner `queue.abandon`). */
    abandonQueue: sendTo(({ context }) => context.actionRunner, { type: 'queue.abandon' }),
    /** Leaving the stage: whatever it holds or reaches for stays on stage and falls on its own. */
    loseProp: sendTo(({ context }) => context.propInteractor, { type: 'prop.lost' }),
    announceLeftStage: emit({ type: 'rig.leftStage' as const }),
    blockRunner: sendTo(({ context }) => context.actionRunner, { type: 'queue.block' }),
    unblockRunner: sendTo(({ context }) => context.actionRunner, { type: 'queue.unblock' }),
    /**
     * Entering a state: tell the runner (walks and turns wait while down) and the runtime (which
     * does the physical work), then remember it. The machine's first state announces nothing.
     */
    enter: enqueueActions(({ context, event, enqueue }, params: { state: RigStateName }) => {
      enqueue.sendTo(context.actionRunner, { type: 'queue.rigState', state: params.state });
      const cause = event.type === 'rig.setRagdoll' ? (event.cause ?? 'call') : event.type;
      if ((event as { type: string }).type !== 'xstate.init') enqueue.emit({ type: 'rig.stateChanged', state: params.state, previous: context.state, cause });
      enqueue.assign({ state: params.state });
    }),
  },
}).createMachine({
  id: 'rig',
  context: ({ input, spawn }) => ({
    id: input.id,
    autoRecover: input.autoRecover ?? true,
    state: 'ANIMATED',
    terrainMotion: null,
    actionRunner: spawn('actionRunner', {
      id: 'actionRunner',
      systemId: `rig:${input.id}/actionRunner`,
      input: { rigId: input.id, items: input.items, gestures: input.gestures },
    }),
    propInteractor: spawn('propInteractor', { id: 'propInteractor', systemId: `rig:${input.id}/propInteractor`, input: { rigId: input.id } }),
  }),
  on: {
    'queue.start': { actions: 'forwardToRunner' },
    'queue.stop': { actions: 'forwardToRunner' },
    'queue.abandon': { actions: 'forwardToRunner' },
    'queue.enqueue': { actions: 'forwardToRunner' },
    step: { actions: 'forwardToRunner' },
    'rig.arrived': { actions: 'forwardToRunner' },
    'rig.walkBlocked': { actions: 'forwardToRunner' },
    'prop.pickUp': { actions: 'forwardToInteractor' },
    'prop.approachArrived': { actions: 'forwardToInteractor' },
    'prop.approachBlocked': { actions: 'forwardToInteractor' },
    'prop.drop': { actions: 'forwardToInteractor' },
    'prop.throw': { actions: 'forwardToInteractor' },
    'prop.cancel': { actions: 'forwardToInteractor' },
    'prop.lost': { actions: 'forwardToInteractor' },
    'prop.step': { actions: 'forwardToInteractor' },
    // The children's business goes through the rig (./toRig): neither child talks to the runtime about it.
    'runner.propAction': { actions: 'planPropAction' },
    'runner.propCancel': { actions: 'cancelPropAction' },
    'interactor.done': { actions: ['reportPropActionDone', 'finishPropAction'] },
  },
  initial: 'ANIMATED',
  states: {
    ANIMATED: {
      entry: ['spawnTerrainMotion', { type: 'enter', params: { state: 'ANIMATED' } }],
      // Leaving mid-landing cancels the terrain pose without restoring it (seed 6a §4/§8). Going
      // down lifts the landing barrier with it (on those transitions, not on exit: leaving the
      // stage abandons the queue as it is, barrier and all).
      exit: 'stopTerrainMotion',
      on: {
        'rig.beginTerrainFall': { actions: 'forwardToTerrainMotion' },
        'rig.disableTerrain': { actions: 'forwardToTerrainMotion' },
        'physics.landed': { actions: 'forwardToTerrainMotion' },
        'physics.supportLost': { actions: 'forwardToTerrainMotion' },
        'physics.landingFinished': { actions: 'forwardToTerrainMotion' },
        // The landing barrier (seed 6a §8): TerrainMotion decides, the runner obeys.
        'terrain.landingStarted': { actions: 'blockRunner' },
        'terrain.landingEnded': { actions: 'unblockRunner' },
        'rig.setRagdoll': { target: 'RAGDOLL', actions: 'unblockRunner' },
        'rig.grab': { target: '#rig.RAGDOLL.HELD', actions: 'unblockRunner' },
        'rig.leaveStage': LEAVE_STAGE,
      },
    },
    RAGDOLL: {
      entry: ['disarm', { type: 'enter', params: { state: 'RAGDOLL' } }],
      on: { 'rig.leaveStage': LEAVE_STAGE },
      initial: 'FREE',
      states: {
        /** Lying where physics puts it: it comes to rest and (auto_recover) stands up, or is told to. */
        FREE: {
          on: {
            'physics.ragdollAtRest': { guard: 'autoRecovers', target: '#rig.RECOVERING' },
            'rig.recover': '#rig.RECOVERING',
            'rig.grab': 'HELD',
          },
        },
        /** The director holds it: it never rests, and a recover waits for the let-go. */
        HELD: {
          initial: 'HANGING',
          states: {
            HANGING: {
              on: { 'rig.recover': 'RECOVER_ON_LET_GO', 'rig.letGo': '#rig.RAGDOLL.FREE' },
            },
            RECOVER_ON_LET_GO: {
              on: { 'rig.letGo': '#rig.RECOVERING' },
            },
          },
        },
      },
    },
    RECOVERING: {
      entry: { type: 'enter', params: { state: 'RECOVERING' } },
      on: {
        'rig.standUpFinished': 'ANIMATED',
        'rig.leaveStage': LEAVE_STAGE,
        // Knocked down again mid stand-up: the stand-up is cancelled, a new ragdoll built.
        'rig.setRagdoll': 'RAGDOLL',
        'rig.grab': '#rig.RAGDOLL.HELD',
      },
    },
    /**
     * It fell off the stage: never stepped again, no queue, no hold. Final — the rig actor is done
     * and its children are stopped; `context.state` keeps the RigState it left from.
     */
    LEFT_STAGE: { type: 'final' },
  },
});

export type RigActor = ActorRefFrom<typeof rigMachine>;
