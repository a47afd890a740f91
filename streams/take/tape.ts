/**
 * The tape of a take: the commands and stage controls of one PLAY run, each at the tick it took
 * effect, and how far the run got. It keeps no frames: a run is its scene plus this tape, replayed.
 *
 * Commands are held as their JSON text (the exact bytes a take file and the trace write, in the
 * key order they were recorded with), parsed back only when a replay feeds them to the stage.
 * Text is also the most compact thing V8 keeps: one byte per character.
 */
import type { TakeControl, TakeControlEvent, TakeDocument } from '../../core/take/schema';
import type { RuntimeCommand } from '../runtime/commands';

/** What a cut took off the end of a tape, to put it back (undoing a branch). */
export interface TapeTail {
  /** The tick the tape was cut at (everything after it was removed). */
  at: number;
  length: number;
  ticks: number[];
  lines: string[];
  controls: TakeControl[];
  /** How many commands and controls the tape kept at the cut (a control may follow at that very tick). */
  keptCommands: number;
  keptControls: number;
}

/**
 * Bytes V8 spends per kept command besides its text: string header, array slots and their growth
 * slack, the tick (measured on Node 20: tests/unit/take/budget.test.ts keeps this honest).
 */
const PER_COMMAND_OVERHEAD = 100;

export class TakeTape {
  private ticks: number[] = [];
  private lines: string[] = [];
  private textBytes = 0;
  private controlList: TakeControl[] = [];
  private len = 0;

  static fromDocument(take: Pick<TakeDocument, 'commands' | 'controls' | 'length'>): TakeTape {
    const tape = new TakeTape();
    for (const c of take.commands) tape.appendCommand(c.tick, c.command as RuntimeCommand);
    for (const c of take.controls) tape.appendControl(c.tick, c.event);
    tape.extendTo(take.length);
    return tape;
  }

  /** The last tick the run reached. */
  get length(): number {
    return this.len;
  }

  get commandCount(): number {
    return this.lines.length;
  }

  get controls(): readonly TakeControl[] {
    return this.controlList;
  }

  /** What this tape costs in memory, by the accounting above (tests hold it to the budget). */
  get memoryBytes(): number {
    return this.textBytes + this.lines.length * PER_COMMAND_OVERHEAD + this.controlList.length * 48;
  }

  appendCommand(tick: number, command: RuntimeCommand): void {
    this.checkOrder(tick, this.ticks[this.ticks.length - 1]);
    const line = JSON.stringify(command);
    this.ticks.push(tick);
    this.lines.push(line);
    this.textBytes += line.length;
    this.extendTo(tick);
  }

  appendControl(tick: number, event: TakeControlEvent): void {
    this.checkOrder(tick, this.controlList[this.controlList.length - 1]?.tick);
    this.controlList.push({ tick, event });
    this.extendTo(tick);
  }

  extendTo(tick: number): void {
    if (tick > this.len) this.len = tick;
  }

  /** The commands that took effect at `tick`, in order, as fresh objects (the runtime may keep them). */
  commandsAt(tick: number): RuntimeCommand[] {
    const out: RuntimeCommand[] = [];
    for (let i = this.firstIndexAt(tick); i < this.ticks.length && this.ticks[i] === tick; i += 1) out.push(JSON.parse(this.lines[i]) as RuntimeCommand);
    return out;
  }

  /** The stage controls that happened after step `tick` (0: before the first step). */
  controlsAt(tick: number): TakeControlEvent[] {
    return this.controlList.filter((c) => c.tick === tick).map((c) => c.event);
  }

  /** Ticks that have commands, ascending without repeats (for a transport's markers). */
  commandTicks(): number[] {
    const out: number[] = [];
    for (const t of this.ticks) if (out[out.length - 1] !== t) out.push(t);
    return out;
  }

  /** Removes everything after `tick` and ends the tape there; returns what was removed. */
  cutAfter(tick: number): TapeTail {
    const from = this.firstIndexAt(tick + 1);
    const controlsFrom = this.controlList.findIndex((c) => c.tick > tick);
    const tail: TapeTail = {
      at: tick,
      length: this.len,
      ticks: this.ticks.splice(from),
      lines: this.lines.splice(from),
      controls: controlsFrom < 0 ? [] : this.controlList.splice(controlsFrom),
      keptCommands: from,
      keptControls: 0,
    };
    tail.keptControls = this.controlList.length;
    for (const l of tail.lines) this.textBytes -= l.length;
    this.len = Math.min(this.len, tick);
    return tail;
  }

  /** Puts a cut tail back, in place of whatever was recorded since the cut. */
  restore(tail: TapeTail): void {
    for (const l of this.lines.splice(tail.keptCommands)) this.textBytes -= l.length;
    this.ticks.length = tail.keptCommands;
    this.controlList.length = tail.keptControls;
    this.len = tail.at;
    this.ticks.push(...tail.ticks);
    this.lines.push(...tail.lines);
    for (const l of tail.lines) this.textBytes += l.length;
    this.controlList.push(...tail.controls);
    this.len = Math.max(this.len, tail.length);
  }

  /** The take document of this tape (commands parsed back in their recorded key order). */
  toDocument(header: Pick<TakeDocument, 'scene' | 'started_by' | 'metadata'>): TakeDocument {
    return {
      format: 'stickman-stage/take',
      version: '1.0',
      metadata: { ...header.metadata },
      started_by: header.started_by,
      length: this.len,
      scene: header.scene,
      controls: this.controlList.map((c) => ({ ...c })),
      commands: this.lines.map((l, i) => ({ tick: this.ticks[i], command: JSON.parse(l) })),
    };
  }

  private checkOrder(tick: number, last: number | undefined): void {
    if (!Number.isInteger(tick) || tick < 0) throw new RangeError(`a take entry needs a whole tick, got ${tick}`);
    if (last !== undefined && tick < last) throw new RangeError(`take entries must come in tick order: ${tick} after ${last}`);
  }

  /** The first command index whose tick is ≥ `tick` (binary search). */
  private firstIndexAt(tick: number): number {
    let lo = 0;
    let hi = this.ticks.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.ticks[mid] < tick) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
