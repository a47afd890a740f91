import { defineConfig } from 'vite';
import solid from 'vite-plugin-solid';

export default defineConfig({
  plugins: [solid()],
  server: { port: 5173, strictPort: false },
  // Pre-bundled at start, not discovered mid-session: a dependency found late makes the dev server
  // re-optimise and a dynamic import in flight fails (seen with the Stately inspector in e2e).
  optimizeDeps: {
    include: ['@statelyai/inspect', 'elkjs/lib/elk-api.js', 'mediabunny', 'gifenc', 'three', 'solid-js', 'xstate', 'rxjs', 'zod'],
  },
  build: { target: 'es2022', chunkSizeWarningLimit: 4000 },
});
