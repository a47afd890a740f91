/**
 * A fluent, headless stage pointer for tests: a real StageController and Editor, the pointer
 * machine through its real session, and a Camera2D in place of the WebGL view.
 *
 *   PointerHarness.open(doc).pointerDown(1000, 1000).expectToBeIn('pointing')
 *     .pointerMove(1010, 1000).expectToBeIn('translating').pointerUp().expectHistory(1)
 *
 * Coordinates are canvas (screen) px. The camera starts with screen = stage (zoom 1, the stage
 * filling the viewport), so until a test pans or zooms, the numbers are stage px too.
 *
 * Every machine transition taken is recorded in `takenTransitions`, shared by all harnesses of a
 * test file, for the coverage check.
 */
import { expect } from 'vitest';
import type { StateValue, TransitionDefinition } from 'xstate';
import { Camera2D } from '../../../render/camera';
import { StageController } from '../../../streams/stage/stageController';
import type { SceneDocument } from '../../../core/scene/schema';
import { Editor, type Capture, type Vec2 } from '../../../ui/state/editor';
import { paletteItem } from '../../../ui/state/palette';
import { startPointerSession, type PointerSession } from '../../../ui/interaction/pointerSession';
import { selectionHandlesOf, type UiHandleKind } from '../../../ui/interaction/picking';
import type { PointerStateName, WalkHover } from '../../../ui/interaction/pointerMachine';
import type { RuntimeCommand } from '../../../streams/runtime/commands';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyTransition = TransitionDefinition<any, any>;

export const takenTransitions = new Set<AnyTransition>();
/** Ids of every state node the machine has been in (`pointer.pressed.pointing` …). */
export const visitedStates = new Set<string>(['pointer']);

const stateIds = (value: StateValue, prefix = 'pointer'): string[] =>
  typeof value === 'string' ? [`${prefix}.${value}`] : Object.entries(value).flatMap(([k, v]) => [`${prefix}.${k}`, ...(v ? stateIds(v, `${prefix}.${k}`) : [])]);

interface PressOptions {
  button?: number;
  shift?: boolean;
  ctrl?: boolean;
  alt?: boolean;
  pointerId?: number;
}

const modifiers = (o: PressOptions) => ({ shift: o.shift ?? false, ctrl: o.ctrl ?? false, alt: o.alt ?? false });

export class PointerHarness {
  readonly controller: StageController;
  readonly editor: Editor;
  readonly camera: Camera2D;
  readonly session: PointerSession;
  cursor = 'default';
  walkHover: WalkHover | null = null;
  /** Pointer ids the canvas holds captured right now. */
  readonly captured = new Set<number>();
  /** What stage picks answered, in order. */
  readonly picks: Array<Vec2 | string | readonly number[]> = [];
  /** PLAY: the runtime commands applied so far (the trace's `command` records), in order. */
  readonly commands: RuntimeCommand[] = [];
  private last: Vec2 = [0, 0];

  static open(doc: SceneDocument): PointerHarness {
    return new PointerHarness(doc);
  }

  private constructor(doc: SceneDocument) {
    this.controller = new StageController(doc);
    this.editor = new Editor(this.controller);
    this.camera = new Camera2D(doc.stage.width, doc.stage.height);
    this.camera.centerX = doc.stage.width / 2;
    this.camera.centerY = doc.stage.height / 2;
    this.editor.setZoom(this.camera.zoom);
    this.controller.records$.subscribe((r) => {
      if (r.type === 'command') this.commands.push(r.command);
    });
    this.session = startPointerSession({
      editor: this.editor,
      view: this.camera,
      setCursor: (c) => (this.cursor = c),
      setWalkHover: (p) => (this.walkHover = p),
      capturePointer: (id) => this.captured.add(id),
      releasePointer: (id) => this.captured.delete(id),
    });
    for (const id of stateIds(this.session.actor.getSnapshot().value)) visitedStates.add(id);
    this.session.actor.system.inspect((e) => {
      if (e.type !== '@xstate.microstep') return;
      for (const t of (e as unknown as { _transitions: AnyTransition[] })._transitions) takenTransitions.add(t);
      for (const id of stateIds((e as unknown as { snapshot: { value: StateValue } }).snapshot.value)) visitedStates.add(id);
    });
  }

  dispose(): void {
    this.session.stop();
    this.controller.dispose();
  }

  // ---------------------------------------------------------------- pointer input

  pointerDown(x: number, y: number, o: PressOptions = {}): this {
    this.last = [x, y];
    this.session.send({ type: 'pointer.down', button: o.button ?? 0, pointerId: o.pointerId ?? 1, screen: [x, y], ...modifiers(o) });
    return this;
  }

  pointerMove(x: number, y: number, o: PressOptions = {}): this {
    this.last = [x, y];
    this.session.send({ type: 'pointer.move', pointerId: o.pointerId ?? 1, screen: [x, y], ...modifiers(o) });
    return this;
  }

