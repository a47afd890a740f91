/**
 * fast-check arbitraries that turn a valid scene into a hostile one: values replaced at random
 * JSON paths (non-finite and huge numbers, negative sizes, empty strings, prototype names, deep
 * arrays …), keys removed or renamed, list items duplicated, ids renamed everywhere. The result
 * is JSON text, as files arrive; non-finite numbers are written as 1e999 / -1e999 (which
 * JSON.parse reads back as ±Infinity).
 */
import fc from 'fast-check';

type Json = unknown;
type Key = string | number;

const deepArray = (depth: number): Json => {
  let v: Json = [];
  for (let i = 0; i < depth; i += 1) v = [v];
  return v;
};

/**
 * Values a file could hold anywhere; each has broken something somewhere before. Mutations name
 * them by label so a failing case prints short (a 5000-deep array would overflow the reporter).
 */
const HOSTILE: ReadonlyArray<[label: string, value: () => Json]> = [
  ...['', ' ', 'NaN', 'Infinity', '-1', '1e999', '#zzzzzz', 'any', 'builtin:box', 'RIGHT', 'polygon', 'stairs', 'stickman', '1.0']
    .map((v): [string, () => Json] => [JSON.stringify(v), () => v]),
  ['"x" * 600', () => 'x'.repeat(600)],
  ...['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf'].map((v): [string, () => Json] => [JSON.stringify(v), () => v]),
  ...[0, -0, -1, 1, 0.5, 1e-300, 5e-324, -1e-300, 1e-7, 3601, 99_999, 100_001, 1e6, -1e6, 1e9, 2 ** 53 + 1, 1e308, -1e308, Infinity, -Infinity, NaN]
    .map((v): [string, () => Json] => [Object.is(v, -0) ? '-0' : String(v), () => v]),
  ...[true, false, null].map((v): [string, () => Json] => [String(v), () => v]),
  ...[[], {}, [0], [0, 0], [0, 0, 0], [1e6, 1e6], [-1e6, -1e6], [1e-300, 1e-300], [-5, -5], [100_000, 100_000],
    [[0, 0], [0, 0], [0, 0]], [[0, 0], [1, 0], [2, 0]], [[0, 0], [1e-6, 0], [0, 1e-6]]]
    .map((v): [string, () => Json] => [JSON.stringify(v), () => structuredClone(v)]),
  ['deep(30)', () => deepArray(30)],
  // Written into the text by toHostileText: too deep for JSON.stringify with a replacer.
  ['deep(100000)', () => '@@deep:100000@@'],
  ['{a: deep(25)}', () => ({ a: deepArray(25) })],
];
const hostileByLabel = new Map(HOSTILE);
export const HOSTILE_LABELS = HOSTILE.map(([label]) => label);

const PROTOTYPE_NAMES = ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf'];

/** Any JSON path of `root` (containers and leaves), in document order. */
export function jsonPaths(root: Json): Key[][] {
  const out: Key[][] = [];
  const walk = (v: Json, path: Key[]) => {
    out.push(path);
    if (Array.isArray(v)) v.forEach((c, i) => walk(c, [...path, i]));
    else if (v !== null && typeof v === 'object') for (const [k, c] of Object.entries(v)) walk(c, [...path, k]);
  };
  walk(root, []);
  return out;
}

/** Every string value of `root` that is an id (`id` and `stage_object_id` fields). */
export function idValues(root: Json): string[] {
  const ids = new Set<string>();
  const walk = (v: Json) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v !== null && typeof v === 'object') {
      for (const [k, c] of Object.entries(v)) {
        if (k === 'id' && typeof c === 'string') ids.add(c);
        walk(c);
      }
    }
  };
  walk(root);
  return [...ids];
}

export type Mutation =
  /** `value` is a plain value, or `{ hostile: label }` for one of HOSTILE. */
  | { kind: 'set'; path: Key[]; value: Json }
  | { kind: 'remove'; path: Key[] }
  | { kind: 'duplicate'; path: Key[] }
  | { kind: 'renameKey'; path: Key[]; key: string }
  | { kind: 'renameId'; id: string; to: string };

