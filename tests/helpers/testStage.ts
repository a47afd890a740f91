/**
 * A fluent headless stage for scenario tests, in the style of tldraw's TestEditor:
 *
 *   await TestStage.init();                       // once per file (beforeAll): Rapier's WASM
 *   const s = TestStage.load(doc).play().step(60).expectRig('a', { terrain: 'GROUNDED' });
 *   s.walkTo('a', 900).step(120).expectEvent({ type: 'arrived', source: 'a' });
 *   s.events('arrived'); s.records('action'); s.rig('a').motion.root; s.dispose();
 *
 * It drives the real StageController and collects every trace record as it happens. Queries
 * return plain arrays; actions and expectations return the stage so they chain. Expectations
 * throw an Error that says what was expected, what was there instead and at which tick.
 */
import type { AnyActorRef, InspectionEvent } from 'xstate';
import type { StageEvent } from '../../core/events';
import type { SceneDocument, TerrainObject } from '../../core/scene/schema';
import { createTerrainIndex, type TerrainIndex } from '../../core/terrain/terrainIndex';
import type { FrameSnapshot, RigView } from '../../streams/frame/frame';
import { initPhysics } from '../../streams/physics/rapier';
import type { RigRuntime } from '../../streams/runtime/rigRuntime';
import type { StageRuntime } from '../../streams/runtime/stageRuntime';
import { StageController, type StageUiCommand } from '../../streams/stage/stageController';
import type { ActionRecord, TraceRecord } from '../../streams/trace/records';

type RecordType = TraceRecord['type'];
type RecordOf<T extends RecordType> = Extract<TraceRecord, { type: T }>;
/** A stage event with the tick of the step that dispatched it. */
export type TickedEvent = StageEvent & { tick: number };
/** A runtime command, typed as the runtime declares it. */
export type RuntimeCommandOf = Parameters<StageRuntime['enqueue']>[0];
/** A `physics.*` or `rig.*` machine event and the system id of the actor it was delivered to. */
export interface MachineEventRecord { actor: string; event: { type: string; [k: string]: unknown } }

export interface RigExpectation {
  terrain?: string;
  state?: string;
  facing?: 'LEFT' | 'RIGHT';
  /** The root within `tolerance` px (default 0.5) on each axis. */
  root?: [number, number];
  tolerance?: number;
  /** A subset of the live queue status (current item, done count, runner state). */
  queue?: Partial<NonNullable<RigView['queue']>>;
  speech?: RigView['speech'];
}

export type EventMatch = Partial<TickedEvent>;

const show = (v: unknown): string => JSON.stringify(v);

/** Does `actual` have every field of `expected` (deeply, arrays compared whole)? */
function matches(actual: unknown, expected: unknown): boolean {
  if (expected === actual) return true;
  if (Array.isArray(expected)) return Array.isArray(actual) && actual.length === expected.length && expected.every((x, i) => matches(actual[i], x));
  if (expected && typeof expected === 'object') {
    if (!actual || typeof actual !== 'object') return false;
    return Object.entries(expected).every(([k, v]) => matches((actual as Record<string, unknown>)[k], v));
  }
  return false;
}

export class TestStage {
  readonly controller: StageController;
  private readonly log: TraceRecord[] = [];
  private readonly delivered: MachineEventRecord[] = [];
  private readonly unsubscribe: () => void;
  private terrainIndex: TerrainIndex | null = null;

  /** Rapier's WASM, once per test file: call it from `beforeAll`. */
  static init(): Promise<void> {
    return initPhysics();
  }

  /** A stage in EDIT with `doc`; nothing runs until `play()`. */
  static load(doc: SceneDocument): TestStage {
    return new TestStage(doc);
  }

  private constructor(readonly doc: SceneDocument) {
    this.controller = new StageController(doc);
    const records = this.controller.records$.subscribe((r) => this.log.push(r));
    const inspection = this.controller.actor.system.inspect((ev: InspectionEvent) => {
      if (ev.type !== '@xstate.event') return;
      const type = (ev.event as { type: string }).type;
      // Only what the step pipeline reports to the machines: the payload checks need these.
      if (!type.startsWith('physics.') && !type.startsWith('rig.')) return;
      const target = ev.actorRef as unknown as { options?: { systemId?: string }; id: string };
      this.delivered.push({ actor: target.options?.systemId ?? target.id, event: ev.event as MachineEventRecord['event'] });
    });
    this.unsubscribe = () => {
      inspection.unsubscribe();
      records.unsubscribe();
    };
  }

  // ── actions (chainable) ──────────────────────────────────────────────────────────────────

