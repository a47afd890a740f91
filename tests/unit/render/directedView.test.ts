/** The director's camera on a screen of any aspect (render/directedView), its export choices and its PLAY toggle. */
import { describe, expect, it } from 'vitest';
import { createRoot } from 'solid-js';
import { Camera2D } from '../../../render/camera';
import { applyView, lerpView, zoomForView } from '../../../render/directedView';
import { sceneDirectsCamera } from '../../../core/camera/actions';
import { cameraChoiceFor, cameraOptions } from '../../../ui/transport/export/exportCamera';
import { Playback } from '../../../ui/state/playback';
import { ground, scene } from '../../helpers/scenes';

describe('showing a camera view', () => {
  it('a 16:9 screen shows exactly the view’s width; a taller one the width with more above and below; a wider one the 16:9 box with more beside it', () => {
    const view = { center: [1000, 500] as [number, number], width: 1600 };
    expect(zoomForView(view, 1280, 720)).toBeCloseTo(0.8, 12);
    expect(zoomForView(view, 800, 800)).toBeCloseTo(0.5, 12);
    // 2000 × 720: the box's 900 px of height fill the screen's height.
    expect(zoomForView(view, 2000, 720)).toBeCloseTo(0.8, 12);
    const cam = new Camera2D(1280, 720);
    expect(applyView(cam, view)).toBe(true);
    expect(cam.screenToStage(0, 0)).toEqual([200, 50]);
    expect(cam.screenToStage(1280, 720)).toEqual([1800, 950]);
    expect(applyView(cam, view)).toBe(false);
  });

  it('between two steps the view is interpolated; at 1 (or with both the same) it is the later one', () => {
    const a = { center: [0, 0] as [number, number], width: 1000 };
    const b = { center: [100, 50] as [number, number], width: 2000 };
    expect(lerpView(a, b, 0.5)).toEqual({ center: [50, 25], width: 1500 });
    expect(lerpView(a, b, 1)).toBe(b);
    expect(lerpView(b, { ...b }, 0.3).width).toBe(2000);
  });
});

describe('the director’s camera as a choice', () => {
  const plain = scene([ground()]);
  const queued = scene([ground()], { queues: { camera: [{ id: 'f', type: 'camera_frame', rect: [0, 0, 1600, 900], ease_seconds: 0 }] } });
  const byRule = scene([ground(), { kind: 'area', id: 'goal', position: [500, 1300], size: [200, 200] }], {
    rules: [{ id: 'r', when: { type: 'entered_area', source: 'any', target: 'goal' }, then: [{ actor: 'camera', mode: 'takeover', action: { type: 'camera_frame', rect: [0, 0, 1600, 900], ease_seconds: 0 } }] }],
  });

  it('a scene directs the camera with a camera queue or a rule reaction for it', () => {
    expect(sceneDirectsCamera(plain)).toBe(false);
    expect(sceneDirectsCamera(queued)).toBe(true);
    expect(sceneDirectsCamera(byRule)).toBe(true);
  });

  it('an export offers the director’s camera first and by default when the scene has one; a pick it no longer offers falls back', () => {
    expect(cameraOptions(plain).map((o) => o.value)).toEqual(['view', 'stage', 'follow']);
    expect(cameraOptions(queued).map((o) => o.value)).toEqual(['director', 'view', 'stage', 'follow']);
    expect(cameraChoiceFor(queued, null)).toBe('director');
    expect(cameraChoiceFor(queued, 'stage')).toBe('stage');
    expect(cameraChoiceFor(plain, null)).toBe('view');
    expect(cameraChoiceFor(plain, 'director')).toBe('view');
  });

  it('PLAY’s toggle: on by default; a free camera switches it off; Follow and the director’s camera exclude each other', () => {
    createRoot((dispose) => {
      const p = new Playback();
      expect(p.directorOn()).toBe(true);
      p.freeCamera();
      expect(p.directorOn()).toBe(false);
      p.toggleDirector();
      expect(p.directorOn()).toBe(true);
      p.toggleFollow();
      expect([p.followOn(), p.directorOn()]).toEqual([true, false]);
      p.holdFollow();
      p.toggleDirector(true);
      expect([p.followOn(), p.followHeld(), p.directorOn()]).toEqual([false, false, true]);
      dispose();
    });
  });
});
