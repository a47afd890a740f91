/**
 * Structural checks on untrusted JSON, run before migration and the schema: nesting depth,
 * container sizes and `__proto__` keys. Both checks are iterative (no recursion), so a value
 * nested 100,000 levels deep is refused with its path instead of overflowing the stack, and
 * each costs one pass over what the file holds.
 */
import { formatPath, type SceneIssue } from './errors';
import { SCENE_LIMITS as L } from './limits';

/**
 * The first structural problem of `root`, or null. Depth counts containers: the scene object
 * itself is level 1. `__proto__` is refused as a key because JSON.parse makes it an own key
 * while ordinary assignment (`out[key] = v`, as validators and copies do) silently turns it into
 * the object's prototype: the entry would vanish, or worse.
 */
export function checkJsonStructure(root: unknown): SceneIssue | null {
  if (typeof root !== 'object' || root === null) return null;
  // Every container seen is a node: its value, parent node, key in the parent and depth. Plain
  // arrays rather than objects per node: a 4 MB file holds a few hundred thousand containers.
  const values: object[] = [root];
  const parents: number[] = [-1];
  const keys: Array<string | number> = [''];
  const depths: number[] = [1];
  const stack: number[] = [0];
  const pathOf = (node: number): string => {
    const path: Array<string | number> = [];
    for (let n = node; n > 0; n = parents[n]) path.push(keys[n]);
    return formatPath(path.reverse());
  };
  const push = (value: object, parent: number, key: string | number) => {
    if (values.length >= L.maxValues) return false;
    stack.push(values.length);
    values.push(value);
    parents.push(parent);
    keys.push(key);
    depths.push(depths[parent] + 1);
    return true;
  };
  while (stack.length > 0) {
    const node = stack.pop()!;
    const value = values[node];
    if (depths[node] > L.maxNestingDepth) return { path: pathOf(node), message: `nested more than ${L.maxNestingDepth} levels deep` };
    // Only containers are pushed (most values are numbers), in reverse so the walk, and the
    // first issue found, follow document order.
    if (Array.isArray(value)) {
      if (value.length > L.maxContainerEntries) {
        return { path: pathOf(node), message: `a list of ${value.length} items; the limit is ${L.maxContainerEntries}` };
      }
      for (let i = value.length - 1; i >= 0; i -= 1) {
        const v: unknown = value[i];
        if (typeof v === 'object' && v !== null && !push(v, node, i)) return tooManyValues();
      }
      continue;
    }
    const names = Object.keys(value);
    if (names.length > L.maxContainerEntries) {
      return { path: pathOf(node), message: `an object with ${names.length} keys; the limit is ${L.maxContainerEntries}` };
    }
    if (Object.hasOwn(value, '__proto__')) {
      return { path: `${pathOf(node)}.__proto__`, message: '"__proto__" is not allowed as a key' };
    }
    const record = value as Record<string, unknown>;
    for (let i = names.length - 1; i >= 0; i -= 1) {
      const v = record[names[i]];
      if (typeof v === 'object' && v !== null && !push(v, node, names[i])) return tooManyValues();
    }
  }
  return null;
}

/** Only a JS value with shared sub-objects (or a cycle) gets here: files are bounded by their size. */
const tooManyValues = (): SceneIssue => ({ path: '$', message: `more than ${L.maxValues} nested lists and objects` });

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const COMMA = 0x2c;
const COLON = 0x3a;

/**
 * The first place where JSON text nests deeper than the limit, found by scanning the text before
 * parsing it: JSON.parse would otherwise build a 2,000,000-deep value first (most of a second),
 * and engines are not required to parse deep input without recursion. Only brackets, strings,
 * commas and colons are looked at; malformed text is left to JSON.parse to report.
 */
export function checkJsonTextDepth(text: string): SceneIssue | null {
  return nestsTooDeep(text) ? firstTooDeep(text) : null;
}

/**
 * Whether the text nests deeper than the limit: brackets counted outside strings, each string
 * skipped with a native search for its closing quote. A tight first pass, so a file that nests
 * within the limit (every file the app writes) costs one fast scan; the path of the offending
 * value is worked out only for a file that is refused.
 */
function nestsTooDeep(text: string): boolean {
  let depth = 0;
  const n = text.length;
  for (let i = 0; i < n; i += 1) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      let j = text.indexOf('"', i + 1);
      // A quote preceded by an odd number of backslashes is escaped: look further.
      while (j > 0 && isEscaped(text, j)) j = text.indexOf('"', j + 1);
      if (j < 0) return false; // unterminated string: JSON.parse reports it
      i = j;
    } else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      depth += 1;
      if (depth > L.maxNestingDepth) return true;
    } else if ((c === CLOSE_ARRAY || c === CLOSE_OBJECT) && depth > 0) depth -= 1;
  }
  return false;
}

function isEscaped(text: string, quote: number): boolean {
  let backslashes = 0;
  for (let k = quote - 1; k >= 0 && text.charCodeAt(k) === BACKSLASH; k -= 1) backslashes += 1;
  return backslashes % 2 === 1;
}

/** The path of the first value nesting deeper than the limit (the text is known to have one). */
function firstTooDeep(text: string): SceneIssue | null {
  // One entry per open container: its kind, and where its current child is (index or key span).
  const isObject: boolean[] = [];
  const index: number[] = [];
  const keyStart: number[] = [];
  const keyEnd: number[] = [];
  let expectKey = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      let j = i + 1;
      while (j < text.length) {
        const d = text.charCodeAt(j);
        if (d === BACKSLASH) j += 2;
        else if (d === QUOTE) break;
        else j += 1;
      }
      if (expectKey) {
        keyStart[isObject.length - 1] = i;
        keyEnd[isObject.length - 1] = j + 1;
      }
      i = j;
    } else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (isObject.length + 1 > L.maxNestingDepth) {
        return { path: textPath(text, isObject, index, keyStart, keyEnd), message: `nested more than ${L.maxNestingDepth} levels deep` };
      }
      isObject.push(c === OPEN_OBJECT);
      index.push(0);
      expectKey = c === OPEN_OBJECT;
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) {
      isObject.pop();
      index.pop();
      expectKey = false;
    } else if (c === COMMA && isObject.length > 0) {
      if (isObject[isObject.length - 1]) expectKey = true;
      else index[index.length - 1] += 1;
    } else if (c === COLON) {
      expectKey = false;
    }
  }
  return null;
}

function textPath(text: string, isObject: boolean[], index: number[], keyStart: number[], keyEnd: number[]): string {
  const keys = isObject.map((obj, level): string | number => {
    if (!obj) return index[level];
    const raw = text.slice(keyStart[level], keyEnd[level]);
    try {
      return JSON.parse(raw) as string;
    } catch {
      return raw;
    }
  });
  return formatPath(keys);
}
