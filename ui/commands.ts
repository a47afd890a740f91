/**
 * The UI commands (excalidraw's actions): one list of `{name, label, keyTest, perform, enabled}`.
 * The window's key handler (ui/keyboard.ts) dispatches by it, the toolbar and the transport bar
 * draw their buttons from it (ui/components/CommandButton.tsx: label, tooltip with the keys,
 * disabled state) and the help overlay lists it, so a button, its key and its help line are one
 * definition. Pure: no DOM, no editor; a key press is plain data and the context an interface
 * (ui/commandContext.ts binds it to the editor), so the list runs and is tested in Node.
 *
 * Space rule: in PLAY, Space toggles play/pause; in EDIT and DIRECT, holding Space turns a left
 * drag into a pan (middle-drag pans in every mode; in PLAY a plain left drag pans too).
 */

/** A key press as the commands see it. `key` is KeyboardEvent.key; `ctrl` is Ctrl or ⌘. */
export interface KeyPress {
  key: string;
  ctrl: boolean;
  shift: boolean;
  alt: boolean;
  repeat: boolean;
  /** Focus is in a text field (it keeps its own keys: Esc, Ctrl+Z, letters …). */
  inTextField: boolean;
}

export type Mode = 'EDIT' | 'DIRECT' | 'PLAY';

/** What the commands read and do. The app binds the editor (ui/commandContext.ts); tests pass a recorder. */
export interface CommandContext {
  mode(): Mode;
  /** PLAY is paused (or seeking). */
  paused(): boolean;
  /** Steps to undo / redo in the history. */
  history(): { undo: number; redo: number };
  /** PLAY has a take behind the stage's tick, or the tick is past its start (the transport can seek). */
  take(): { tick: number; length: number };
  enterEdit(): void;
  enterDirect(): void;
  play(): void;
  togglePlayPause(): void;
  setSpaceHeld(held: boolean): void;
  reset(): void;
  /** Esc: close or cancel the innermost thing open (help, a popover, a pick, a drag, placing, the Direct popup), else deselect. */
  cancelOrDeselect(): void;
  deleteSelection(): void;
  flipSelection(): void;
  toggleDebug(): void;
  duplicateSelection(): void;
  /** Selects every object on the stage (EDIT). */
  selectAll(): void;
  /** Copies the selection; false when there is nothing to copy here (the browser then copies selected text). */
  copySelection(): boolean;
  cutSelection(): void;
  paste(): void;
  undo(): void;
  redo(): void;
  newScene(): void;
  save(): void;
  openFile(): void;
  /** Moves the selection in EDIT; false when there is nothing to move (the key is not used). */
  nudgeSelection(dx: number, dy: number): boolean;
  fit(): void;
  zoomBy(factor: number): void;
  toggleHelp(): void;
  /** One fixed step on, then paused (enters PLAY first from EDIT or DIRECT; behind the take's end it replays). */
  stepFrame(): void;
  /** PLAY: one step back in the take (re-simulated), paused. */
  stepBack(): void;
  /** PLAY: to the take's start / end (re-simulated). */
  seekStart(): void;
  seekEnd(): void;
  /** Playback speed one step up (+1) or down (−1): ¼×, ½×, 1×, 2×. */
  changeSpeed(by: 1 | -1): void;
  toggleFollow(): void;
  /** The scene directs a camera (a camera queue or a rule reaction for it): the Director toggle has something to show. */
  sceneDirectsCamera(): boolean;
  /** PLAY shows the director's camera (issue 23), on / off. */
  toggleDirectorCamera(): void;
  toggleSnap(): void;
  /** The Statecharts panel beside the timeline / rules, or a tab of its own. */
  toggleStatechartsBeside(): void;
  /** EDIT: opens the name prompt that saves the selected stickman's pose as a gesture. */
  savePoseAsGesture(): void;
  /** One stickman is selected in EDIT (its pose can be saved). */
  canSavePose(): boolean;
}

