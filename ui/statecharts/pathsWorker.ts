/**
 * Web Worker: "paths to a state" for the machines the catalog knows. The traversal of a machine
 * with a rich context (the action runner) takes a few hundred milliseconds once; here it never
 * holds up a frame of the stage.
 */
import { KNOWN_MACHINES, pathSpecFor } from './pathCatalog';
import { pathsToState, type PathsResult } from './shortestPaths';

export interface PathsRequest {
  id: number;
  machineId: string;
  statePath: string;
}

export interface PathsReply {
  id: number;
  result: PathsResult;
}

self.onmessage = (e: MessageEvent<PathsRequest>) => {
  const { id, machineId, statePath } = e.data;
  const machine = KNOWN_MACHINES[machineId];
  const result: PathsResult = machine
    ? pathsToState(machine, pathSpecFor(machine), statePath)
    : { target: statePath, paths: [], error: `the paths worker does not know the machine "${machineId}"` };
  self.postMessage({ id, result } satisfies PathsReply);
};