  /** Releases where the pointer last was, unless told otherwise. */
  pointerUp(x = this.last[0], y = this.last[1], o: PressOptions = {}): this {
    this.last = [x, y];
    this.session.send({ type: 'pointer.up', pointerId: o.pointerId ?? 1, screen: [x, y], ...modifiers(o) });
    return this;
  }

  pointerCancel(pointerId = 1): this {
    this.session.send({ type: 'pointer.cancel', pointerId });
    return this;
  }

  pointerLeave(): this {
    this.session.send({ type: 'pointer.leave' });
    return this;
  }

  wheel(x: number, y: number, deltaY: number): this {
    this.session.send({ type: 'wheel', screen: [x, y], deltaY, deltaMode: 0 });
    return this;
  }

  /** Down at `from`, `steps` moves to `to`, up. */
  drag(from: Vec2, to: Vec2, steps = 5, o: PressOptions = {}): this {
    this.pointerDown(from[0], from[1], o);
    for (let i = 1; i <= steps; i += 1) this.pointerMove(from[0] + ((to[0] - from[0]) * i) / steps, from[1] + ((to[1] - from[1]) * i) / steps, o);
    return this.pointerUp(to[0], to[1], o);
  }

  /** PLAY: runs `count` fixed steps (queued commands take effect on the first), then tells the pointer, as the canvas does. */
  step(count = 1): this {
    this.controller.step(count);
    this.session.send({ type: 'stage.stepped' });
    return this;
  }

  /** Screen point of a stage point (the camera may have panned). */
  screenOf(p: Vec2): Vec2 {
    return this.camera.stageToScreen(p);
  }

  // ---------------------------------------------------------------- the rest of the editor

  /** Anything else the UI does (keyboard, panels), done directly on the editor. */
  do(fn: (editor: Editor) => void): this {
    fn(this.editor);
    return this;
  }

  select(...ids: string[]): this {
    return this.do((e) => e.tools.select(ids));
  }

  startPlacing(key: string): this {
    return this.do((e) => e.tools.startPlacing(paletteItem(key)!));
  }

  capturePoint(): this {
    return this.startCapture({ kind: 'point', prompt: 'pick a point', pick: (p) => this.picks.push(p) });
  }

  captureObject(kinds: Extract<Capture, { kind: 'object' }>['kinds']): this {
    return this.startCapture({ kind: 'object', prompt: 'pick an object', kinds, pick: (id) => this.picks.push(id) });
  }

  captureRect(): this {
    return this.startCapture({ kind: 'rect', prompt: 'drag a rectangle', pick: (r) => this.picks.push(r) });
  }

  private startCapture(c: Capture): this {
    return this.do((e) => e.tools.startCapture(c));
  }

  /** Where the selection's handle of `kind` is, in screen px (the marker handles by name). */
  handle(kind: UiHandleKind, marker?: string): Vec2 {
    const h = selectionHandlesOf(this.editor, this.camera.zoom).find((x) => x.kind === kind && (!marker || x.marker === marker));
    if (!h) throw new Error(`no ${kind} handle on the selection ${JSON.stringify(this.editor.tools.selection())}`);
    return this.camera.stageToScreen(h.position);
  }

  /** Where the single selection's resize handle on `corner` is, in screen px. */
  corner(corner: readonly [1 | -1, 1 | -1]): Vec2 {
    const h = selectionHandlesOf(this.editor, this.camera.zoom).find((x) => x.kind === 'resize' && x.corner?.[0] === corner[0] && x.corner?.[1] === corner[1]);
    if (!h) throw new Error(`no ${corner.join(',')} corner handle on the selection ${JSON.stringify(this.editor.tools.selection())}`);
    return this.camera.stageToScreen(h.position);
  }

  object(id: string) {
    const o = this.editor.object(id);
    if (!o) throw new Error(`no object ${id}`);
    return o;
  }

  // ---------------------------------------------------------------- expectations

  expectToBeIn(state: PointerStateName): this {
    expect(this.session.state()).toBe(state);
    return this;
  }

  expectSelection(ids: string[]): this {
    expect(this.editor.tools.selection()).toEqual(ids);
    return this;
  }

  expectHover(id: string | null): this {
    expect(this.editor.tools.hoverId()).toBe(id);
    return this;
  }

  expectCursor(cursor: string): this {
    expect(this.cursor).toBe(cursor);
    return this;
  }

  expectPosition(id: string, position: Vec2): this {
    expect(this.object(id).position).toEqual(position);
    return this;
  }

  /** Undo steps recorded so far. */
  expectHistory(undo: number): this {
    expect(this.editor.historyDepth().undo).toBe(undo);
    return this;
  }

  expectCaptured(pointerIds: number[]): this {
    expect([...this.captured]).toEqual(pointerIds);
    return this;
  }

  /** The types of the runtime commands applied so far, in order. */
  expectCommandTypes(types: string[]): this {
    expect(this.commands.map((c) => c.type)).toEqual(types);
    return this;
  }

  /** Free-form check on the harness. */
  expect(fn: (h: this) => void): this {
    fn(this);
    return this;
  }
}
