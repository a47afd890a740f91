/** A prop that moved, as a PLAY frame shows it (streams/frame/frame `MovedPropView`). */
import { describe, expect, it } from 'vitest';
import { MovedPropView, propPoseInto, type PropView } from '../../../streams/frame/frame';

const base: PropView = { id: 'box-1', spawn_id: 'builtin:box', shape: { kind: 'box', size: [60, 60] }, position: [10, 20], rotation: 0.5, fill: '#fff', stroke: '#000' };

describe('MovedPropView', () => {
  it('is the base view at the new pose: its fields by reference, the position made once when read', () => {
    const moved = new MovedPropView(base, 123.25, -4.5, 1.75);
    expect(moved.id).toBe('box-1');
    expect(moved.shape).toBe(base.shape);
    expect(moved.position).toEqual([123.25, -4.5]);
    expect(moved.position).toBe(moved.position);
    expect(moved.rotation).toBe(1.75);
    expect(moved.placeholder).toBeUndefined();
  });

  it('serializes exactly as the plain view did, placeholder included only when the base has one', () => {
    const plain = { id: 'box-1', spawn_id: 'builtin:box', shape: base.shape, position: [123.25, -4.5], rotation: 1.75, fill: '#fff', stroke: '#000' };
    expect(JSON.stringify(new MovedPropView(base, 123.25, -4.5, 1.75))).toBe(JSON.stringify(plain));
    const missing = new MovedPropView({ ...base, placeholder: true }, 1, 2, 3);
    expect(JSON.stringify(missing)).toBe(JSON.stringify({ ...plain, position: [1, 2], rotation: 3, placeholder: true }));
  });

  it('gives the renderer its pose without making the position array, and a plain view its own', () => {
    const out = [0, 0, 0];
    const moved = new MovedPropView(base, 7, 8, 9);
    propPoseInto(moved, out);
    expect(out).toEqual([7, 8, 9]);
    expect((moved as unknown as { made: unknown }).made).toBeNull();
    propPoseInto(base, out);
    expect(out).toEqual([10, 20, 0.5]);
  });
});
