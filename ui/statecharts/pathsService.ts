/**
 * Paths to a state, asked of the paths worker for the catalog's machines (the same definitions
 * the app runs) and computed here for any other machine. Answers are cached per state.
 */
import type { AnyStateMachine } from 'xstate';
import { KNOWN_MACHINES, pathSpecFor } from './pathCatalog';
import { pathsToState, type PathsResult } from './shortestPaths';
import type { PathsReply, PathsRequest } from './pathsWorker';

let worker: Worker | null | undefined;
let nextId = 0;
const pending = new Map<number, { machine: AnyStateMachine; statePath: string; resolve: (r: PathsResult) => void }>();
const cache = new Map<string, Promise<PathsResult>>();

function pathsWorker(): Worker | null {
  if (worker !== undefined) return worker;
  try {
    worker = new Worker(new URL('./pathsWorker.ts', import.meta.url), { type: 'module', name: 'statechart-paths' });
    worker.onmessage = (e: MessageEvent<PathsReply>) => {
      pending.get(e.data.id)?.resolve(e.data.result);
      pending.delete(e.data.id);
    };
    // A worker that cannot load: what it was asked is answered here, and later questions too.
    worker.onerror = () => {
      worker?.terminate();
      worker = null;
      for (const p of pending.values()) void onMainThread(p.machine, p.statePath).then(p.resolve);
      pending.clear();
    };
  } catch {
    worker = null;
  }
  return worker;
}

const onMainThread = (machine: AnyStateMachine, statePath: string) =>
  new Promise<PathsResult>((resolve) => setTimeout(() => resolve(pathsToState(machine, pathSpecFor(machine), statePath)), 0));

export function pathsFor(machine: AnyStateMachine, statePath: string): Promise<PathsResult> {
  const key = `${machine.id}\u0000${statePath}`;
  let answer = cache.get(key);
  if (answer) return answer;
  const w = KNOWN_MACHINES[machine.id] === machine ? pathsWorker() : null;
  answer = w
    ? new Promise<PathsResult>((resolve) => {
        const id = (nextId += 1);
        pending.set(id, { machine, statePath, resolve });
        w.postMessage({ id, machineId: machine.id, statePath } satisfies PathsRequest);
      })
    : onMainThread(machine, statePath);
  cache.set(key, answer);
  return answer;
}
