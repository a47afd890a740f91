// ESLint flat config: typescript-eslint's recommended rules and the layer rule (tools/eslint/layers.mjs).
import Module from 'node:module';

// TypeScript 7 (what `npm run typecheck` runs) ships no JavaScript compiler API, which
// typescript-eslint's parser needs; it parses with TypeScript 5.9, installed as `typescript-5`.
// The redirect is for this process (ESLint) only.
const require = Module.createRequire(import.meta.url);
const ts5 = require.resolve('typescript-5');
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return resolveFilename.call(this, request === 'typescript' ? ts5 : request, ...rest);
};

const { default: tseslint } = await import('typescript-eslint');
const { layersPlugin } = await import('./tools/eslint/layers.mjs');

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'artifacts/**', 'coverage/**'] },
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.mjs'],
    extends: [tseslint.configs.recommended],
    plugins: { layers: layersPlugin },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      'layers/layers-point-down': 'error',
      // A leading underscore says "deliberately unused" (a destructured field left out, a callback's
      // argument kept for its position).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
);
