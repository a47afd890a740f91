/**
 * PropInteractor (seed phase 11 §3): one stickman's hold on a prop — IDLE · APPROACHING ·
 * REACHING · HELD · THROWING. The runtime computes (which grip, which hand, whether it is in
 * reach, where to stand) with core/props and sends the plan; this machine decides what happens
 * and when, and emits what the runtime must do (reserve, attach, release) and what the stage
 * should hear (picked up, dropped, thrown) exactly once per committed transition. Time arrives as
 * `step` events with `dt` (the reach blend and the throw's release boundary).
 */
import { and, assign, emit, enqueueActions, setup } from 'xstate';
import { COUNTS_TIME } from './tags';
import { tellRig } from './toRig';

/** How long the hand takes to reach the grip before the prop counts as held (s). */
export const REACH_SECONDS = 0.3;
/** At most this many re-plans after an approach walk arrives (seed §3.1: no chasing). */
export const MAX_APPROACH_REPLANS = 1;

export type PickupPlan =
  | { kind: 'skip'; reason: string }
  | { kind: 'reach'; grip: string; hand: 'left' | 'right' }
  | { kind: 'approach'; grip: string; hand: 'left' | 'right'; standX: number };

export type ThrowPlan = { kind: 'skip'; reason: string } | { kind: 'throw'; releaseT: number; duration: number };

export type PropInteractorEvent =
  | { type: 'prop.pickUp'; itemId: string; propId: string; plan: PickupPlan }
  /** The approach walk got there: the runtime re-planned from where the rig now stands. */
  | { type: 'prop.approachArrived'; plan: PickupPlan }
  | { type: 'prop.approachBlocked' }
  | { type: 'prop.drop'; itemId: string }
  | { type: 'prop.throw'; itemId: string; plan: ThrowPlan }
  /** The running prop action was cancelled (takeover, stop_queue). */
  | { type: 'prop.cancel' }
  /** The rig goes ragdoll: let go of everything now (seed §4). */
  | { type: 'rig.disarm' }
  /** The held prop is gone (it left the stage): forget it without an event. */
  | { type: 'prop.lost' }
  | { type: 'step'; dt: number };

export type PropOutcome = 'completed' | 'skipped' | 'cancelled' | 'blocked';

export type PropInteractorEmitted =
  | { type: 'interactor.reserve'; propId: string }
  | { type: 'interactor.unreserve'; propId: string }
  | { type: 'interactor.approach'; standX: number }
  | { type: 'interactor.stopApproach' }
  | { type: 'interactor.attach'; propId: string; grip: string; hand: 'left' | 'right' }
  | { type: 'interactor.release'; propId: string; reason: 'manual' | 'ragdoll' | 'throw' | 'lost' }
  /** Run on its own (model tests), what it would tell its rig. */
  | InteractorToRig;

/**
 * What the interactor tells its rig (./toRig), never the runtime: a prop action of the queue
 * ended; the rig has its runner finish the item with this outcome.
 */
export type InteractorToRig = { type: 'interactor.done'; itemId: string; outcome: PropOutcome; reason?: string };

export interface PropInteractorContext {
  /** The rig it works for (its answers go there: ./toRig); null when it runs on its own. */
  rigId: string | null;
  /** The prop held or being picked up (reserved), with its grip and hand. */
  propId: string | null;
  grip: string | null;
  hand: 'left' | 'right' | null;
  /** True while the hold lasts: HELD, and THROWING up to the release. */
  held: boolean;
  itemId: string | null;
  replans: number;
  elapsed: number;
  releaseT: number;
  duration: number;
  released: boolean;
}

const dtOf = (e: PropInteractorEvent): number => (e.type === 'step' && Number.isFinite(e.dt) && e.dt > 0 ? e.dt : 0);
const planOf = (e: PropInteractorEvent): PickupPlan | null => (e.type === 'prop.pickUp' || e.type === 'prop.approachArrived' ? e.plan : null);

const EMPTY = { propId: null, grip: null, hand: null, held: false, itemId: null, replans: 0, elapsed: 0, releaseT: 0, duration: 0, released: false };

/** An action telling the rig the prop action ended, as `answer` words it. */
const reportDone = (answer: (args: { context: PropInteractorContext; event: PropInteractorEvent }) => InteractorToRig) =>
  enqueueActions<PropInteractorContext, PropInteractorEvent, undefined, PropInteractorEvent, never, never, never, never, PropInteractorEmitted>(
    ({ context, event, system, enqueue }) => tellRig(system, enqueue, context.rigId, answer({ context, event })));