export interface UiCommand {
  /** Stable id (buttons name the command they run by it). */
  name: string;
  /** Short name: a button's text where it has no icon, the start of its tooltip. */
  label: string;
  /** The keys as the help and the tooltips show them ("Ctrl+Shift+Z / Ctrl+Y"); absent: no key. */
  keys?: string;
  /** What it does, as the help says it (default: the label). */
  does?: string;
  /** Does this press run the command? Present exactly when `keys` is. */
  keyTest?: (press: KeyPress) => boolean;
  /** Runs the command; returning false leaves the key to the browser. */
  perform: (c: CommandContext, press?: KeyPress) => boolean | void;
  /** Whether it can run now (a button is disabled, a key does nothing but is still kept from the browser). */
  enabled?: (c: CommandContext) => boolean;
  /** The key also works while typing in a text field. */
  inTextFields?: boolean;
}

/** A help line that is no command: pointer gestures, keys a focused list handles itself. */
export interface HelpRow {
  keys: string;
  does: string;
}

const lower = (p: KeyPress) => (p.key.length === 1 ? p.key.toLowerCase() : p.key);
/** A plain key (Shift allowed, as for "?" and "+"): no Ctrl, no Alt. */
const plain = (...keys: string[]) => (p: KeyPress) => !p.ctrl && !p.alt && keys.includes(lower(p));
const withCtrl = (key: string, shift?: boolean) => (p: KeyPress) => p.ctrl && lower(p) === key && (shift === undefined || p.shift === shift);

const ARROWS: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

const inPlay = (c: CommandContext) => c.mode() === 'PLAY';
const notInPlay = (c: CommandContext) => c.mode() !== 'PLAY';

