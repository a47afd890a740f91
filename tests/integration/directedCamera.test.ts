/**
 * The directed camera (issue 23): its own queue (`queues.camera`) and rule reactions, traced like a
 * stickman's (`action` records with `rig: "camera"`, events with source `camera`), and the view
 * it shows in every frame (`camera: {center, width}`; the whole stage when the scene has none).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSceneValue, saveSceneText } from '../../core/scene/io';
import { FOLLOW_CHEST_HEIGHT, frameRectView } from '../../core/camera/camera';
import { frameRecord } from '../../streams/frame/frameRecord';
import { runCli } from '../../streams/cli/runCli';
import { memoryIo } from '../helpers/cliIo';
import { ground, prop, scene } from '../helpers/scenes';
import { TestStage } from '../helpers/testStage';

type Obj = Record<string, unknown>;
const man = (id: string, x: number, extra: Obj = {}): Obj => ({ kind: 'stickman', id, position: [x, 1400], facing: 'RIGHT', ...extra });
const walk = (id: string, x: number): Obj => ({ id, type: 'walk_to', target_position: [x, 1400] });

beforeAll(() => TestStage.init());

const view = (s: TestStage) => s.frame().camera!;

describe('the directed camera', () => {
  it('camera_follow eases onto a walker and then keeps it centred as it walks', () => {
    const doc = scene([ground(1400, 6000), man('bo', 500)], {
      queues: { bo: [walk('w', 3000)], camera: [{ id: 'c1', type: 'camera_follow', target_id: 'bo', width: 1600, ease_seconds: 1 }] },
    });
    const s = TestStage.load(doc).play().step(1);
    const start = view(s);
    expect(start.width).toBeGreaterThan(3000);
    s.step(30);
    // Half-way through the ease: neither the whole stage nor the walker yet.
    expect(view(s).width).toBeLessThan(start.width);
    expect(view(s).width).toBeGreaterThan(1600);
    s.step(40);
    for (let i = 0; i < 60; i += 1) {
      s.step(1);
      const root = s.rigView('bo').root;
      expect(view(s).center[0]).toBeCloseTo(root[0], 6);
      expect(view(s).center[1]).toBeCloseTo(root[1] - FOLLOW_CHEST_HEIGHT, 6);
      expect(view(s).width).toBe(1600);
    }
    expect(s.rigView('bo').root[0]).toBeGreaterThan(800);
    // Traced like a stickman's action, finished when the ease is done.
    expect(s.actionLog('camera')).toEqual(expect.arrayContaining([expect.stringContaining('c1')]));
    const finished = s.actions('camera').find((a) => a.phase === 'finished')!;
    expect(finished).toMatchObject({ rig: 'camera', id: 'c1', action: 'camera_follow', outcome: 'completed' });
    expect(finished.tick).toBeGreaterThanOrEqual(60);
    expect(finished.tick).toBeLessThanOrEqual(62);
    expect(s.events('action_finished', 'camera').length).toBe(1);
    s.dispose();
  });

  it('camera_frame eases to show a rectangle, then a wait holds it and the queue finishes once', () => {
    const rect: [number, number, number, number] = [1000, 800, 2600, 1700];
    const doc = scene([ground(1400), man('bo', 500)], {
      queues: { camera: [{ id: 'f', type: 'camera_frame', rect, ease_seconds: 0.5 }, { id: 'w', type: 'wait', seconds: 0.5 }] },
    });
    const s = TestStage.load(doc).play().step(2);
    const early = view(s);
    s.step(15);
    const mid = view(s);
    s.step(20);
    const target = frameRectView(rect);
    expect(view(s)).toEqual(target);
    // Monotone towards the rectangle's centre on the way.
    expect(Math.abs(mid.center[0] - target.center[0])).toBeLessThan(Math.abs(early.center[0] - target.center[0]));
    s.step(40);
    expect(view(s)).toEqual(target);
    expect(s.events('queue_finished', 'camera')).toHaveLength(1);
    expect(s.actions('camera').map((a) => `${a.id}:${a.phase}`)).toEqual(['f:started', 'f:finished', 'w:started', 'w:finished']);
    s.dispose();
  });

  it('a rule cuts the camera: when Bo enters Goal the camera follows Bo at once (ease 0)', () => {
    const doc = scene([ground(1400, 6000), man('bo', 500), { kind: 'area', id: 'goal', position: [1500, 1300], size: [200, 300] }], {
      queues: { bo: [walk('w', 2500)] },
      rules: [{ id: 'r', when: { type: 'entered_area', source: 'bo', target: 'goal' }, then: [{ actor: 'camera', mode: 'takeover', action: { type: 'camera_follow', target_id: 'bo', width: 1000, ease_seconds: 0 } }] }],
    });
    const s = TestStage.load(doc).play();
    const whole = view(s.step(1));
    s.stepUntil((st) => st.events('entered_area', 'bo').length > 0, 600);
    const entered = s.tick;
    expect(view(s)).toEqual(whole);
    s.step(1);
    // The reaction starts on the next step and cuts straight to the stickman.
    const root = s.rigView('bo').root;
    expect(view(s).width).toBe(1000);
    expect(view(s).center[0]).toBeCloseTo(root[0], 6);
    expect(s.events('action_started', 'camera')[0].tick).toBe(entered + 1);
    s.dispose();
  });

  it('a shot whose target left the stage is skipped, the view holds; a scene without a camera shows the whole stage', () => {
    const doc = scene([ground(1400), man('bo', 500)], {
      queues: { camera: [{ id: 'gone', type: 'camera_follow', target_id: 'nobody', width: 1200, ease_seconds: 1 }] },
    });
    const loaded = loadSceneValue(JSON.parse(saveSceneText(doc)));
    expect(loaded.ok && loaded.warnings.map((w) => w.path)).toEqual(['$.queues.camera[0].target_id']);
    const s = TestStage.load(doc).play().step(3);
    expect(s.actions('camera').find((a) => a.phase === 'finished')).toMatchObject({ outcome: 'skipped' });
    expect(view(s)).toEqual({ center: [2000, 1000], width: 4000 });
    s.dispose();
    const plain = TestStage.load(scene([ground(1400), man('bo', 500)])).play().step(2);
    expect(frameRecord(plain.frame(), () => [0, 0]).camera).toEqual({ center: [2000, 1000], width: 4000 });
    plain.dispose();
  });
});

describe('the camera in a scene file', () => {
  // The saved file as loose JSON, so a test can write what the format refuses.
  type Loose = { objects: Array<{ id: string }>; queues: unknown; rules: unknown };
  const base = () => JSON.parse(saveSceneText(scene([ground(1400), man('bo', 500), prop('ball', 'ball', [900, 1300])]))) as Loose;
  const load = (edit: (doc: Loose) => void) => {
    const doc = base();
    edit(doc);
    return loadSceneValue(doc);
  };

  it('refuses "camera" as an object id, camera actions in a stickman queue and stickman actions in the camera queue', () => {
    const reserved = load((d) => (d.objects[1].id = 'camera'));
    expect(!reserved.ok && reserved.issues.some((i) => i.path === '$.objects[1].id' && /reserved/.test(i.message))).toBe(true);
    const wrongQueue = load((d) => (d.queues = { bo: [{ id: 'x', type: 'camera_frame', rect: [0, 0, 100, 100] }] }));
    expect(!wrongQueue.ok && wrongQueue.issues.map((i) => i.path)).toEqual(['$.queues.bo[0].type']);
    const walker = load((d) => (d.queues = { camera: [{ id: 'x', type: 'walk_to', target_position: [0, 0] }] }));
    expect(!walker.ok && walker.issues.map((i) => i.path)).toEqual(['$.queues.camera[0].type']);
    const badRect = load((d) => (d.queues = { camera: [{ id: 'x', type: 'camera_frame', rect: [100, 0, 0, 100] }] }));
    expect(!badRect.ok && badRect.issues[0].path).toMatch(/^\$\.queues\.camera\[0\]\.rect/);
    const overlay = load((d) => (d.rules = [{ id: 'r', when: { type: 'collided', source: 'any', target: 'any' }, then: [{ actor: 'camera', mode: 'sequential', action: { type: 'speak', text: 'hi' } }] }]));
    expect(!overlay.ok && overlay.issues.map((i) => i.path)).toEqual(['$.rules[0].then[0].action.type']);
  });

  it('opens, saves and opens again unchanged, defaults filled in', () => {
    const r = load((d) => (d.queues = { camera: [{ id: 'c', type: 'camera_follow', target_id: 'ball' }] }));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.scene.queues.camera).toEqual([{ id: 'c', type: 'camera_follow', target_id: 'ball', width: 2000, ease_seconds: 1 }]);
    const again = loadSceneValue(JSON.parse(saveSceneText(r.scene)));
    expect(again.ok && saveSceneText(again.scene)).toBe(saveSceneText(r.scene));
  });

  it('the headless runner writes the camera in every frame and its records pass the format check', async () => {
    const doc = scene([ground(1400, 6000), man('bo', 500)], {
      queues: { bo: [walk('w', 2000)], camera: [{ id: 'c', type: 'camera_follow', target_id: 'bo', width: 1500, ease_seconds: 0.5 }] },
    });
    const { io, outputs } = memoryIo({ 'scene.json': saveSceneText(doc) });
    expect(await runCli(['scene.json', '--seconds', '2', '--trace', 'trace', '--frames', 'frames'], io)).toBe(0);
    const frames = outputs.frames.map((l) => JSON.parse(l));
    expect(frames.every((f) => f.camera && f.camera.width > 0 && f.camera.center.length === 2)).toBe(true);
    expect(frames.at(-1).camera.width).toBe(1500);
    expect(outputs.trace.some((l) => l.includes('"rig":"camera"'))).toBe(true);
    for (const l of outputs.trace) {
      const r = JSON.parse(l);
      if (r.type === 'transition') expect(r.actor === 'stage' || r.actor.startsWith('rig:'), r.actor).toBe(true);
      if (r.type === 'action' && r.phase === 'finished') expect(['completed', 'skipped', 'cancelled', 'blocked']).toContain(r.outcome);
    }
  });
});

describe('the camera in a keyframe', () => {
  it('a keyframe taken mid-ease and mid-queue, restored, shows the live frames and trace to the end', async () => {
    const { StageController } = await import('../../streams/stage/stageController');
    const { toJsonLine } = await import('../../streams/trace/records');
    const doc = scene([ground(1400, 6000), man('bo', 500), { kind: 'area', id: 'goal', position: [1500, 1300], size: [200, 300] }], {
      queues: {
        bo: [walk('w', 2500)],
        camera: [{ id: 'c0', type: 'camera_frame', rect: [0, 600, 2000, 1600], ease_seconds: 1 }, { id: 'c1', type: 'wait', seconds: 1 }, { id: 'c2', type: 'camera_follow', target_id: 'bo', width: 1200, ease_seconds: 1 }],
      },
      rules: [{ id: 'r', when: { type: 'entered_area', source: 'bo', target: 'goal' }, then: [{ actor: 'camera', mode: 'sequential', action: { type: 'camera_frame', rect: [1000, 700, 3000, 1700], ease_seconds: 0.5 } }] }],
    });
    const run = (restoreAt: number | null, keyframe?: ReturnType<InstanceType<typeof StageController>['captureKeyframe']>) => {
      const c = new StageController(doc);
      const lines: string[] = [];
      const frames: string[] = [];
      c.send({ type: 'ui.play' });
      if (keyframe) c.restoreKeyframe(keyframe);
      c.records$.subscribe((r) => lines.push(toJsonLine(r)));
      let kf: typeof keyframe;
      while (c.tick < 300) {
        c.advance(1);
        frames[c.tick] = JSON.stringify(c.frame$.value.camera);
        if (c.tick === restoreAt) kf = c.captureKeyframe();
      }
      c.dispose();
      return { lines, frames, kf };
    };
    const live = run(90);
    const restored = run(null, live.kf);
    for (let t = 91; t < 300; t += 1) expect(restored.frames[t], `tick ${t}`).toBe(live.frames[t]);
    const after = (ls: string[]) => ls.filter((l) => JSON.parse(l).tick > 90);
    expect(after(restored.lines)).toEqual(after(live.lines));
    expect(live.lines.some((l) => l.includes('"rig":"camera"') && l.includes('"c2"'))).toBe(true);
  });
});
