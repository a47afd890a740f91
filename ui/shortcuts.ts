/**
 * Keyboard shortcuts: one table of key test + command + help text. The window's key handler
 * (ui/keyboard.ts) dispatches by it and the help overlay lists it, so the help is always what
 * the keys do. Pure: no DOM, no editor; a key press is plain data and the commands an interface,
 * so the table runs (and is tested) in Node.
 *
 * Space rule: in PLAY, Space toggles play/pause; in EDIT and DIRECT, holding Space turns a left
 * drag into a pan (middle-drag pans in every mode; in PLAY a plain left drag pans too).
 */

/** A key press as the table sees it. `key` is KeyboardEvent.key; `ctrl` is Ctrl or ⌘. */
export interface KeyPress {
  key: string;
  ctrl: boolean;
  shift: boolean;
  alt: boolean;
  repeat: boolean;
  /** Focus is in a text field (it keeps its own keys: Esc, Ctrl+Z, letters …). */
  inTextField: boolean;
}

/** What the shortcuts can do. The handler passes the editor's commands; tests pass a recorder. */
export interface ShortcutCommands {
  mode(): 'EDIT' | 'DIRECT' | 'PLAY';
  enterEdit(): void;
  enterDirect(): void;
  play(): void;
  togglePlayPause(): void;
  setSpaceHeld(held: boolean): void;
  reset(): void;
  /** Esc: cancel the innermost thing in progress (help, pick, drag, placing, popup), else deselect. */
  cancelOrDeselect(): void;
  deleteSelection(): void;
  flipSelection(): void;
  toggleDebug(): void;
  duplicateSelection(): void;
  /** Copies the selection; false when there is nothing to copy here (the browser then copies selected text). */
  copySelection(): boolean;
  cutSelection(): void;
  paste(): void;
  undo(): void;
  redo(): void;
  save(): void;
  openFile(): void;
  /** Moves the selection in EDIT; false when there is nothing to move (the key is not used). */
  nudgeSelection(dx: number, dy: number): boolean;
  fit(): void;
  zoomBy(factor: number): void;
  toggleHelp(): void;
  /** One fixed step, then paused (enters PLAY first from EDIT or DIRECT). */
  stepFrame(): void;
  /** PLAY: one step back in the take (re-simulated), paused. */
  stepBack(): void;
  /** Playback speed one step up (+1) or down (−1): ¼×, ½×, 1×, 2×. */
  changeSpeed(by: 1 | -1): void;
  toggleFollow(): void;
  toggleSnap(): void;
}

export interface Shortcut {
  /** The keys as the help shows them ("Ctrl+Shift+Z / Ctrl+Y"). */
  keys: string;
  /** What they do, as the help says it. */
  does: string;
  /** Does this press trigger the row? Absent: a help-only row (pointer gestures, keys a focused list handles itself). */
  test?: (press: KeyPress) => boolean;
  /** Runs the command; returning false leaves the key to the browser. */
  run?: (commands: ShortcutCommands, press: KeyPress) => boolean | void;
  /** Also works while typing in a text field. */
  inTextFields?: boolean;
}

const lower = (p: KeyPress) => (p.key.length === 1 ? p.key.toLowerCase() : p.key);
/** A plain key (Shift allowed, as for "?" and "+"): no Ctrl, no Alt. */
const plain = (...keys: string[]) => (p: KeyPress) => !p.ctrl && !p.alt && keys.includes(lower(p));
const withCtrl = (key: string, shift?: boolean) => (p: KeyPress) => p.ctrl && lower(p) === key && (shift === undefined || p.shift === shift);

const ARROWS: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

