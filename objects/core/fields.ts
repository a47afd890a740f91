/**
 * Panel fields more than one kind has, defined once so they read and behave the same (and share
 * an id, which is what a multi-selection edits by). Core layer.
 */
import { SCENE_LIMITS } from '../../core/scene/limits';
import type { ColorField, KindPatch, NumberField, TextField } from './objectModel';

type Sized = { size?: readonly [number, number] };

/** Width and height of a `size`d object, on one row. */
export function sizeRow<O extends Sized>(testPrefix: string): readonly NumberField<O>[] {
  const size = (o: O) => o.size ?? [0, 0];
  const rule = { min: 1, max: SCENE_LIMITS.maxSize };
  return [
    { type: 'number', id: 'size.width', label: 'width', testId: `${testPrefix}-width`, rule, get: (o) => size(o)[0], set: (o, v) => ({ size: [v!, size(o)[1]] }) as unknown as KindPatch<O> },
    { type: 'number', id: 'size.height', label: 'height', testId: `${testPrefix}-height`, rule, get: (o) => size(o)[1], set: (o, v) => ({ size: [size(o)[0], v!] }) as unknown as KindPatch<O> },
  ];
}

/** The object's own colour; unset, it is drawn in `fallback`. */
export function colorField<O extends { color?: string }>(fallback: (o: O, doc: Parameters<ColorField<O>['fallback']>[1]) => string, testId?: string): ColorField<O> {
  return { type: 'color', id: 'color', label: 'colour', testId, fallback, get: (o) => o.color, set: (_o, v) => ({ color: v }) as unknown as KindPatch<O> };
}

/** A name rules and texts show instead of the id. */
export function nameField<O extends { id: string; name?: string }>(testId: string): TextField<O> {
  return { type: 'text', id: 'name', label: 'name', testId, placeholder: (o) => o.id, get: (o) => o.name, set: (_o, v) => ({ name: v }) as unknown as KindPatch<O> };
}
