/**
 * What the Statecharts panel shares with the rest of the bottom panel, and what outlives the
 * panel being hidden: the breakpoints (and the stage controller's break check that pauses on
 * them), the timeline ↔ chart link, and requests to show a tab.
 *
 * - Timeline → chart: `showTransition(record)` selects the record's actor and highlights the
 *   edges that explain it.
 * - Chart → timeline: `edgeFilter` limits the timeline to the records of one edge of one actor.
 * - Breakpoint → timeline: `reveal` asks the timeline to scroll to the record that hit.
 */
import { createSignal, type Accessor } from 'solid-js';
import type { AnyStateMachine } from 'xstate';
import type { TraceRecord } from '../../streams';
import type { Editor } from '../state/editor';
import { machineForActorId, machineOf } from './actorCatalog';
import { BreakpointStore, findHits, type BreakHit } from './breakpoints';
import { eventLine } from '../../streams/take/takeObservation';
import { whenSummary } from '../state/actionText';
import { chartModel, type ChartModel } from './chartModel';
import { matchRecord } from './recordMatch';

export type TransitionRecord = Extract<TraceRecord, { type: 'transition' }>;
export type BottomTab = 'timeline' | 'rules' | 'statecharts';

export interface EdgeFilter {
  /** One actor, or null: every actor of the machine. */
  actor: string | null;
  machine: string;
  edgeId: string;
  /** How the timeline names it (`GROUNDED → AIRBORNE  physics.supportLost`). */
  label: string;
}

export interface Focus {
  actor: string;
  record: TransitionRecord;
  /** Counts requests, so showing the same record twice still reacts. */
  n: number;
}

const models = new WeakMap<AnyStateMachine, ChartModel>();

/** The chart model of a machine, built once. */
export function modelOfMachine(machine: AnyStateMachine): ChartModel {
  let model = models.get(machine);
  if (!model) {
    model = chartModel(machine);
    models.set(machine, model);
  }
  return model;
}

function browserStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export class StatechartSession {
  readonly breakpoints: BreakpointStore;
  /** Bumps whenever the breakpoints change (Solid readers track it). */
  readonly breakpointsVersion: Accessor<number>;
  readonly edgeFilter: Accessor<EdgeFilter | null>;
  readonly focus: Accessor<Focus | null>;
  readonly reveal: Accessor<{ record: TraceRecord; n: number } | null>;
  readonly lastHit: Accessor<BreakHit | null>;
  /** How many more breakpoints the step of the last hit hit. */
  readonly moreHits: Accessor<number>;
  private readonly setMoreHits: (n: number) => void;
  /** Set by the bottom panel: switches its tab. */
  showTab: (tab: BottomTab) => void = () => {};

  private readonly setEdgeFilterSignal: (f: EdgeFilter | null) => void;
  private readonly setFocus: (f: Focus | null) => void;
  private readonly setReveal: (r: { record: TraceRecord; n: number } | null) => void;
  private readonly setLastHit: (h: BreakHit | null) => void;
  private requests = 0;
  private filterCache = new WeakMap<TraceRecord, boolean>();
  private readonly disposers: Array<() => void> = [];

  constructor(private readonly editor: Editor, storage: Pick<Storage, 'getItem' | 'setItem'> | null = browserStorage()) {
    this.breakpoints = new BreakpointStore(storage);
    const [version, setVersion] = createSignal(0);
    this.breakpointsVersion = version;
    [this.edgeFilter, this.setEdgeFilterSignal] = createSignal<EdgeFilter | null>(null);
    [this.focus, this.setFocus] = createSignal<Focus | null>(null);
    [this.reveal, this.setReveal] = createSignal<{ record: TraceRecord; n: number } | null>(null);
    [this.lastHit, this.setLastHit] = createSignal<BreakHit | null>(null);
    [this.moreHits, this.setMoreHits] = createSignal(0);
    this.disposers.push(
      this.breakpoints.subscribe(() => {
        setVersion((v) => v + 1);
        this.installBreakCheck();
        // The card of a breakpoint just removed goes with it.
        const hit = this.lastHit();
        if (hit && !this.breakpoints.get(hit.breakpoint.machine, hit.breakpoint.kind, hit.breakpoint.key)) this.dismissHit();
      }),
    );
    this.installBreakCheck();
    // The card describes one paused moment: resuming, a step, a seek, RESET or a
    // mode change ends it.
    const frames = editor.controller.frame$.subscribe((f) => {
      const hit = this.lastHit();
      if (hit && (f.tick !== hit.record.tick || f.mode !== 'PLAY' || !f.paused)) this.dismissHit();
    });
    this.disposers.push(() => frames.unsubscribe());
  }

  /** The chart model of an actor's machine (live logic first, the catalog otherwise). */
  modelOfActor(actor: string): ChartModel | null {
    // The catalog's definitions first: the live stage runs a `.provide()`d copy of its machine.
    const machine = machineForActorId(actor) ?? machineOf(actor, this.editor.controller.actor.system.get(actor));
    return machine ? modelOfMachine(machine) : null;
  }

  /** Highlights a record's transition on its actor's chart; `switchTab: false` leaves the tab shown as it is. */
  showTransition(record: TransitionRecord, options: { switchTab?: boolean } = {}): void {
    this.setFocus({ actor: record.actor, record, n: (this.requests += 1) });
    if (options.switchTab !== false) this.showTab('statecharts');
  }

  filterTimeline(filter: EdgeFilter | null): void {
    this.filterCache = new WeakMap();
    this.setEdgeFilterSignal(filter);
    if (filter) this.showTab('timeline');
  }

  /** Does a record pass the timeline's edge filter? (Cached per record: the list refilters often.) */
  passesEdgeFilter(record: TraceRecord): boolean {
    const filter = this.edgeFilter();
    if (!filter) return true;
    if (record.type !== 'transition' || (filter.actor !== null && record.actor !== filter.actor)) return false;
    let pass = this.filterCache.get(record);
    if (pass === undefined) {
      const model = this.modelOfActor(record.actor);
      pass = !!model && model.machineId === filter.machine && matchRecord(model, record).edges.some((e) => e.id === filter.edgeId);
      this.filterCache.set(record, pass);
    }
    return pass;
  }

  revealRecord(record: TraceRecord): void {
    this.setReveal({ record, n: (this.requests += 1) });
  }

  dismissHit(): void {
    this.setLastHit(null);
  }

  /** What a hit was, in a line: `rig:ada/terrainMotion entered AIRBORNE`, or the event and the When it matched. */
  describeHit(hit: BreakHit): string {
    const { record, breakpoint } = hit;
    if (record.type === 'event') return `${eventLine(record.tick, record.event).replace(/^#\d+ /, '')} (${breakpoint.when ? whenSummary(breakpoint.when, this.editor.doc()) : 'a stage event'})`;
    const model = this.modelOfActor(record.actor);
    const edge = breakpoint.kind === 'edge' ? model?.byEdgeId.get(breakpoint.key) : undefined;
    return `${record.actor} ${breakpoint.kind === 'state' ? `entered ${breakpoint.key}` : `took ${edge?.label ?? breakpoint.key}`}`;
  }

  dispose(): void {
    for (const d of this.disposers.splice(0)) d();
    this.editor.controller.setBreakCheck(null);
  }

  /** The controller checks each step's records only while there is a breakpoint to hit. */
  private installBreakCheck(): void {
    const controller = this.editor.controller;
    if (this.breakpoints.list().length === 0) {
      controller.setBreakCheck(null);
      return;
    }
    controller.setBreakCheck((records) => {
      const hits = findHits(this.breakpoints.list(), records, (actor) => this.modelOfActor(actor));
      if (hits.length === 0) return false;
      // The stage pauses when this returns; the UI hears about it right after.
      queueMicrotask(() => this.announce(hits));
      return true;
    });
  }

  /** The card (BreakpointCard) says what was hit; the chart shows it and the timeline scrolls to its record. */
  private announce(hits: BreakHit[]): void {
    this.setMoreHits(hits.length - 1);
    this.setLastHit(hits[0]);
    this.revealRecord(hits[0].record);
  }
}