export function mutationArb(root: Json): fc.Arbitrary<Mutation> {
  const paths = jsonPaths(root).filter((p) => p.length > 0);
  const numberPaths = paths.filter((p) => typeof p.reduce<Json>((v, k) => (v as Record<Key, Json>)[k], root) === 'number');
  const ids = idValues(root);
  const path = fc.constantFrom(...paths);
  const value = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_LABELS).map((label) => ({ hostile: label })) },
    { weight: 1, arbitrary: fc.double() },
    { weight: 1, arbitrary: fc.integer() },
    { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
  );
  const hostileKey = fc.oneof(fc.constantFrom(...PROTOTYPE_NAMES, '', 'x'.repeat(100)), fc.string({ maxLength: 6 }));
  const hostileId = fc.oneof(fc.constantFrom(...PROTOTYPE_NAMES, 'any', '', 'a b'), fc.constantFrom(...ids));
  // Numbers the schema may well accept but physics and the solvers find hard: these reach PLAY.
  const edgeNumber = fc.oneof(
    fc.double({ min: -2e6, max: 2e6, noNaN: true }),
    fc.integer({ min: -10, max: 200 }),
    fc.constantFrom(0, -0, 5e-324, 1e-300, 1e-7, 1e-3, 0.5, 100, -100, 1000, -1000, 3600, 99_999, 100_000, 200_000, 1e6, -1e6),
  );
  return fc.oneof(
    { weight: 6, arbitrary: fc.record({ kind: fc.constant('set' as const), path: fc.constantFrom(...numberPaths), value: edgeNumber }) },
    { weight: 6, arbitrary: fc.record({ kind: fc.constant('set' as const), path, value }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('remove' as const), path }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('duplicate' as const), path }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('renameKey' as const), path, key: hostileKey }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('renameId' as const), id: fc.constantFrom(...ids), to: hostileId }) },
  );
}

/** Applies the mutations to a deep copy of `root`. Paths that no longer exist are skipped. */
export function applyMutations(root: Json, mutations: readonly Mutation[]): Json {
  let doc = structuredClone(root);
  for (const m of mutations) {
    if (m.kind === 'renameId') {
      doc = renameEverywhere(doc, m.id, m.to);
      continue;
    }
    const parent = m.path.slice(0, -1).reduce<Json>((v, k) => (v !== null && typeof v === 'object' ? (v as Record<Key, Json>)[k] : undefined), doc);
    const key = m.path[m.path.length - 1];
    if (parent === null || typeof parent !== 'object' || !Object.hasOwn(parent, key)) continue;
    const container = parent as Record<Key, Json>;
    if (m.kind === 'set') container[key] = materialize(m.value);
    else if (m.kind === 'remove') {
      if (Array.isArray(parent)) parent.splice(Number(key), 1);
      else delete container[key];
    } else if (m.kind === 'duplicate') {
      if (Array.isArray(parent)) parent.splice(Number(key) + 1, 0, structuredClone(parent[Number(key)]));
    } else if (!Array.isArray(parent)) {
      // Defined, not assigned: `container["__proto__"] = v` would set the prototype, not a key.
      const value = container[key];
      delete container[key];
      Object.defineProperty(container, m.key, { value, enumerable: true, writable: true, configurable: true });
    }
  }
  return doc;
}

function materialize(value: Json): Json {
  const label = value !== null && typeof value === 'object' && 'hostile' in value ? (value as { hostile: string }).hostile : undefined;
  return label === undefined ? value : hostileByLabel.get(label)!();
}

/** Every string equal to `id`, and every object key equal to it (queue owners), becomes `to`. */
function renameEverywhere(v: Json, id: string, to: string): Json {
  if (typeof v === 'string') return v === id ? to : v;
  if (Array.isArray(v)) return v.map((c) => renameEverywhere(c, id, to));
  if (v !== null && typeof v === 'object') {
    const out: Record<string, Json> = {};
    for (const [k, c] of Object.entries(v)) {
      Object.defineProperty(out, k === id ? to : k, { value: renameEverywhere(c, id, to), enumerable: true, writable: true, configurable: true });
    }
    return out;
  }
  return v;
}

/**
 * JSON text of `doc`, with non-finite numbers written as ±1e999 (NaN as null, as JSON.stringify
 * does) and the deep-array placeholders expanded.
 */
export function toHostileText(doc: Json): string {
  const text = JSON.stringify(doc, (_k, v) => {
    if (typeof v === 'number' && (v === Infinity || v === -Infinity)) return v > 0 ? '@@num:1e999@@' : '@@num:-1e999@@';
    return v;
  });
  return text
    .replace(/"@@num:(-?1e999)@@"/g, '$1')
    .replace(/"@@deep:(\d+)@@"/g, (_m, n: string) => '['.repeat(Number(n)) + ']'.repeat(Number(n)));
}
