/**
 * Chart layouts in the browser: computed once per machine and cached, by ELK running in its own
 * Web Worker (the script ships with elkjs and is served by the app itself, so it works offline).
 * Where a worker cannot start, the bundled ELK runs on the main thread instead, still async.
 */
import ELK from 'elkjs/lib/elk-api.js';
import elkWorkerUrl from 'elkjs/lib/elk-worker.min.js?url';
import type { ChartModel } from './chartModel';
import { layoutChart, type ChartLayout, type LayoutEngine } from './chartLayout';

let workerEngine: LayoutEngine | null = null;
let mainThreadEngine: Promise<LayoutEngine> | null = null;
const cache = new Map<string, Promise<ChartLayout>>();

function workerElk(): LayoutEngine {
  workerEngine ??= new ELK({ workerFactory: () => new Worker(elkWorkerUrl, { name: 'elk-layout' }) });
  return workerEngine;
}

function mainThreadElk(): Promise<LayoutEngine> {
  mainThreadEngine ??= import('elkjs/lib/elk.bundled.js').then((m) => new m.default());
  return mainThreadEngine;
}

async function compute(model: ChartModel): Promise<ChartLayout> {
  try {
    return await layoutChart(model, workerElk());
  } catch {
    return layoutChart(model, await mainThreadElk());
  }
}

/** The layout of a machine's chart; the first call computes it, later ones share the result. */
export function chartLayoutOf(model: ChartModel): Promise<ChartLayout> {
  let layout = cache.get(model.machineId);
  if (!layout) {
    layout = compute(model);
    // A failed layout is not cached: the next request tries again.
    layout.catch(() => cache.delete(model.machineId));
    cache.set(model.machineId, layout);
  }
  return layout;
}