  /** Enters PLAY: the runtime is built from the document and every rig starts its fall. */
  play(): this {
    return this.send({ type: 'ui.play' });
  }

  /** A stage-mode command (ui.play, ui.pause, ui.reset, ui.edit …), as the UI sends it. */
  send(command: StageUiCommand): this {
    this.controller.send(command);
    return this;
  }

  /** A runtime command (e.g. prop.setVelocity), applied at the start of the next step. */
  command(command: RuntimeCommandOf): this {
    this.runtime.enqueue(command);
    return this;
  }

  /** A direct walk request during PLAY, applied at the start of the next step. */
  walkTo(rigId: string, x: number, y?: number): this {
    this.controller.walkTo(rigId, x, y);
    return this;
  }

  /** Runs `count` steps; throws if the stage could not run them all (not in PLAY, or paused). */
  step(count = 1): this {
    const ran = this.controller.step(count);
    if (ran !== count) throw new Error(`step(${count}): only ${ran} step(s) ran at tick ${this.tick}; the stage is ${show(this.controller.mode)}`);
    return this;
  }

  /**
   * Steps until `done(stage)` holds (checked before each step) or `max` steps ran; `each` runs
   * after every step. Does not throw at `max`: `stepsTaken` says how many ran.
   */
  stepUntil(done: (stage: this) => boolean, max: number, each?: (i: number) => void): this {
    let i = 0;
    for (; i < max && !done(this); i += 1) {
      this.step(1);
      each?.(i);
    }
    this.stepsTaken = i;
    return this;
  }

  /** Steps run by the last `stepUntil`. */
  stepsTaken = 0;

  dispose(): void {
    this.unsubscribe();
    this.controller.dispose();
  }

  // ── queries ──────────────────────────────────────────────────────────────────────────────

  get tick(): number {
    return this.controller.tick;
  }

  /** The live PLAY runtime; throws outside PLAY. */
  get runtime(): StageRuntime {
    const runtime = this.controller.currentRuntime;
    if (!runtime) throw new Error(`no PLAY runtime (the stage is ${show(this.controller.mode)}); call play() first`);
    return runtime;
  }

  /** The live RigRuntime of a stickman; throws, listing the rigs there are, when it is not running. */
  rig(id: string): RigRuntime {
    const rig = this.runtime.rig(id);
    if (!rig) throw new Error(`no running rig "${id}"; running: ${this.runtime.rigs.map((r) => r.id).join(', ') || 'none'}`);
    return rig;
  }

  /** The ActionRunner child of a stickman's rig actor. */
  runner(id: string): AnyActorRef {
    const runner = this.controller.actor.system.get(`rig:${id}/actionRunner`) as AnyActorRef | undefined;
    if (!runner) throw new Error(`no action runner for "${id}"`);
    return runner;
  }

  /** The latest published frame snapshot. */
  frame(): FrameSnapshot {
    return this.controller.frame$.value;
  }

  /** One stickman's view in the latest frame. */
  rigView(id: string): RigView {
    const view = this.frame().rigs.find((r) => r.id === id);
    if (!view) throw new Error(`no stickman "${id}" in the frame; there are: ${this.frame().rigs.map((r) => r.id).join(', ')}`);
    return view;
  }

  /** The document's terrain as the locomotion core sees it (for surface heights). */
  get terrain(): TerrainIndex {
    this.terrainIndex ??= createTerrainIndex(this.doc.objects.filter((o): o is TerrainObject => o.kind === 'terrain'));
    return this.terrainIndex;
  }

  /** Trace records so far, all or of one type, in trace order. */
  records(): TraceRecord[];
  records<T extends RecordType>(type: T): Array<RecordOf<T>>;
  records(type?: RecordType): TraceRecord[] {
    return type ? this.log.filter((r) => r.type === type) : [...this.log];
  }

  /** Dispatched stage events with their tick, optionally of one type and/or from one source. */
  events(type?: StageEvent['type'], source?: string): TickedEvent[] {
    const out: TickedEvent[] = [];
    for (const r of this.log) {
      if (r.type !== 'event' || (type && r.event.type !== type) || (source && r.event.source !== source)) continue;
      out.push({ ...r.event, tick: r.tick });
    }
    return out;
  }

  /** `physics.*` / `rig.*` events delivered to machines, optionally to one actor (system id). */
  machineEvents(actor?: string, type?: string): MachineEventRecord[] {
    return this.delivered.filter((e) => (!actor || e.actor === actor) && (!type || e.event.type === type));
  }

  /** Action records, optionally of one stickman. */
  actions(rig?: string): ActionRecord[] {
    return this.records('action').filter((r) => !rig || r.rig === rig);
  }