export const UI_COMMANDS: readonly UiCommand[] = [
  { name: 'mode-edit', label: 'EDIT', keys: 'E', does: 'EDIT mode: place and change objects', keyTest: plain('e'), perform: (c) => c.enterEdit() },
  { name: 'mode-direct', label: 'DIRECT', keys: 'D', does: 'DIRECT mode: select stickmen, queue and preview their actions', keyTest: plain('d'), perform: (c) => c.enterDirect() },
  { name: 'mode-play', label: 'PLAY', keys: 'P', does: 'PLAY mode: run the scene', keyTest: plain('p'), perform: (c) => c.play() },
  {
    name: 'play-pause',
    label: 'Play / pause',
    keys: 'Space',
    does: 'PLAY: play / pause (the button also starts PLAY). EDIT, DIRECT: hold and drag to pan',
    keyTest: plain(' '),
    perform: (c, p) => {
      if (!p) c.togglePlayPause();
      else if (c.mode() !== 'PLAY') c.setSpaceHeld(true);
      else if (!p.repeat) c.togglePlayPause();
    },
  },
  { name: 'reset', label: 'Reset', keys: 'R', does: 'Reset PLAY to the authored scene (paused at t = 0)', keyTest: plain('r'), perform: (c) => c.reset(), enabled: inPlay },
  {
    name: 'cancel',
    label: 'Cancel',
    keys: 'Esc',
    does: 'Close help, the Export popover or the Direct popup; cancel a stage pick, placing or dragging; else deselect',
    keyTest: (p) => p.key === 'Escape',
    perform: (c) => c.cancelOrDeselect(),
  },
  {
    name: 'delete',
    label: 'Delete',
    keys: 'Delete / Backspace',
    does: 'Delete the selection (in a focused queue or rules list: that item)',
    keyTest: plain('Delete', 'Backspace'),
    perform: (c) => c.deleteSelection(),
  },
  { name: 'flip', label: 'Flip', keys: 'X', does: 'Flip the selected stickman’s facing', keyTest: plain('x'), perform: (c) => c.flipSelection() },
  { name: 'debug', label: 'Debug', keys: 'G', does: 'Debug overlay on / off (probe rays, proxies, TerrainMotion state; data appears in PLAY)', keyTest: plain('g'), perform: (c) => c.toggleDebug() },
  { name: 'selectAll', label: 'Select all', keys: 'Ctrl+A', does: 'Select every object on the stage (EDIT)', keyTest: withCtrl('a'), perform: (c) => c.selectAll(), enabled: (c) => c.mode() === 'EDIT' },
  { name: 'duplicate', label: 'Duplicate', keys: 'Ctrl+D', does: 'Duplicate the selection (new ids)', keyTest: withCtrl('d'), perform: (c) => c.duplicateSelection() },
  { name: 'copy', label: 'Copy', keys: 'Ctrl+C', does: 'Copy the selection (as scene JSON: paste it in another tab too)', keyTest: withCtrl('c'), perform: (c) => c.copySelection() },
  { name: 'cut', label: 'Cut', keys: 'Ctrl+X', does: 'Cut the selection', keyTest: withCtrl('x'), perform: (c) => c.cutSelection() },
  { name: 'paste', label: 'Paste', keys: 'Ctrl+V', does: 'Paste objects (new ids, offset from the copy)', keyTest: withCtrl('v'), perform: (c) => c.paste() },
  { name: 'undo', label: 'Undo', keys: 'Ctrl+Z', keyTest: withCtrl('z', false), perform: (c) => c.undo(), enabled: (c) => notInPlay(c) && c.history().undo > 0 },
  {
    name: 'redo',
    label: 'Redo',
    keys: 'Ctrl+Shift+Z / Ctrl+Y',
    keyTest: (p) => withCtrl('z', true)(p) || withCtrl('y')(p),
    perform: (c) => c.redo(),
    enabled: (c) => notInPlay(c) && c.history().redo > 0,
  },
  { name: 'new', label: 'New', does: 'New empty scene (undoable)', perform: (c) => c.newScene() },
  { name: 'open', label: 'Open…', keys: 'Ctrl+O', does: 'Open a .scene.json file (or a .take.json take: it opens in PLAY, ready to play back)', keyTest: withCtrl('o'), perform: (c) => c.openFile() },
  // Works in a text field too: there is nothing else Ctrl+S could mean.
  { name: 'save', label: 'Save', keys: 'Ctrl+S', does: 'Save (download .scene.json)', keyTest: withCtrl('s'), perform: (c) => c.save(), inTextFields: true },
  {
    name: 'nudge',
    label: 'Nudge',
    keys: 'Arrows',
    does: 'Nudge the selection 1 px (Shift: 10 px)',
    keyTest: plain(...Object.keys(ARROWS)),
    perform: (c, p) => {
      const [dx, dy] = ARROWS[p?.key ?? ''] ?? [0, 0];
      const step = p?.shift ? 10 : 1;
      return c.nudgeSelection(dx * step, dy * step);
    },
  },
  { name: 'seek-start', label: 'To the start', does: 'PLAY: back to the start of the take (re-simulated)', perform: (c) => c.seekStart(), enabled: (c) => inPlay(c) && c.take().tick > 0 },
  {
    name: 'step-back',
    label: 'Step back',
    keys: ',',
    does: 'PLAY: step one frame back in the take (re-simulated exactly) and hold there',
    keyTest: plain(','),
    perform: (c) => c.stepBack(),
    enabled: (c) => inPlay(c) && c.take().tick > 0,
  },
  { name: 'step-frame', label: 'Step', keys: '.', does: 'Step one frame (1/60 s) and hold there (from EDIT or DIRECT: enters PLAY)', keyTest: plain('.'), perform: (c) => c.stepFrame() },
  { name: 'seek-end', label: 'To the end', does: 'PLAY: to the end of the take', perform: (c) => c.seekEnd(), enabled: (c) => inPlay(c) && c.take().tick < c.take().length },
  { name: 'speed', label: 'Speed', keys: '[ / ]', does: 'Playback slower / faster (¼×, ½×, 1×, 2×)', keyTest: plain('[', ']'), perform: (c, p) => c.changeSpeed(p?.key === '[' ? -1 : 1) },
  { name: 'follow', label: 'Follow', keys: 'C', does: 'Camera follows the selected stickman in PLAY, on / off (a pan holds it)', keyTest: plain('c'), perform: (c) => c.toggleFollow() },
  {
    name: 'director-camera',
    label: 'Director',
    keys: 'V',
    does: 'PLAY shows the director’s camera (the scene’s camera queue and rules), on / off; a pan or zoom by hand switches to a free camera',
    keyTest: plain('v'),
    perform: (c) => c.toggleDirectorCamera(),
    enabled: (c) => c.sceneDirectsCamera(),
  },
  { name: 'snap', label: 'Snap', keys: 'S', does: 'Snap placing, moving and resizing to the grid, on / off (hold Ctrl while dragging to place freely)', keyTest: plain('s'), perform: (c) => c.toggleSnap() },
  { name: 'statecharts-beside', label: 'Side by side', keys: 'B', does: 'Show the Statecharts panel beside the timeline (or the rules), on / off', keyTest: plain('b'), perform: (c) => c.toggleStatechartsBeside() },
  {
    name: 'save-pose-gesture',
    label: 'Save pose as gesture…',
    does: 'EDIT: save the selected stickman’s pose (its dragged dots) as a new gesture, named in its panel (undoable)',
    perform: (c) => c.savePoseAsGesture(),
    enabled: (c) => c.canSavePose(),
  },
  { name: 'fit', label: 'Fit', keys: 'F', does: 'Fit the stage in view', keyTest: plain('f'), perform: (c) => c.fit() },
  { name: 'zoom', label: 'Zoom', keys: '+ / −', does: 'Zoom in / out', keyTest: plain('+', '=', '-', '_'), perform: (c, p) => c.zoomBy(p?.key === '-' || p?.key === '_' ? 0.8 : 1.25) },
  { name: 'help', label: 'Help', keys: '?', does: 'Show / hide this help', keyTest: plain('?'), perform: (c) => c.toggleHelp() },
];

