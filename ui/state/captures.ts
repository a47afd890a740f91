/**
 * Stage picks: a panel asks for a point (walk and throw targets) or an object of some kinds
 * (rule sources and targets, actors, props) and the next click on the stage answers it. Esc, a
 * mode change or starting another pick cancels the pending one.
 */
import { batch, createSignal, type Accessor } from 'solid-js';
import type { ObjectKind } from '../../core/scene/schema';
import type { ThrowContext } from './throwFocus';

type Vec2 = [number, number];

export type Capture =
  /** `surface`: the point is a walk target, snapped onto the walkable surface under the click (ui/state/walkTarget). */
  /** `throw`: the point is a throw target; the stage previews that throw at the pointer (ui/state/throwGuide). */
  | { kind: 'point'; prompt: string; pick: (p: Vec2) => void; onCancel?: () => void; surface?: boolean; throw?: ThrowContext }
  | { kind: 'object'; prompt: string; kinds: readonly ObjectKind[]; pick: (id: string) => void; onCancel?: () => void }
  /** A rectangle dragged on the stage (a camera's framing), [x0, y0, x1, y1] with x0 < x1 and y0 < y1. */
  | { kind: 'rect'; prompt: string; pick: (rect: StageRect) => void; onCancel?: () => void };

export type StageRect = [number, number, number, number];

/** Drags shorter than this (stage px, either side) are not a rectangle: the pick waits for a real one. */
export const MIN_PICKED_RECT = 20;

export class CaptureSession {
  /** The pending pick, if any. */
  readonly capture: Accessor<Capture | null>;
  /** Where the pick would land during a point pick (drawn as a ghost marker). */
  readonly pointer: Accessor<Vec2 | null>;
  /** Where the pointer really is, when the pick was snapped away from it (a walk target onto the ground). */
  readonly aim: Accessor<Vec2 | null>;
  private readonly setPointerSignal: (p: Vec2 | null) => void;
  private readonly setAim: (p: Vec2 | null) => void;
  private readonly setCapture: (c: Capture | null) => void;

  /** @param kindOf the kind of an object on stage, or undefined if there is none. */
  constructor(private readonly kindOf: (id: string) => ObjectKind | undefined) {
    [this.capture, this.setCapture] = createSignal<Capture | null>(null);
    [this.pointer, this.setPointerSignal] = createSignal<Vec2 | null>(null);
    [this.aim, this.setAim] = createSignal<Vec2 | null>(null);
  }

  /** The pick's ghost at `p`; `aim` is the pointer when `p` was snapped away from it. */
  readonly setPointer = (p: Vec2 | null, aim: Vec2 | null = null): void => {
    batch(() => {
      this.setPointerSignal(p);
      this.setAim(p ? aim : null);
    });
  };

  /** Starts a pick, cancelling the pending one. */
  start(c: Capture): void {
    const prev = this.capture();
    batch(() => {
      this.setCapture(c);
      this.setPointer(null);
    });
    prev?.onCancel?.();
  }

  /** Ends the pending pick without a value. */
  cancel(): void {
    const c = this.take();
    c?.onCancel?.();
  }

  /** Answers a point pick (rounded to whole px); a non-finite point is ignored. */
  completePoint(p: Vec2): void {
    const c = this.capture();
    if (!c || c.kind !== 'point' || !Number.isFinite(p[0]) || !Number.isFinite(p[1])) return;
    this.take();
    c.pick([Math.round(p[0]), Math.round(p[1])]);
  }

  /** Answers a rectangle pick with the box from `a` to `b` (corners in any order, rounded); a tiny or non-finite one is ignored. */
  completeRect(a: Vec2, b: Vec2): void {
    const c = this.capture();
    if (!c || c.kind !== 'rect' || ![...a, ...b].every(Number.isFinite)) return;
    const r: StageRect = [Math.round(Math.min(a[0], b[0])), Math.round(Math.min(a[1], b[1])), Math.round(Math.max(a[0], b[0])), Math.round(Math.max(a[1], b[1]))];
    if (r[2] - r[0] < MIN_PICKED_RECT || r[3] - r[1] < MIN_PICKED_RECT) return;
    this.take();
    c.pick(r);
  }

  /** Answers an object pick, if `id` exists and is one of the kinds asked for. */
  completeObject(id: string): void {
    const c = this.capture();
    if (!c || c.kind !== 'object') return;
    const kind = this.kindOf(id);
    if (!kind || !c.kinds.includes(kind)) return;
    this.take();
    c.pick(id);
  }

  private take(): Capture | null {
    const c = this.capture();
    if (!c) return null;
    batch(() => {
      this.setCapture(null);
      this.setPointer(null);
    });
    return c;
  }
}
