/**
 * What the browser benchmarks share: the app served (the production bundle by default, the dev
 * server with `--dev`) and Debian's Chromium launched on it (../../helpers/appServer).
 */
import { buildApp, removeBuild, serveBuild, serveDev, type ServedApp } from '../../helpers/appServer';

export { launchChromium, type ServedApp } from '../../helpers/appServer';

/** Serves the app (`dev`: the Vite dev server; else a fresh production build under vite preview). */
export async function serveApp(dev: boolean, log: (message: string) => void): Promise<ServedApp> {
  if (dev) return serveDev();
  const outDir = await buildApp('stickman-bench-');
  log(`built into ${outDir}`);
  const server = await serveBuild(outDir);
  return {
    url: server.url,
    close: async () => {
      await server.close();
      removeBuild(outDir);
    },
  };
}
