/**
 * Structural checks on an untrusted JSON value, run before migration and the schema: nesting
 * depth, container sizes and `__proto__` keys. The walk is iterative (an explicit stack), so a
 * value nested 100,000 levels deep is refused with its path instead of overflowing the stack,
 * and bounded, so it costs one pass over what the file holds.
 */
import { formatPath, type SceneIssue } from './errors';
import { SCENE_LIMITS as L } from './limits';

interface Frame {
  value: unknown;
  parent: Frame | null;
  key: string | number | null;
  depth: number;
}

function pathOf(frame: Frame): string {
  const keys: Array<string | number> = [];
  for (let f: Frame | null = frame; f && f.key !== null; f = f.parent) keys.push(f.key);
  return formatPath(keys.reverse());
}

/**
 * The first structural problem of `root`, or null. Depth counts containers: the scene object
 * itself is level 1. `__proto__` is refused as a key because JSON.parse makes it an own key
 * while ordinary assignment (`out[key] = v`, as validators and copies do) silently turns it into
 * the object's prototype: the entry would vanish, or worse.
 */
export function checkJsonStructure(root: unknown): SceneIssue | null {
  const stack: Frame[] = [{ value: root, parent: null, key: null, depth: 1 }];
  let visited = 0;
  while (stack.length > 0) {
    const frame = stack.pop()!;
    const { value } = frame;
    if (typeof value !== 'object' || value === null) continue;
    visited += 1;
    if (visited > L.maxValues) return { path: '$', message: `more than ${L.maxValues} values` };
    if (frame.depth > L.maxNestingDepth) {
      return { path: pathOf(frame), message: `nested more than ${L.maxNestingDepth} levels deep` };
    }
    const child = (v: unknown, key: string | number): Frame => ({ value: v, parent: frame, key, depth: frame.depth + 1 });
    if (Array.isArray(value)) {
      if (value.length > L.maxContainerEntries) {
        return { path: pathOf(frame), message: `a list of ${value.length} items; the limit is ${L.maxContainerEntries}` };
      }
      // Pushed in reverse so the walk (and the first issue found) follows document order.
      for (let i = value.length - 1; i >= 0; i -= 1) stack.push(child(value[i], i));
      continue;
    }
    const keys = Object.keys(value);
    if (keys.length > L.maxContainerEntries) {
      return { path: pathOf(frame), message: `an object with ${keys.length} keys; the limit is ${L.maxContainerEntries}` };
    }
    if (Object.hasOwn(value, '__proto__')) {
      return { path: pathOf(child(undefined, '__proto__')), message: '"__proto__" is not allowed as a key' };
    }
    const record = value as Record<string, unknown>;
    for (let i = keys.length - 1; i >= 0; i -= 1) stack.push(child(record[keys[i]], keys[i]));
  }
  return null;
}
