/**
 * What the ActionRunner emits, made real: action records and stage events (tagged with the
 * dispatch chain of their item), the walk target and the facing. What it asks of the rig (ragdoll,
 * recover, a prop action and its cancel) goes to the rig machine, not here (machines/toRig).
 */
import type { StageEvent } from '../../../core/events';
import { tagChain } from '../eventChains';
import type { RigRuntime } from '../rigRuntime';

type Subscription = { unsubscribe(): void };

export function listenToRunner(rig: RigRuntime, subscriptions: Subscription[]): void {
  const r = rig.rigActor.getSnapshot().context.actionRunner;
  // `rig.work` is read each time: a keyframe restore replaces it.
  const { sink, id } = rig;
  subscriptions.push(
    r.on('runner.started', (e) => {
      sink.actions.push({ rig: id, id: e.item.id, action: e.item.action.type, phase: 'started' });
      sink.events.push(tagChain({ type: 'action_started', source: id, target: null, action_id: e.item.id }, rig.work.chainOf(e.item.id)));
    }),
    r.on('runner.finished', (e) => {
      const chain = rig.work.chainOf(e.item.id);
      if (rig.work.untaggedSpeech) tagChain(rig.work.untaggedSpeech, chain);
      rig.work.untaggedSpeech = null;
      rig.work.finished(e.item.id);
      sink.actions.push({ rig: id, id: e.item.id, action: e.item.action.type, phase: 'finished', outcome: e.outcome });
      sink.events.push(tagChain({ type: 'action_finished', source: id, target: null, action_id: e.item.id, outcome: e.outcome }, chain));
    }),
    r.on('runner.queueFinished', () => {
      sink.events.push({ type: 'queue_finished', source: id, target: null });
    }),
    r.on('runner.speechFinished', (e) => {
      // The runner reports the item that spoke right after this (its `finished`), which tags it.
      const event: StageEvent = { type: 'speech_finished', source: id, target: null, reason: e.overlay ? 'overlay' : 'queue' };
      rig.work.untaggedSpeech = event;
      sink.events.push(event);
    }),
    r.on('runner.walk', (e) => {
      rig.work.walkChain = rig.work.chainOf(e.item.id);
      rig.motion.walkTargetX = e.targetX;
    }),
    r.on('runner.stopWalk', () => {
      rig.motion.walkTargetX = null;
    }),
    r.on('runner.face', (e) => {
      rig.motion.facing = e.direction;
    }),
  );
}
