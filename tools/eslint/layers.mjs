/**
 * The layer rule (DESIGN.md §2): dependencies point down only — ui, render → streams → machines →
 * core — and Rapier is imported in streams/physics alone. A file's layer is its top folder; an
 * import's layer is the top folder it resolves to (relative specifiers) or the package it names.
 */
import { dirname, relative, resolve, sep } from 'node:path';

const ROOT = resolve(dirname(new URL(import.meta.url).pathname), '../..');

/** What each layer may import from the project's own folders. */
const MAY_IMPORT = {
  core: ['core'],
  machines: ['machines', 'core'],
  streams: ['streams', 'machines', 'core'],
  render: ['render', 'streams', 'machines', 'core'],
  ui: ['ui', 'render', 'streams', 'machines', 'core'],
};

/** Packages a layer may not import, and why. */
const BANNED_PACKAGES = {
  core: { xstate: 'core/ is pure', rxjs: 'core/ is pure', three: 'core/ is pure', 'solid-js': 'core/ is pure' },
  machines: { rxjs: 'machines decide, streams carry time', three: 'machines never draw', 'solid-js': 'machines never draw' },
  streams: { three: 'streams never draw', 'solid-js': 'streams never draw' },
  render: { 'solid-js': 'render/ draws frames; ui/ owns components' },
  ui: {},
};

const RAPIER = '@dimforge/rapier2d-compat';

/**
 * objects/ holds one folder per object kind with one file per layer (docs/design-notes.md, "Object
 * kinds"), and each layer's shared object-kind code in a folder named after the layer:
 * objects/<layer>/** and objects/<kind>/model.ts, shapes/** (core), physics.ts, view.ts (streams;
 * physics.ts is where a kind builds its colliders, so it counts as streams/physics), draw.ts
 * (render), panel.tsx (ui). Any other file under objects/ is an error: its layer would be unknown.
 */
const OBJECT_FILE_LAYERS = { 'model.ts': 'core', 'physics.ts': 'streams', 'view.ts': 'streams', 'draw.ts': 'render', 'panel.tsx': 'ui' };

function objectsLayer(rel) {
  if (rel[1] in MAY_IMPORT) return { layer: rel[1], rel, physics: rel[1] === 'streams' && rel[2] === 'physics' };
  if (rel[2] === 'shapes') return { layer: 'core', rel };
  const layer = rel.length === 3 ? OBJECT_FILE_LAYERS[rel[2]] : undefined;
  return layer ? { layer, rel, physics: rel[2] === 'physics.ts' } : { layer: null, rel };
}

function layerOfFile(file) {
  const rel = relative(ROOT, file).split(sep);
  if (rel[0] === 'objects' && rel.length > 2) return objectsLayer(rel);
  return rel.length > 1 && rel[0] in MAY_IMPORT ? { layer: rel[0], rel, physics: rel[0] === 'streams' && rel[1] === 'physics' } : null;
}

/** A relative import's target: under objects/, a specifier without its extension resolves to the .ts/.tsx file. */
function layerOfImport(path) {
  const rel = relative(ROOT, path).split(sep);
  if (rel[0] === 'objects' && rel.length > 2 && !(rel[1] in MAY_IMPORT) && rel[2] !== 'shapes' && rel.length === 3) {
    const name = rel[2];
    const file = OBJECT_FILE_LAYERS[name] ? name : OBJECT_FILE_LAYERS[`${name}.ts`] ? `${name}.ts` : `${name}.tsx`;
    return objectsLayer([rel[0], rel[1], file]);
  }
  return layerOfFile(path);
}

function packageName(spec) {
  const parts = spec.split('/');
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

export const layersPlugin = {
  rules: {
    'layers-point-down': {
      meta: {
        type: 'problem',
        docs: { description: 'ui, render → streams → machines → core; Rapier only in streams/physics' },
        schema: [],
      },
      create(context) {
        const here = layerOfFile(context.filename);
        if (!here) return {};
        if (here.layer === null) {
          return {
            Program: (node) => context.report({ node, message: `${here.rel.join('/')}: a file under objects/ is objects/<layer>/… or objects/<kind>/{model.ts, shapes/…, physics.ts, view.ts, draw.ts, panel.tsx}, so its layer is known` }),
          };
        }
        const check = (node, spec) => {
          if (typeof spec !== 'string') return;
          if (spec.startsWith('.')) {
            const target = layerOfImport(resolve(dirname(context.filename), spec));
            if (target && target.layer && !MAY_IMPORT[here.layer].includes(target.layer)) {
              context.report({ node, message: `${here.layer}/ may not import from ${target.layer}/ ('${spec}'): layers point down only (ui, render → streams → machines → core)` });
            }
            return;
          }
          const pkg = packageName(spec);
          if (pkg === RAPIER && !here.physics) {
            context.report({ node, message: `Rapier is imported in streams/physics only ('${spec}' in ${here.rel.join('/')})` });
            return;
          }
          const why = BANNED_PACKAGES[here.layer][pkg];
          if (why) context.report({ node, message: `${here.layer}/ may not import '${pkg}': ${why}` });
        };
        return {
          ImportDeclaration: (node) => check(node, node.source.value),
          ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
          ExportAllDeclaration: (node) => check(node, node.source.value),
          ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
        };
      },
    },
  },
};