  /** Action records of one queue item. */
  actionsOf(itemId: string): ActionRecord[] {
    return this.records('action').filter((r) => r.id === itemId);
  }

  /** The finish record of one queue item, if it finished. */
  finished(itemId: string): ActionRecord | undefined {
    return this.actionsOf(itemId).find((r) => r.phase === 'finished');
  }

  /** The tick one queue item started or finished; throws unless that happened exactly once. */
  tickOf(itemId: string, phase: 'started' | 'finished'): number {
    const found = this.actionsOf(itemId).filter((a) => a.phase === phase);
    if (found.length !== 1) throw new Error(`${itemId} ${phase}: expected once, found ${found.length} time(s) by tick ${this.tick}; actions: ${show(this.actionLog())}`);
    return found[0].tick;
  }

  /** "id phase[ outcome]" per action record, in trace order. */
  actionLog(rig?: string): string[] {
    return this.actions(rig).map((a) => `${a.id} ${a.phase}${a.outcome ? ` ${a.outcome}` : ''}`);
  }

  /** The same log read from the action_started / action_finished stage events. */
  eventLog(source?: string): string[] {
    return this.events(undefined, source).flatMap((e) => {
      if (e.type === 'action_started') return [`${e.action_id} started`];
      if (e.type === 'action_finished') return [`${e.action_id} finished ${e.outcome}`];
      return [];
    });
  }

  /** Rule records, optionally of one rule. */
  rules(ruleId?: string): Array<RecordOf<'rule'>> {
    return this.records('rule').filter((r) => !ruleId || r.rule === ruleId);
  }

  warnings(): Array<RecordOf<'warning'>> {
    return this.records('warning');
  }

  /** Transition records of one actor path (`stage`, `rig:<id>/terrainMotion` …). */
  transitions(actor: string): Array<RecordOf<'transition'>> {
    return this.records('transition').filter((r) => r.actor === actor);
  }

  /** How many stage events were dispatched in each tick that had any. */
  eventsPerTick(): Map<number, number> {
    const m = new Map<number, number>();
    for (const r of this.log) if (r.type === 'event') m.set(r.tick, (m.get(r.tick) ?? 0) + 1);
    return m;
  }

  // ── expectations (chainable; they throw with a description) ─────────────────────────────

  /** The stickman's live terrain phase, rig state, facing, root, queue status or speech. */
  expectRig(id: string, expected: RigExpectation): this {
    const rig = this.rig(id);
    const view = this.rigView(id);
    const actual = {
      terrain: rig.terrainPhase,
      state: view.state,
      facing: rig.motion.facing,
      root: [rig.motion.root[0], rig.motion.root[1]] as [number, number],
      queue: view.queue,
      speech: view.speech,
    };
    const wrong: string[] = [];
    const check = (key: keyof typeof actual, ok: boolean) => {
      if (!ok) wrong.push(`${key} is ${show(actual[key])}, expected ${show(expected[key as keyof RigExpectation])}`);
    };
    if (expected.terrain !== undefined) check('terrain', actual.terrain === expected.terrain);
    if (expected.state !== undefined) check('state', actual.state === expected.state);
    if (expected.facing !== undefined) check('facing', actual.facing === expected.facing);
    if (expected.root !== undefined) {
      const tol = expected.tolerance ?? 0.5;
      check('root', Math.abs(actual.root[0] - expected.root[0]) <= tol && Math.abs(actual.root[1] - expected.root[1]) <= tol);
    }
    if (expected.queue !== undefined) check('queue', matches(actual.queue, expected.queue));
    if (expected.speech !== undefined) check('speech', matches(actual.speech, expected.speech));
    if (wrong.length > 0) throw new Error(`expectRig("${id}") at tick ${this.tick}: ${wrong.join('; ')}`);
    return this;
  }

  /** Some dispatched stage event has every field of `match` (tick included, if given). */
  expectEvent(match: EventMatch): this {
    const seen = this.events(match.type);
    if (seen.some((e) => matches(e, match))) return this;
    const sample = seen.slice(-5).map(show).join('\n  ');
    throw new Error(
      `expectEvent ${show(match)} by tick ${this.tick}: no such event; ${seen.length} ${match.type ?? 'stage'} event(s)` +
        (seen.length ? `, the last ones:\n  ${sample}` : ''),
    );
  }

  /** No dispatched stage event has every field of `match`. */
  expectNoEvent(match: EventMatch): this {
    const hit = this.events(match.type).find((e) => matches(e, match));
    if (hit) throw new Error(`expectNoEvent ${show(match)}: found one at tick ${hit.tick}: ${show(hit)}`);
    return this;
  }
}
