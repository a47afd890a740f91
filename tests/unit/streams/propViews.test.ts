/** A prop as a PLAY frame shows it: a view at its pose (streams/frame/frame `propViewAt`), read from packed poses (./packedProps). */
import { describe, expect, it } from 'vitest';
import { propViewAt, type FrameSnapshot, type PropView } from '../../../streams/frame/frame';
import { PackedProps, PropViewMaker, framePropPoseInto } from '../../../streams/frame/packedProps';

const base: PropView = { id: 'box-1', spawn_id: 'builtin:box', shape: { kind: 'box', size: [60, 60] }, position: [10, 20], rotation: 0.5, fill: '#fff', stroke: '#000' };

/** A frame with just these props, packed or as a plain list. */
function frameOf(props: PropView[], packed?: PackedProps): FrameSnapshot {
  const f = { tick: 0, time: 0, mode: 'PLAY', paused: false, stage: { width: 100, height: 100 }, terrain: [], areas: [], rigs: [], packedProps: packed } as Omit<FrameSnapshot, 'props'>;
  return packed ? Object.defineProperty(f, 'props', { get: () => packed.views(), enumerable: true }) as FrameSnapshot : { ...f, props };
}

describe('propViewAt', () => {
  it('is the base view at the new pose: its fields by reference, its own position', () => {
    const moved = propViewAt(base, 123.25, -4.5, 1.75);
    expect(moved.id).toBe('box-1');
    expect(moved.shape).toBe(base.shape);
    expect(moved.position).toEqual([123.25, -4.5]);
    expect(moved.position).toBe(moved.position);
    expect(moved.position).not.toBe(base.position);
    expect(moved.rotation).toBe(1.75);
    expect(moved.placeholder).toBeUndefined();
  });

  it('serializes exactly as the base view does, placeholder included only when the base has one', () => {
    const plain = { id: 'box-1', spawn_id: 'builtin:box', shape: base.shape, position: [123.25, -4.5], rotation: 1.75, fill: '#fff', stroke: '#000' };
    expect(JSON.stringify(propViewAt(base, 123.25, -4.5, 1.75))).toBe(JSON.stringify(plain));
    expect(Object.keys(propViewAt(base, 1, 2, 3))).toEqual(Object.keys(base));
    const missing = propViewAt({ ...base, placeholder: true }, 1, 2, 3);
    expect(JSON.stringify(missing)).toBe(JSON.stringify({ ...plain, position: [1, 2], rotation: 3, placeholder: true }));
  });
});

describe('framePropPoseInto', () => {
  it('gives the renderer a packed frame\'s pose without making its list, and a plain frame\'s from its view', () => {
    const out = [0, 0, 0];
    let made = 0;
    const maker = new PropViewMaker();
    const counting = { make: (p: PackedProps) => { made += 1; return maker.make(p); } } as unknown as PropViewMaker;
    const packed = new PackedProps([base], Float64Array.from([7, 8, 9]), counting);
    const frame = frameOf([], packed);
    framePropPoseInto(frame, 0, out);
    expect(out).toEqual([7, 8, 9]);
    expect(made).toBe(0);
    expect(frame.props[0].position).toEqual([7, 8]);
    expect(made).toBe(1);
    framePropPoseInto(frameOf([base]), 0, out);
    expect(out).toEqual([10, 20, 0.5]);
  });
});
