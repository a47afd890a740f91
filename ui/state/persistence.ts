/**
 * What this browser remembers: the autosaved document (./autosave) and the view preferences
 * that survive a reload (the debug overlay, grid snapping, the Statecharts panel beside the timeline). The editor hands it out as `editor.prefs`.
 */
import { createSignal, type Accessor } from 'solid-js';
import type { StageController } from '../../streams';
import type { SceneDocument } from '../../core/scene/schema';
import { Autosave } from './autosave';
import { errorText, type NoticeBoard } from './notices';

/** The debug overlay toggle survives reloads. */
export const DEBUG_KEY = 'stickman-stage/debug-overlay';
/** So does grid snapping. */
export const SNAP_KEY = 'stickman-stage/grid-snap';
/** And whether the Statecharts panel sits beside the timeline (or the rules) instead of being a tab. */
export const BESIDE_KEY = 'stickman-stage/statecharts-beside';

function readFlag(storage: Storage | null, key: string): boolean {
  try {
    return storage?.getItem(key) === '1';
  } catch {
    return false; // storage is optional
  }
}

function writeFlag(storage: Storage | null, key: string, on: boolean): void {
  try {
    storage?.setItem(key, on ? '1' : '0');
  } catch {
    /* best effort */
  }
}

export class Persistence {
  /** Debug overlay (probe rays, proxies, TerrainMotion labels) on/off. */
  readonly debugOn: Accessor<boolean>;
  /** Grid snapping for placing, moving and resizing (Ctrl held while dragging bypasses it). */
  readonly snapOn: Accessor<boolean>;
  /** The bottom panel shows the Statecharts panel beside the timeline or the rules. */
  readonly statechartsBeside: Accessor<boolean>;
  private readonly setDebugSignal: (b: boolean) => void;
  private readonly setSnapSignal: (b: boolean) => void;
  private readonly setBesideSignal: (b: boolean) => void;
  private readonly autosave: Autosave;

  constructor(
    private readonly storage: Storage | null,
    private readonly controller: StageController,
    private readonly notices: NoticeBoard,
    current: () => SceneDocument,
    autosaveDelayMs?: number,
  ) {
    this.autosave = new Autosave(storage, current, (title, details) => notices.notify('warning', title, details), autosaveDelayMs);
    const debug = readFlag(storage, DEBUG_KEY);
    [this.debugOn, this.setDebugSignal] = createSignal(debug);
    if (debug) controller.setDebug(true);
    [this.snapOn, this.setSnapSignal] = createSignal(readFlag(storage, SNAP_KEY));
    [this.statechartsBeside, this.setBesideSignal] = createSignal(readFlag(storage, BESIDE_KEY));
  }

  /** When the document was last autosaved (a time of day), or null. */
  get lastSaved(): Accessor<string | null> {
    return this.autosave.lastSaved;
  }

  /** The document changed: autosave it shortly. */
  scheduleAutosave(): void {
    this.autosave.schedule();
  }

  /** Writes the pending autosave now (also called when the page is hidden). */
  flushAutosave(): void {
    this.autosave.flush();
  }

  /** Debug overlay on/off (remembered). */
  toggleDebug(on?: boolean): void {
    const next = on ?? !this.debugOn();
    this.setDebugSignal(next);
    try {
      this.controller.setDebug(next);
    } catch (e) {
      this.notices.notify('error', 'The debug overlay could not be switched', [errorText(e)]);
    }
    writeFlag(this.storage, DEBUG_KEY, next);
  }

  /** Grid snapping on/off (remembered). */
  toggleSnap(on?: boolean): void {
    const next = on ?? !this.snapOn();
    this.setSnapSignal(next);
    writeFlag(this.storage, SNAP_KEY, next);
  }

  /** The Statecharts panel beside the timeline / rules, or a tab of its own (remembered). */
  toggleStatechartsBeside(on?: boolean): void {
    const next = on ?? !this.statechartsBeside();
    this.setBesideSignal(next);
    writeFlag(this.storage, BESIDE_KEY, next);
  }
}
