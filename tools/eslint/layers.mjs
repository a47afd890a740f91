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

function layerOfFile(file) {
  const rel = relative(ROOT, file).split(sep);
  return rel.length > 1 && rel[0] in MAY_IMPORT ? { layer: rel[0], rel } : null;
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
        const check = (node, spec) => {
          if (typeof spec !== 'string') return;
          if (spec.startsWith('.')) {
            const target = layerOfFile(resolve(dirname(context.filename), spec));
            if (target && !MAY_IMPORT[here.layer].includes(target.layer)) {
              context.report({ node, message: `${here.layer}/ may not import from ${target.layer}/ ('${spec}'): layers point down only (ui, render → streams → machines → core)` });
            }
            return;
          }
          const pkg = packageName(spec);
          if (pkg === RAPIER && !(here.layer === 'streams' && here.rel[1] === 'physics')) {
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
