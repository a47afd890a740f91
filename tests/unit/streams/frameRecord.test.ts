/** The `--frames` line (DESIGN.md §9): fields, part names, rounding to 0.01, live rig values. */
import { describe, expect, it } from 'vitest';
import { frameRecord } from '../../../streams/frame/frameRecord';
import { documentFrame } from '../../../streams/frame/documentFrame';
import type { FrameSnapshot, RigView } from '../../../streams/frame/frame';
import { MARKER_NAMES } from '../../../core/rig/markers';
import { PART_NAMES } from '../../../core/rig/skeleton';
import { DEFAULT_PROPORTIONS } from '../../../core/rig/proportions';
import { ground, prop, scene } from '../../helpers/scenes';

const doc = scene([
  ground(1400),
  { kind: 'stickman', id: 'a', position: [600.123456, 1400], facing: 'LEFT' },
  prop('box', 'box', [900, 1360]),
]);

/** A document frame moved to tick 90 with awkward numbers, as a live frame might carry. */
function liveFrame(): FrameSnapshot {
  const f = documentFrame(doc, 'PLAY');
  const rig = f.rigs[0];
  return {
    ...f,
    tick: 90,
    time: 1.5,
    rigs: [{ ...rig, root: [600.123456, 1399.996], state: 'RAGDOLL', terrain: 'AIRBORNE', markers: { ...rig.markers, Torso: [0.004999, -256.556] } }],
    props: [{ ...f.props[0], position: [900.005, 1360.444], rotation: -0.0049 }],
  };
}

/** Every number in a JSON value, with where it was. */
function numbers(v: unknown, path = '$'): Array<[string, number]> {
  if (typeof v === 'number') return [[path, v]];
  if (Array.isArray(v)) return v.flatMap((x, i) => numbers(x, `${path}[${i}]`));
  if (v && typeof v === 'object') return Object.entries(v).flatMap(([k, x]) => numbers(x, `${path}.${k}`));
  return [];
}

describe('frameRecord', () => {
  it('has the documented fields in the documented order', () => {
    const r = frameRecord(liveFrame(), () => [12, -3]);
    expect(Object.keys(r)).toEqual(['tick', 't', 'rigs', 'props', 'camera']);
    expect(r.tick).toBe(90);
    expect(r.t).toBe(1.5);
    expect(Object.keys(r.rigs[0])).toEqual(['id', 'root', 'facing', 'state', 'terrain', 'markers', 'parts', 'head', 'held_prop']);
    expect(Object.keys(r.props[0])).toEqual(['id', 'position', 'rotation', 'velocity']);
    expect(r.rigs[0]).toMatchObject({ id: 'a', facing: 'LEFT', held_prop: null });
    expect(Object.keys(r.rigs[0].markers)).toEqual([...MARKER_NAMES]);
    expect(r.rigs[0].head.radius).toBe(DEFAULT_PROPORTIONS.headRadius);
    expect(r.props[0]).toMatchObject({ id: 'box', velocity: [12, -3] });
  });

  it('carries the live state and terrain phase, not fixed values', () => {
    const r = frameRecord(liveFrame(), () => undefined);
    expect(r.rigs[0].state).toBe('RAGDOLL');
    expect(r.rigs[0].terrain).toBe('AIRBORNE');
  });

  it('names all ten parts by the proxies’ snake_case names, the head running from the neck to the head centre', () => {
    const frame = liveFrame();
    const r = frameRecord(frame, () => undefined);
    expect(r.rigs[0].parts.map((p) => p.name).sort()).toEqual([...PART_NAMES].sort());
    const part = (name: string) => r.rigs[0].parts.find((p) => p.name === name)!;
    expect(part('head').start).toEqual(part('torso').end);
    expect(part('head').end).toEqual(r.rigs[0].head.center);
    // The head segment is the neck-to-head-centre length of the skeleton.
    const [hs, he] = [part('head').start, part('head').end];
    expect(Math.hypot(he[0] - hs[0], he[1] - hs[1])).toBeCloseTo(DEFAULT_PROPORTIONS.neckToHead, 1);
    // Parts are stage space: a LEFT-facing rig's left arm is mirrored about the root.
    const view = frame.rigs[0].parts.find((p) => p.name === 'left_lower_arm')!;
    expect(part('left_lower_arm').end[0]).toBeCloseTo(view.end[0], 2);
  });

  it('rounds every number to 0.01 and never writes -0', () => {
    const r = frameRecord(liveFrame(), () => [0.125001, -0.001]);
    expect(r.rigs[0].root).toEqual([600.12, 1400]);
    expect(r.rigs[0].markers.Torso).toEqual([0, -256.56]);
    expect(r.props[0].position).toEqual([900.01, 1360.44]);
    expect(Object.is(r.props[0].rotation, 0)).toBe(true);
    expect(r.props[0].velocity).toEqual([0.13, 0]);
    for (const [path, n] of numbers(r)) {
      expect(Math.abs(n * 100 - Math.round(n * 100)), path).toBeLessThan(1e-6);
      expect(Object.is(n, -0), `${path} is -0`).toBe(false);
    }
  });

  it('reads markers rig-local, as the frame snapshot holds them', () => {
    const frame = liveFrame();
    const r = frameRecord(frame, () => undefined);
    for (const name of MARKER_NAMES) {
      const [x, y] = frame.rigs[0].markers[name];
      expect(r.rigs[0].markers[name]).toEqual([Math.round(x * 100) / 100 + 0, Math.round(y * 100) / 100 + 0]);
    }
    // Rig-local: the feet markers sit at y ≈ 0 (the root), not at the stage's ground height.
    expect(Math.abs(r.rigs[0].markers.Left_Leg[1])).toBeLessThan(1);
  });

  it('reports the held prop when the rig view carries one', () => {
    const frame = liveFrame();
    const holding = { ...frame, rigs: [{ ...frame.rigs[0], heldProp: 'box' } as RigView] };
    expect(frameRecord(holding, () => undefined).rigs[0].held_prop).toBe('box');
  });

  it('writes a zero velocity for a prop physics no longer has', () => {
    expect(frameRecord(liveFrame(), () => undefined).props[0].velocity).toEqual([0, 0]);
  });
});