export const propInteractorMachine = setup({
  types: { context: {} as PropInteractorContext, events: {} as PropInteractorEvent, emitted: {} as PropInteractorEmitted, input: {} as { rigId?: string } | undefined },
  guards: {
    planSkips: ({ event }) => planOf(event)?.kind === 'skip',
    planReaches: ({ event }) => planOf(event)?.kind === 'reach',
    planApproaches: ({ event }) => planOf(event)?.kind === 'approach',
    mayReplan: ({ context }) => context.replans < MAX_APPROACH_REPLANS,
    reachDone: ({ context, event }) => context.elapsed + dtOf(event) >= REACH_SECONDS - 1e-9,
    throwSkips: ({ event }) => event.type === 'prop.throw' && event.plan.kind === 'skip',
    releaseNow: ({ context, event }) => !context.released && context.elapsed + dtOf(event) >= context.releaseT - 1e-9,
    throwOver: ({ context, event }) => context.elapsed + dtOf(event) >= context.duration - 1e-9,
    released: ({ context }) => context.released,
  },
  actions: {
    claim: assign(({ event }) => {
      const e = event as Extract<PropInteractorEvent, { type: 'prop.pickUp' }>;
      return { ...EMPTY, propId: e.propId, itemId: e.itemId };
    }),
    takePlan: assign(({ event }) => {
      const p = planOf(event);
      return p && p.kind !== 'skip' ? { grip: p.grip, hand: p.hand, elapsed: 0 } : {};
    }),
    countReplan: assign({ replans: ({ context }) => context.replans + 1 }),
    emitReserve: emit(({ context }) => ({ type: 'interactor.reserve' as const, propId: context.propId! })),
    emitUnreserve: emit(({ context }) => ({ type: 'interactor.unreserve' as const, propId: context.propId! })),
    emitApproach: emit(({ event }) => {
      const p = planOf(event) as Extract<PickupPlan, { kind: 'approach' }>;
      return { type: 'interactor.approach' as const, standX: p.standX };
    }),
    emitStopApproach: emit({ type: 'interactor.stopApproach' as const }),
    emitAttach: emit(({ context }) => ({ type: 'interactor.attach' as const, propId: context.propId!, grip: context.grip!, hand: context.hand! })),
    advance: assign({ elapsed: ({ context, event }) => context.elapsed + dtOf(event) }),
    commitHold: assign({ held: true, elapsed: 0 }),
    reportDoneCompleted: reportDone(({ context }) => ({ type: 'interactor.done' as const, itemId: context.itemId!, outcome: 'completed' as const })),
    reportDoneCancelled: reportDone(({ context }) => ({ type: 'interactor.done' as const, itemId: context.itemId!, outcome: 'cancelled' as const })),
    reportDoneBlocked: reportDone(({ context }) => ({ type: 'interactor.done' as const, itemId: context.itemId!, outcome: 'blocked' as const, reason: 'the approach walk was blocked' })),
    reportDoneSkippedPlan: reportDone(({ context, event }) => {
      const p = planOf(event) as Extract<PickupPlan, { kind: 'skip' }> | null;
      const id = event.type === 'prop.pickUp' ? event.itemId : context.itemId!;
      return { type: 'interactor.done' as const, itemId: id, outcome: 'skipped' as const, reason: p?.reason ?? 'out of reach' };
    }),
    reportDoneSkippedLost: reportDone(({ context }) => ({ type: 'interactor.done' as const, itemId: context.itemId!, outcome: 'skipped' as const, reason: 'the prop left the stage' })),
    reportDoneSkippedThrow: reportDone(({ event }) => {
      const e = event as Extract<PropInteractorEvent, { type: 'prop.throw' }>;
      return { type: 'interactor.done' as const, itemId: e.itemId, outcome: 'skipped' as const, reason: e.plan.kind === 'skip' ? e.plan.reason : '' };
    }),
    reportNothingHeld: reportDone(({ event }) => ({
      type: 'interactor.done' as const,
      itemId: (event as { itemId: string }).itemId,
      outcome: 'skipped' as const,
      reason: 'nothing held',
    })),
    reportAlreadyBusy: reportDone(({ event }) => ({
      type: 'interactor.done' as const,
      itemId: (event as { itemId: string }).itemId,
      outcome: 'skipped' as const,
      reason: 'already holding a prop',
    })),
    emitReleaseManual: emit(({ context }) => ({ type: 'interactor.release' as const, propId: context.propId!, reason: 'manual' as const })),
    emitReleaseRagdoll: emit(({ context }) => ({ type: 'interactor.release' as const, propId: context.propId!, reason: 'ragdoll' as const })),
    emitReleaseThrow: emit(({ context }) => ({ type: 'interactor.release' as const, propId: context.propId!, reason: 'throw' as const })),
    emitReleaseLost: emit(({ context }) => ({ type: 'interactor.release' as const, propId: context.propId!, reason: 'lost' as const })),
    reportDropDone: reportDone(({ event }) => ({ type: 'interactor.done' as const, itemId: (event as { itemId: string }).itemId, outcome: 'completed' as const })),
    startThrow: assign(({ event }) => {
      const e = event as Extract<PropInteractorEvent, { type: 'prop.throw' }>;
      return e.plan.kind === 'throw' ? { itemId: e.itemId, elapsed: 0, releaseT: e.plan.releaseT, duration: e.plan.duration, released: false } : {};
    }),
    // Released: the hold is over from this step on (frames name no held prop), only the follow-through remains.
    markReleased: assign({ released: true, held: false }),
    /** A throw whose release boundary is its last step still releases, once. */
    emitReleaseIfPending: enqueueActions(({ context, enqueue }) => {
      if (!context.released && context.propId) enqueue.emit({ type: 'interactor.release', propId: context.propId, reason: 'throw' });
    }),
    clear: assign(() => ({ ...EMPTY })),
  },
}).createMachine({
  id: 'propInteractor',
  context: ({ input }) => ({ ...EMPTY, rigId: input?.rigId ?? null }),
  initial: 'IDLE',
  states: {
    IDLE: {
      on: {
        'prop.pickUp': [
          { guard: 'planSkips', actions: 'reportDoneSkippedPlan' },
          { guard: 'planReaches', target: 'REACHING', actions: ['claim', 'emitReserve', 'takePlan'] },
          { guard: 'planApproaches', target: 'APPROACHING', actions: ['claim', 'emitReserve', 'takePlan', 'emitApproach'] },
        ],
        'prop.drop': { actions: 'reportNothingHeld' },
        'prop.throw': { actions: 'reportNothingHeld' },
      },
    },
    APPROACHING: {
      on: {
        'prop.approachArrived': [
          { guard: 'planReaches', target: 'REACHING', actions: 'takePlan' },
          { guard: and(['planApproaches', 'mayReplan']), target: 'APPROACHING', reenter: true, actions: ['countReplan', 'takePlan', 'emitApproach'] },
          // Still out of reach after the one re-plan (or unpickable now): give up, release the claim.
          { target: 'IDLE', actions: ['emitUnreserve', 'reportDoneSkippedPlan', 'clear'] },
        ],
        'prop.approachBlocked': { target: 'IDLE', actions: ['emitUnreserve', 'reportDoneBlocked', 'clear'] },
        'prop.cancel': { target: 'IDLE', actions: ['emitStopApproach', 'emitUnreserve', 'reportDoneCancelled', 'clear'] },
        'rig.disarm': { target: 'IDLE', actions: ['emitStopApproach', 'emitUnreserve', 'reportDoneCancelled', 'clear'] },
        'prop.lost': { target: 'IDLE', actions: ['emitStopApproach', 'emitUnreserve', 'reportDoneSkippedLost', 'clear'] },
      },
    },
    REACHING: {
      tags: COUNTS_TIME,
      on: {
        step: [
          // The hand is on the grip: the hold commits (reservation becomes ownership).
          { guard: 'reachDone', target: 'HELD', actions: ['emitAttach', 'commitHold', 'reportDoneCompleted'] },
          { actions: 'advance' },
        ],
        'prop.cancel': { target: 'IDLE', actions: ['emitUnreserve', 'reportDoneCancelled', 'clear'] },
        'rig.disarm': { target: 'IDLE', actions: ['emitUnreserve', 'reportDoneCancelled', 'clear'] },
        'prop.lost': { target: 'IDLE', actions: ['emitUnreserve', 'reportDoneSkippedLost', 'clear'] },
      },
    },
    HELD: {
      on: {
        'prop.pickUp': { actions: 'reportAlreadyBusy' },
        'prop.drop': { target: 'IDLE', actions: ['emitReleaseManual', 'reportDropDone', 'clear'] },
        'prop.throw': [
          // No-op or no valid arc: the prop stays held (seed §1.2, §3.3).
          { guard: 'throwSkips', actions: 'reportDoneSkippedThrow' },
          { target: 'THROWING', actions: 'startThrow' },
        ],
        'rig.disarm': { target: 'IDLE', actions: ['emitReleaseRagdoll', 'clear'] },
        'prop.lost': { target: 'IDLE', actions: ['emitReleaseLost', 'clear'] },
      },
    },
    THROWING: {
      tags: COUNTS_TIME,
      on: {
        step: [
          { guard: 'throwOver', target: 'IDLE', actions: ['emitReleaseIfPending', 'reportDoneCompleted', 'clear'] },
          { guard: 'releaseNow', actions: ['advance', 'emitReleaseThrow', 'markReleased'] },
          { actions: 'advance' },
        ],
        // Cancelled before the release the prop stays held; after it, only the follow-through ends.
        'prop.cancel': [
          { guard: 'released', target: 'IDLE', actions: ['reportDoneCancelled', 'clear'] },
          { target: 'HELD', actions: 'reportDoneCancelled' },
        ],
        'rig.disarm': [
          { guard: 'released', target: 'IDLE', actions: ['reportDoneCancelled', 'clear'] },
          { target: 'IDLE', actions: ['emitReleaseRagdoll', 'reportDoneCancelled', 'clear'] },
        ],
        // Gone before the release: the hold still ends with its one release (claim and hand freed).
        'prop.lost': [
          { guard: 'released', target: 'IDLE', actions: ['reportDoneCancelled', 'clear'] },
          { target: 'IDLE', actions: ['emitReleaseLost', 'reportDoneCancelled', 'clear'] },
        ],
      },
    },
  },
});