export const SHORTCUTS: readonly Shortcut[] = [
  { keys: 'E', does: 'EDIT mode', test: plain('e'), run: (c) => c.enterEdit() },
  { keys: 'D', does: 'DIRECT mode', test: plain('d'), run: (c) => c.enterDirect() },
  { keys: 'P', does: 'PLAY mode', test: plain('p'), run: (c) => c.play() },
  {
    keys: 'Space',
    does: 'PLAY: play / pause. EDIT, DIRECT: hold and drag to pan',
    test: plain(' '),
    run: (c, p) => {
      if (c.mode() !== 'PLAY') c.setSpaceHeld(true);
      else if (!p.repeat) c.togglePlayPause();
    },
  },
  { keys: 'R', does: 'Reset PLAY to the authored scene (paused at t = 0)', test: plain('r'), run: (c) => c.reset() },
  {
    keys: 'Esc',
    does: 'Cancel a stage pick, placing or dragging; close help or the Direct popup; else deselect',
    test: (p) => p.key === 'Escape',
    run: (c) => c.cancelOrDeselect(),
  },
  {
    keys: 'Delete / Backspace',
    does: 'Delete the selection (in a focused queue or rules list: that item)',
    test: plain('Delete', 'Backspace'),
    run: (c) => c.deleteSelection(),
  },
  { keys: 'Enter / Alt+↑↓', does: 'In a focused queue or rules list: edit / move the item' },
  { keys: 'X', does: 'Flip the selected stickman’s facing', test: plain('x'), run: (c) => c.flipSelection() },
  { keys: 'G', does: 'Debug overlay on / off (probe rays, proxies, TerrainMotion state; in PLAY)', test: plain('g'), run: (c) => c.toggleDebug() },
  { keys: 'Ctrl+D', does: 'Duplicate the selection (new ids)', test: withCtrl('d'), run: (c) => c.duplicateSelection() },
  { keys: 'Ctrl+C', does: 'Copy the selection (as scene JSON: paste it in another tab too)', test: withCtrl('c'), run: (c) => c.copySelection() },
  { keys: 'Ctrl+X', does: 'Cut the selection', test: withCtrl('x'), run: (c) => c.cutSelection() },
  { keys: 'Ctrl+V', does: 'Paste objects (new ids, offset from the copy)', test: withCtrl('v'), run: (c) => c.paste() },
  { keys: 'Ctrl+Z', does: 'Undo', test: withCtrl('z', false), run: (c) => c.undo() },
  { keys: 'Ctrl+Shift+Z / Ctrl+Y', does: 'Redo', test: (p) => withCtrl('z', true)(p) || withCtrl('y')(p), run: (c) => c.redo() },
  // Works in a text field too: there is nothing else Ctrl+S could mean.
  { keys: 'Ctrl+S', does: 'Save (download .scene.json)', test: withCtrl('s'), run: (c) => c.save(), inTextFields: true },
  { keys: 'Ctrl+O', does: 'Open a scene file', test: withCtrl('o'), run: (c) => c.openFile() },
  {
    keys: 'Arrows',
    does: 'Nudge the selection 1 px (Shift: 10 px)',
    test: plain(...Object.keys(ARROWS)),
    run: (c, p) => {
      const [dx, dy] = ARROWS[p.key];
      const step = p.shift ? 10 : 1;
      return c.nudgeSelection(dx * step, dy * step);
    },
  },
  { keys: '.', does: 'Step one frame (1/60 s) and hold there', test: plain('.'), run: (c) => c.stepFrame() },
  { keys: ',', does: 'PLAY: step one frame back in the take (re-simulated exactly) and hold there', test: plain(','), run: (c) => c.stepBack() },
  { keys: '[ / ]', does: 'Playback slower / faster (¼×, ½×, 1×, 2×)', test: plain('[', ']'), run: (c, p) => c.changeSpeed(p.key === ']' ? 1 : -1) },
  { keys: 'C', does: 'Camera follows the selected stickman in PLAY, on / off (a pan holds it)', test: plain('c'), run: (c) => c.toggleFollow() },
  { keys: 'S', does: 'Snap to the grid on / off (hold Ctrl while dragging to place freely)', test: plain('s'), run: (c) => c.toggleSnap() },
  { keys: 'F', does: 'Fit the stage in view', test: plain('f'), run: (c) => c.fit() },
  { keys: '+ / −', does: 'Zoom in / out', test: plain('+', '=', '-', '_'), run: (c, p) => c.zoomBy(p.key === '+' || p.key === '=' ? 1.25 : 0.8) },
  { keys: '?', does: 'Show / hide this help', test: plain('?'), run: (c) => c.toggleHelp() },
  { keys: 'Mouse', does: 'Wheel zooms at the cursor; middle-drag (or Space+drag) pans; in EDIT a drag on empty stage selects what it encloses, in DIRECT and PLAY it pans' },
  { keys: 'Shift / Ctrl+click', does: 'Add an object to the selection, or take it out; drag any selected object to move them all' },
  {
    keys: 'Handles',
    does: 'Drag the orange dot to rotate (Shift snaps 15°; a multi-selection turns about its centre); a corner to resize, the opposite corner staying put (Shift keeps aspect, Alt resizes about the centre)',
  },
  {
    keys: 'Stickman',
    does: 'EDIT: drag the blue dots (hands, feet, pelvis) to pose it. DIRECT: click it for the Direct popup; with it selected, click the stage to add a walk there',
  },
];

/** The row a press triggers, if any (the first whose test accepts it and that may run here). */
export function shortcutFor(press: KeyPress, table: readonly Shortcut[] = SHORTCUTS): Shortcut | undefined {
  return table.find((s) => s.test && s.run && (!press.inTextField || s.inTextFields) && s.test(press));
}

/** Runs the press's shortcut. True when a shortcut used the key (the caller then prevents the default). */
export function dispatchShortcut(press: KeyPress, commands: ShortcutCommands, table: readonly Shortcut[] = SHORTCUTS): boolean {
  const row = shortcutFor(press, table);
  return row ? row.run!(commands, press) !== false : false;
}
