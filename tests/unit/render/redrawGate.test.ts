import { describe, expect, it } from 'vitest';
import { RedrawGate, sameOverlay } from '../../../render/redrawGate';
import type { ViewOverlay } from '../../../render/stageView';
import { OVERLAY_LAYERS } from '../../../render/overlays';

const frameA = { tick: 1 };
const frameB = { tick: 2 };
const overlay = (o: Partial<ViewOverlay> = {}): ViewOverlay => ({ selectedIds: [], hoverId: null, ghost: null, handles: [], walkTargets: [], ...o });

/** Draws like StageView.render: only when the gate says so, recording each draw. */
function drawer() {
  const gate = new RedrawGate();
  let draws = 0;
  const render = (prev: unknown, cur: unknown, alpha: number, ov: ViewOverlay) => {
    if (!gate.needsDraw(prev, cur, alpha, ov)) return false;
    gate.drawn(prev, cur, alpha, ov);
    draws += 1;
    return true;
  };
  return { gate, render, draws: () => draws };
}

describe('draw on demand', () => {
  it('an idle EDIT or PAUSED stage is drawn once, not every animation frame', () => {
    const d = drawer();
    const ov = overlay();
    for (let i = 0; i < 50; i += 1) d.render(frameA, frameA, 1, ov);
    expect(d.draws()).toBe(1);
  });

  it('RUNNING draws every frame: a new step or a new interpolation alpha', () => {
    const d = drawer();
    const ov = overlay();
    expect(d.render(frameA, frameB, 0.25, ov)).toBe(true);
    expect(d.render(frameA, frameB, 0.75, ov)).toBe(true); // same step, later alpha
    expect(d.render(frameB, { tick: 3 }, 0.1, ov)).toBe(true);
    expect(d.draws()).toBe(3);
  });

  it('a selection, hover, ghost, handle or walk-target change draws again', () => {
    const d = drawer();
    d.render(frameA, frameA, 1, overlay());
    const changes: Partial<ViewOverlay>[] = [
      { selectedIds: ['box-1'] },
      { hoverId: 'box-1' },
      { ghost: { props: [] } },
      { handles: [{ id: 'h', kind: 'rotate', position: [0, 0] }] },
      { walkTargets: [{ rigId: 's1', position: [1, 2] }] },
    ];
    for (const c of changes) expect(d.render(frameA, frameA, 1, overlay(c))).toBe(true);
    // The UI's overlay memo hands back the same object while nothing changes: no draw.
    const same = overlay({ hoverId: 'box-2' });
    expect(d.render(frameA, frameA, 1, same)).toBe(true);
    expect(d.render(frameA, frameA, 1, same)).toBe(false);
  });

  it('camera moves, resizes and a restored GL context invalidate the picture', () => {
    const d = drawer();
    const ov = overlay();
    d.render(frameA, frameA, 1, ov);
    d.gate.invalidate();
    expect(d.render(frameA, frameA, 1, ov)).toBe(true);
    expect(d.render(frameA, frameA, 1, ov)).toBe(false);
  });

  it('a draw that threw is retried on the next frame', () => {
    const gate = new RedrawGate();
    const ov = overlay();
    expect(gate.needsDraw(frameA, frameA, 1, ov)).toBe(true);
    // No drawn(): the draw failed.
    expect(gate.needsDraw(frameA, frameA, 1, ov)).toBe(true);
  });

  it('the debug overlay, rebuilt each frame from the frame, counts as unchanged when its data is', () => {
    const rays = [{ from: [0, 0] as [number, number], to: [1, 1] as [number, number], hit: true }];
    const base = overlay();
    const a = { ...base, debug: { enabled: true, rays } };
    const b = { ...base, debug: { enabled: true, rays } };
    expect(sameOverlay(a, b)).toBe(true);
    expect(sameOverlay(a, { ...base, debug: { enabled: true, rays: [...rays] } })).toBe(false);
    expect(sameOverlay(a, { ...base, debug: { enabled: false, rays } })).toBe(false);
    expect(sameOverlay({ ...base, debug: null }, { ...base, debug: { enabled: false } })).toBe(true);
  });

  it('a new ragdoll or reaction list (a step of a fall or a flinch) is a change', () => {
    const base = overlay();
    const ragdolls = [{ id: 'a', bodies: [], joints: [], label: { position: [0, 0] as [number, number], text: 'a: rest 0.10 / 0.50 s' } }];
    const reactions = [{ position: [0, 0] as [number, number], text: 'Head 0.20' }];
    const a = { ...base, debug: { enabled: true, ragdolls, reactions } };
    expect(sameOverlay(a, { ...base, debug: { enabled: true, ragdolls, reactions } })).toBe(true);
    expect(sameOverlay(a, { ...base, debug: { enabled: true, ragdolls: [...ragdolls], reactions } })).toBe(false);
    expect(sameOverlay(a, { ...base, debug: { enabled: true, ragdolls, reactions: [...reactions] } })).toBe(false);
  });

  it('a change to any field a registered overlay layer reads draws again (marquee, group box, grips, snap grid …)', () => {
    const changes: Partial<ViewOverlay>[] = [
      { marquee: { minX: 0, minY: 0, maxX: 10, maxY: 10 } },
      { groupBox: { center: [0, 0], half: [5, 5], rotation: 0 } },
      { grips: [{ id: 'g', position: [0, 0], rotation: 0, primary: true }] },
      { snapGrid: 20 },
      { throwGuide: { status: 'planned', raw: [0, 0], effective: null, arc: [], collision: null, collisionLabel: null } },
      { debug: { enabled: true, footLocks: [{ side: 'left', position: [0, 0], fromFan: true }] } },
    ];
    for (const c of changes) {
      const d = drawer();
      const base = overlay({ debug: { enabled: true } });
      d.render(frameA, frameA, 1, base);
      expect(d.render(frameA, frameA, 1, { ...base, ...c }), JSON.stringify(c)).toBe(true);
    }
  });

  it('every layer is named once and reads overlay fields no other layer reads', () => {
    const names = OVERLAY_LAYERS.map((l) => l.name);
    expect(new Set(names).size).toBe(names.length);
    const reads = OVERLAY_LAYERS.flatMap((l) => l.reads);
    expect(new Set(reads).size).toBe(reads.length);
    expect(names).toEqual(['debug', 'placeholder labels', 'grips', 'camera shots', 'walk flags', 'throw guide', 'marquee', 'selection', 'handles']);
  });

  it('a layer that is not registered is not watched: the gate compares what the registry lists', () => {
    const a = overlay();
    const b = { ...a, marquee: { minX: 0, minY: 0, maxX: 1, maxY: 1 } };
    expect(sameOverlay(a, b)).toBe(false);
    expect(sameOverlay(a, b, OVERLAY_LAYERS.filter((l) => l.name !== 'marquee'))).toBe(true);
  });
});
