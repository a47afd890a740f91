/**
 * Issue 18: the PLAY runtime is the stage's run actor. A run that cannot be built (a document the
 * physics refuses) or cannot load a keyframe errors, and the stage lands in PLAY_FAILED with the
 * error: the controller warns and throws as before, nothing of the run is left (no runtime, no rig
 * actors, no physics world), no run is announced, the take session records nothing for it, and the
 * director goes on editing and can PLAY again once the scene is fixed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { SceneDocument } from '../../core/scene/schema';
import { initPhysics } from '../../streams/physics/rapier';
import { liveWorldCount } from '../../streams/physics/world';
import { StageController } from '../../streams/stage/stageController';
import { TakeSession } from '../../streams/take/session';
import type { TraceRecord } from '../../streams/trace/records';
import { ground, prop, scene } from '../helpers/scenes';

beforeAll(async () => {
  await initPhysics();
});

const good = scene([ground(1400), prop('ball', 'ball', [500, 800]), { kind: 'stickman', id: 'stick', position: [900, 1400] }]);
/** The loader would refuse it; built in code, it reaches the physics, which refuses a NaN. */
const unbuildable: SceneDocument = { ...good, objects: good.objects.map((o) => (o.kind === 'prop' ? { ...o, rotation: Number.NaN } : o)) };

function watched(doc: SceneDocument) {
  const controller = new StageController(doc);
  const records: TraceRecord[] = [];
  const runs: string[] = [];
  controller.records$.subscribe((r) => records.push(r));
  controller.actor.on('run.started', (e) => runs.push(e.cause));
  return { controller, records, runs };
}

describe('a run that cannot start', () => {
  it('lands the stage in PLAY_FAILED with the error, reported as a warning and thrown; nothing of the run is left', () => {
    const worlds = liveWorldCount();
    const { controller, records, runs } = watched(unbuildable);
    expect(() => controller.send({ type: 'ui.play' })).toThrow(/prop "ball" position is not finite/);
    expect(controller.actor.getSnapshot().value).toBe('PLAY_FAILED');
    expect(controller.mode).toEqual({ mode: 'EDIT', paused: false });
    expect(controller.runFailure?.message).toMatch(/prop "ball" position is not finite/);
    expect(controller.currentRuntime).toBeNull();
    expect(controller.actor.system.get('rig:stick')).toBeUndefined();
    expect(liveWorldCount()).toBe(worlds);
    expect(runs).toEqual([]);
    expect(records.map((r) => (r.type === 'transition' ? `${r.from} → ${r.to} on ${r.event}` : r.type === 'warning' ? `warning: ${r.message}` : r.type))).toEqual([
      'EDIT → PLAY.RUNNING on ui.play',
      'PLAY.RUNNING → PLAY_FAILED on xstate.error.actor.run',
      expect.stringMatching(/^warning: PLAY could not start: prop "ball" position is not finite/),
    ]);
    expect(controller.step(5)).toBe(0);
    controller.dispose();
  });

  it('the director edits on: a fixed document plays, and the failure is gone', () => {
    const { controller, runs } = watched(unbuildable);
    expect(() => controller.send({ type: 'ui.play' })).toThrow();
    // The same document fails again, as a new failure (warned and thrown again).
    expect(() => controller.send({ type: 'ui.play' })).toThrow(/not finite/);
    controller.setDocument(good);
    expect(controller.actor.getSnapshot().value).toBe('EDIT');
    expect(controller.runFailure).toBeNull();
    controller.send({ type: 'ui.play' });
    expect(controller.mode).toEqual({ mode: 'PLAY', paused: false });
    expect(runs).toEqual(['play_from_edit']);
    expect(controller.step(5)).toBe(5);
    controller.dispose();
  });

  it('a keyframe the runtime cannot load ends PLAY the same way, and the take session stops recording', () => {
    const { controller, runs } = watched(good);
    const session = new TakeSession(controller);
    controller.send({ type: 'ui.play' });
    controller.step(30);
    const kf = controller.captureKeyframe();
    expect(session.active).toBe(true);
    const broken = { ...kf, runtime: { ...kf.runtime, data: { ...kf.runtime.data, rigs: [] } } };
    expect(() => controller.restoreKeyframe(broken)).toThrow(/a keyframe of 0 stickmen cannot load into a stage of 1/);
    expect(controller.actor.getSnapshot().value).toBe('PLAY_FAILED');
    expect(controller.currentRuntime).toBeNull();
    expect(session.active).toBe(false);
    expect(session.length).toBe(30);
    expect(runs).toEqual(['play_from_edit']);
    session.dispose();
    controller.dispose();
  });
});
