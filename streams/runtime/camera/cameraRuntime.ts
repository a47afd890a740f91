/**
 * The directed camera on stage (issue 23): its queue runner (machines/cameraMachine) fed the step
 * and the rules' reactions, and the view it shows, worked out each step from the running shot
 * (core/camera). Its action records say `rig: "camera"` and its stage events have source
 * `camera`, like a stickman's. A scene without a camera queue shows the default view and the
 * runner never starts.
 *
 * The runner is an actor of its own, not of the stage's system: its life is the runtime's, and a
 * keyframe saves its persisted snapshot (the runtime's own copy of state refuses actors).
 */
import { createActor, type Actor } from 'xstate';
import { CAMERA_ID, type CameraAction, type CameraQueueItem } from '../../../core/camera/actions';
import { defaultCameraView, easeView, followPoint, frameRectView, clampWidth, type CameraView } from '../../../core/camera/camera';
import type { Vec2 } from '../../../core/rig/vec';
import { cameraMachine, type CameraReactiveMode } from '../../../machines/cameraMachine';
import { tagChain, type ChainId } from '../eventChains';
import type { RigStepOutput } from '../rig/rigOutput';

/** Where the camera may look: a stickman's root or a prop's centre, or null when it is not on stage. */
export type TargetLocator = (id: string) => { position: Vec2; stickman: boolean } | null;

interface Shot {
  item: CameraQueueItem;
  from: CameraView;
  elapsed: number;
}

export interface CameraState {
  snapshot: unknown;
  view: CameraView;
  shot: Shot | null;
  count: number;
  chains: Array<[string, ChainId]>;
  pending: Array<{ mode: CameraReactiveMode; item: CameraQueueItem; chain: ChainId }>;
}

export class CameraRuntime {
  private actor: Actor<typeof cameraMachine>;
  private subscriptions: Array<{ unsubscribe(): void }> = [];
  /** What the camera shows after the last step. */
  view: CameraView;
  private shot: Shot | null = null;
  /** Reactive items taken (their ids count up, `rule#3`). */
  private count = 0;
  private readonly chains = new Map<string, ChainId>();
  /** Reactions accepted during a dispatch: they reach the runner at the start of the next step. */
  private pending: Array<{ mode: CameraReactiveMode; item: CameraQueueItem; chain: ChainId }> = [];
  /** Whether the scene directs a camera at all (a queue or a rule reaction for it). */
  readonly directed: boolean;

  /**
   * `items`: the camera's authored queue; `directed`: whether the scene directs the camera at all
   * (a queue, or a rule that gives it a reaction); without, the default view holds.
   */
  constructor(
    private readonly items: readonly CameraQueueItem[],
    directed: boolean,
    stage: { width: number; height: number },
    private readonly sink: RigStepOutput,
    private readonly locate: TargetLocator,
  ) {
    this.directed = directed || items.length > 0;
    this.view = defaultCameraView(stage);
    this.actor = this.spawn(undefined);
  }

  private spawn(snapshot: unknown): Actor<typeof cameraMachine> {
    const items = this.items;
    for (const s of this.subscriptions) s.unsubscribe();
    this.actor?.stop();
    const actor = createActor(cameraMachine, snapshot ? { snapshot: snapshot as never, input: { items } } : { input: { items } });
    const sink = this.sink;
    this.subscriptions = [
      actor.on('camera.started', (e) => {
        sink.actions.push({ rig: CAMERA_ID, id: e.item.id, action: e.item.type, phase: 'started' });
        sink.events.push(tagChain({ type: 'action_started', source: CAMERA_ID, target: targetOf(e.item), action_id: e.item.id }, this.chains.get(e.item.id) ?? 0));
      }),
      actor.on('camera.finished', (e) => {
        const chain = this.chains.get(e.item.id) ?? 0;
        this.chains.delete(e.item.id);
        sink.actions.push({ rig: CAMERA_ID, id: e.item.id, action: e.item.type, phase: 'finished', outcome: e.outcome });
        sink.events.push(tagChain({ type: 'action_finished', source: CAMERA_ID, target: targetOf(e.item), action_id: e.item.id, outcome: e.outcome }, chain));
      }),
      actor.on('camera.queueFinished', () => {
        sink.events.push({ type: 'queue_finished', source: CAMERA_ID, target: null });
      }),
      actor.on('camera.shot', (e) => {
        this.shot = { item: e.item, from: this.view, elapsed: 0 };
      }),
    ];
    actor.start();
    this.actor = actor;
    return actor;
  }

  /** PLAY starts the camera's queue with the stickmen's. */
  start(): void {
    if (this.directed) this.actor.send({ type: 'queue.start' });
  }

  /** A rule gives the camera a reaction; it starts on the next step. */
  enqueueReactive(mode: 'sequential' | 'takeover' | 'overlay', action: CameraAction, origin: string, chain: ChainId): { id: string } | { skipped: string } {
    if (mode === 'overlay') return { skipped: 'the camera runs one action at a time (no overlay)' };
    this.count += 1;
    const item = { ...action, id: `${origin}#${this.count}` } as CameraQueueItem;
    if (chain !== 0) this.chains.set(item.id, chain);
    this.pending.push({ mode, item, chain });
    return { id: item.id };
  }

  /** One step: deliver the reactions, run the queue, look where the shot says. After the physics step (targets have moved). */
  step(dt: number): void {
    if (!this.directed) return;
    for (const r of this.pending) this.actor.send({ type: 'queue.enqueue', item: r.item, mode: r.mode });
    this.pending = [];
    const running = this.actor.getSnapshot().context.current;
    if (running?.type === 'camera_follow' && !this.locate(running.target_id)) this.actor.send({ type: 'camera.skip' });
    this.actor.send({ type: 'step', dt });
    this.look(dt);
  }

  private look(dt: number): void {
    const shot = this.shot;
    if (!shot) return;
    const to = this.aim(shot.item);
    if (!to) return;
    this.view = easeView(shot.from, to, shot.elapsed, shot.item.type === 'wait' ? 0 : shot.item.ease_seconds);
    shot.elapsed += dt;
  }

  /** Where a shot looks now (a followed target that left holds the last view). */
  private aim(item: CameraQueueItem): CameraView | null {
    if (item.type === 'camera_frame') return frameRectView(item.rect);
    if (item.type === 'camera_follow') {
      const t = this.locate(item.target_id);
      return t ? { center: followPoint(t.position, t.stickman), width: clampWidth(item.width) } : null;
    }
    return null;
  }

  saveState(): CameraState {
    return {
      snapshot: this.actor.getPersistedSnapshot(),
      view: this.view,
      shot: this.shot,
      count: this.count,
      chains: [...this.chains],
      pending: this.pending,
    };
  }

  loadState(state: CameraState): void {
    this.spawn(state.snapshot);
    this.view = state.view;
    this.shot = state.shot;
    this.count = state.count;
    this.chains.clear();
    for (const [k, v] of state.chains) this.chains.set(k, v);
    this.pending = state.pending;
  }

  dispose(): void {
    for (const s of this.subscriptions) s.unsubscribe();
    this.subscriptions = [];
    this.actor.stop();
  }
}

const targetOf = (item: CameraQueueItem): string | null => (item.type === 'camera_follow' ? item.target_id : null);