/** Help lines that are no command: gestures, and keys a focused queue or rules list handles itself. */
export const GESTURES: readonly HelpRow[] = [
  { keys: 'Enter / Alt+↑↓', does: 'In a focused queue or rules list: edit / move the item' },
  { keys: 'Mouse', does: 'Wheel zooms at the cursor; middle-drag (or Space+drag) pans; in EDIT a drag on empty stage selects what it encloses (dragged right to left: what it touches; start it with Alt held to draw it over terrain), in DIRECT and PLAY it pans' },
  { keys: 'Shift / Ctrl+click', does: 'Add an object to the selection, or take it out; drag any selected object to move them all' },
  {
    keys: 'Handles',
    does: 'Drag the orange dot to rotate (Shift snaps 15°; a multi-selection turns about its centre); a corner to resize, the opposite corner staying put (Shift keeps aspect, Alt resizes about the centre)',
  },
  {
    keys: 'Stickman',
    does: 'EDIT: drag the blue dots (hands, feet, pelvis) to pose it; its panel saves the pose as a gesture. DIRECT: click it for the Direct popup; with it selected, click the stage to add a walk there',
  },
];

const byName = new Map(UI_COMMANDS.map((c) => [c.name, c]));

/** The command called `name`; an unknown name is a programming error, named in the message. */
export function commandNamed(name: string, list: readonly UiCommand[] = UI_COMMANDS): UiCommand {
  const c = list === UI_COMMANDS ? byName.get(name) : list.find((x) => x.name === name);
  if (!c) throw new Error(`no UI command named "${name}" (known: ${list.map((x) => x.name).join(', ')})`);
  return c;
}

/** Can the command run now? */
export const isEnabled = (command: UiCommand, c: CommandContext): boolean => !command.enabled || command.enabled(c);

/** "Undo (Ctrl+Z)": a button's tooltip. */
export const tooltipOf = (command: UiCommand): string => `${command.does ?? command.label}${command.keys ? ` (${command.keys})` : ''}`;

/** What the help lists: every command with keys, in the list's order, then the gestures. */
export function helpRows(list: readonly UiCommand[] = UI_COMMANDS, gestures: readonly HelpRow[] = GESTURES): HelpRow[] {
  return [...list.filter((c) => c.keys).map((c) => ({ keys: c.keys!, does: c.does ?? c.label })), ...gestures];
}

/** The command a press runs, if any (the first whose key test accepts it and that may run here). */
export function commandForKey(press: KeyPress, list: readonly UiCommand[] = UI_COMMANDS): UiCommand | undefined {
  return list.find((c) => c.keyTest && (!press.inTextField || c.inTextFields) && c.keyTest(press));
}

/**
 * Runs the press's command. True when a command used the key (the caller then prevents the
 * default): a disabled command keeps its key from the browser (Ctrl+D never bookmarks) but does nothing.
 */
export function dispatchKey(press: KeyPress, c: CommandContext, list: readonly UiCommand[] = UI_COMMANDS): boolean {
  const command = commandForKey(press, list);
  if (!command) return false;
  if (!isEnabled(command, c)) return true;
  return command.perform(c, press) !== false;
}
