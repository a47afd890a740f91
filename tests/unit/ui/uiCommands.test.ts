/**
 * The UI command list (ui/commands.ts) is the one place commands and their keys are defined: the
 * key handler dispatches by it, the toolbar and transport buttons run it and the help overlay
 * lists it. These tests read the keys each command's help names and check that exactly those
 * presses run it, that no press does something the help does not name, that text fields keep
 * their keys, and that a disabled command does nothing. The list loads in Node (no DOM).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { commandForKey, commandNamed, dispatchKey, GESTURES, helpRows, isEnabled, tooltipOf, UI_COMMANDS, type CommandContext, type KeyPress, type UiCommand } from '../../../ui/commands';

type Mode = ReturnType<CommandContext['mode']>;

/** Commands that record what they were asked to do. */
function recorder(mode: Mode = 'EDIT', canNudge = true, history = { undo: 1, redo: 1 }, take = { tick: 5, length: 10 }, directs = true) {
  const log: string[] = [];
  const rec = (name: string) => (...args: unknown[]) => {
    log.push(args.length ? `${name}(${args.join(', ')})` : name);
  };
  const commands: CommandContext = {
    mode: () => mode,
    paused: () => false,
    history: () => history,
    take: () => take,
    sceneDirectsCamera: () => directs,
    newScene: rec('newScene'),
    seekStart: rec('seekStart'),
    seekEnd: rec('seekEnd'),
    enterEdit: rec('enterEdit'),
    enterDirect: rec('enterDirect'),
    play: rec('play'),
    togglePlayPause: rec('togglePlayPause'),
    setSpaceHeld: rec('setSpaceHeld'),
    reset: rec('reset'),
    cancelOrDeselect: rec('cancelOrDeselect'),
    deleteSelection: rec('deleteSelection'),
    flipSelection: rec('flipSelection'),
    toggleDebug: rec('toggleDebug'),
    duplicateSelection: rec('duplicateSelection'),
    selectAll: rec('selectAll'),
    undo: rec('undo'),
    redo: rec('redo'),
    save: rec('save'),
    openFile: rec('openFile'),
    nudgeSelection: (dx, dy) => {
      log.push(`nudgeSelection(${dx}, ${dy})`);
      return canNudge;
    },
    fit: rec('fit'),
    zoomBy: rec('zoomBy'),
    toggleHelp: rec('toggleHelp'),
    copySelection: () => {
      log.push('copySelection');
      return true;
    },
    cutSelection: rec('cutSelection'),
    paste: rec('paste'),
    stepFrame: rec('stepFrame'),
    stepBack: rec('stepBack'),
    changeSpeed: rec('changeSpeed'),
    toggleFollow: rec('toggleFollow'),
    toggleDirectorCamera: rec('toggleDirectorCamera'),
    toggleSnap: rec('toggleSnap'),
    toggleStatechartsBeside: rec('toggleStatechartsBeside'),
    savePoseAsGesture: rec('savePoseAsGesture'),
    canSavePose: () => mode === 'EDIT',
  };
  return { commands, log };
}

const press = (key: string, mods: Partial<Omit<KeyPress, 'key'>> = {}): KeyPress => ({
  key, ctrl: false, shift: false, alt: false, repeat: false, inTextField: false, ...mods,
});

const KEY_NAMES: Record<string, string[]> = {
  Esc: ['Escape'],
  Space: [' '],
  Arrows: ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'],
  '−': ['-'],
};

/** The presses a row's help text names: "Ctrl+Shift+Z / Ctrl+Y" → [Ctrl+Shift+Z, Ctrl+Y]. */
function namedPresses(row: UiCommand): KeyPress[] {
  return row.keys!.split(' / ').flatMap((alternative) => {
    const parts = alternative === '+' ? ['+'] : alternative.split('+');
    const name = parts[parts.length - 1];
    const ctrl = parts.includes('Ctrl');
    const shift = parts.includes('Shift');
    const alt = parts.includes('Alt');
    // A letter typed with Shift arrives upper-case, as the browser reports it.
    const keys = KEY_NAMES[name] ?? [name.length === 1 ? (shift ? name.toUpperCase() : name.toLowerCase()) : name];
    return keys.map((key) => press(key, { ctrl, shift, alt }));
  });
}

const label = (p: KeyPress) => `${p.ctrl ? 'Ctrl+' : ''}${p.alt ? 'Alt+' : ''}${p.shift ? 'Shift+' : ''}${p.key === ' ' ? 'Space' : p.key}`;

/** What each key the help names must do (written independently of the table). */
const EXPECTED: Record<string, string[]> = {
  e: ['enterEdit'],
  d: ['enterDirect'],
  p: ['play'],
  Space: ['setSpaceHeld(true)'],
  r: ['reset'],
  Escape: ['cancelOrDeselect'],
  Delete: ['deleteSelection'],
  Backspace: ['deleteSelection'],
  x: ['flipSelection'],
  g: ['toggleDebug'],
  'Ctrl+a': ['selectAll'],
  'Ctrl+d': ['duplicateSelection'],
  'Ctrl+c': ['copySelection'],
  'Ctrl+x': ['cutSelection'],
  'Ctrl+v': ['paste'],
  '.': ['stepFrame'],
  ',': ['stepBack'],
  '[': ['changeSpeed(-1)'],
  ']': ['changeSpeed(1)'],
  c: ['toggleFollow'],
  v: ['toggleDirectorCamera'],
  s: ['toggleSnap'],
  b: ['toggleStatechartsBeside'],
  'Ctrl+z': ['undo'],
  'Ctrl+Shift+Z': ['redo'],
  'Ctrl+y': ['redo'],
  'Ctrl+s': ['save'],
  'Ctrl+o': ['openFile'],
  ArrowLeft: ['nudgeSelection(-1, 0)'],
  ArrowRight: ['nudgeSelection(1, 0)'],
  ArrowUp: ['nudgeSelection(0, -1)'],
  ArrowDown: ['nudgeSelection(0, 1)'],
  f: ['fit'],
  '+': ['zoomBy(1.25)'],
  '-': ['zoomBy(0.8)'],
  '?': ['toggleHelp'],
};

const keyRows = UI_COMMANDS.filter((s) => s.keyTest);

describe('the UI command list', () => {
  it('every command has a unique name and a label; it has a key test exactly when it names keys', () => {
    const names = UI_COMMANDS.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    for (const c of UI_COMMANDS) {
      expect(c.label.trim(), c.name).not.toBe('');
      expect(!!c.keyTest, c.name).toBe(!!c.keys);
      if (c.keys) expect(c.keys.trim(), c.name).not.toBe('');
    }
    expect(() => commandNamed('no-such')).toThrow(/no UI command named "no-such"/);
  });

  it('the help lists every command with keys, in the list order, then the gestures', () => {
    const rows = helpRows();
    expect(rows.map((r) => r.keys)).toEqual([...keyRows.map((c) => c.keys), ...GESTURES.map((g) => g.keys)]);
    expect(GESTURES.map((s) => s.keys)).toEqual(['Enter / Alt+↑↓', 'Mouse', 'Shift / Ctrl+click', 'Handles', 'Stickman']);
    for (const r of rows) expect(r.does.trim(), r.keys).not.toBe('');
    expect(tooltipOf(commandNamed('undo'))).toBe('Undo (Ctrl+Z)');
    expect(tooltipOf(commandNamed('new'))).toBe('New empty scene (undoable)');
  });

  it('a disabled command keeps its key from the browser but does nothing; its button is disabled', () => {
    const none = recorder('EDIT', true, { undo: 0, redo: 0 }, { tick: 0, length: 0 });
    expect(dispatchKey(press('z', { ctrl: true }), none.commands)).toBe(true);
    expect(dispatchKey(press('r'), none.commands)).toBe(true); // Reset outside PLAY
    expect(none.log).toEqual([]);
    expect(isEnabled(commandNamed('undo'), none.commands)).toBe(false);
    expect(isEnabled(commandNamed('seek-start'), none.commands)).toBe(false);
    const play = recorder('PLAY', true, { undo: 3, redo: 0 }, { tick: 10, length: 10 });
    // In PLAY the history is the take's: undo and redo are off; at the take's end there is nothing to seek to.
    expect(isEnabled(commandNamed('undo'), play.commands)).toBe(false);
    expect(isEnabled(commandNamed('reset'), play.commands)).toBe(true);
    expect(isEnabled(commandNamed('seek-start'), play.commands)).toBe(true);
    expect(isEnabled(commandNamed('seek-end'), play.commands)).toBe(false);
    // The Director toggle has nothing to show in a scene that directs no camera.
    expect(isEnabled(commandNamed('director-camera'), play.commands)).toBe(true);
    const undirected = recorder('PLAY', true, { undo: 0, redo: 0 }, { tick: 10, length: 10 }, false);
    expect(isEnabled(commandNamed('director-camera'), undirected.commands)).toBe(false);
    expect(dispatchKey(press('v'), undirected.commands)).toBe(true);
    expect(undirected.log).toEqual([]);
  });

  it('a button runs the same command as its key (no key press: Space toggles play)', () => {
    const edit = recorder('EDIT');
    commandNamed('play-pause').perform(edit.commands);
    commandNamed('undo').perform(edit.commands);
    commandNamed('seek-start').perform(edit.commands);
    expect(edit.log).toEqual(['togglePlayPause', 'undo', 'seekStart']);
  });

  it('every key a row names in the help runs that row, and only that command', () => {
    const seen: string[] = [];
    for (const row of keyRows) {
      // Reset and stepping back work in PLAY only (disabled elsewhere: see below).
      const mode: Mode = row.name === 'reset' || row.name === 'step-back' ? 'PLAY' : 'EDIT';
      for (const p of namedPresses(row)) {
        const { commands, log } = recorder(mode);
        expect(commandForKey(p), `${label(p)} (help row "${row.keys}")`).toBe(row);
        expect(dispatchKey(p, commands), label(p)).toBe(true);
        expect(log, label(p)).toEqual(EXPECTED[label(p)]);
        seen.push(label(p));
      }
    }
    // Every expectation above belongs to a key the help names.
    expect(seen.sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it('no key press does something the help does not name', () => {
    const keys = [
      ...'abcdefghijklmnopqrstuvwxyz0123456789'.split(''),
      ...'`-=[]\\;\',./~!@#$%^&*()_+{}|:"<>? '.split(''),
      'Escape', 'Delete', 'Backspace', 'Enter', 'Tab', 'Home', 'End', 'PageUp', 'PageDown', 'F1', 'F5',
      'ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown',
    ];
    // The unshifted keys of + and − on a US layout are the same shortcut as the help's "+ / −".
    const alias: Record<string, string> = { '=': '+', _: '-' };
    const norm = (k: string) => (alias[k] ?? k).toLowerCase();
    const undocumented: string[] = [];
    for (const key of keys) {
      for (const ctrl of [false, true]) {
        for (const shift of [false, true]) {
          for (const alt of [false, true]) {
            const p = press(shift && key.length === 1 ? key.toUpperCase() : key, { ctrl, shift, alt });
            const row = commandForKey(p);
            if (!row) continue;
            const named = namedPresses(row).some((n) => norm(n.key) === norm(p.key) && n.ctrl === p.ctrl && (!n.shift || p.shift));
            if (!named) undocumented.push(`${label(p)} → "${row.keys}"`);
          }
        }
      }
    }
    // Escape works with any modifier held; everything else is exactly as the help says.
    expect(undocumented.filter((u) => !u.includes('Escape'))).toEqual([]);
  });

  it('in a text field only Ctrl+S is a shortcut: Esc, Ctrl+Z and letters belong to the field', () => {
    for (const row of keyRows) {
      for (const p of namedPresses(row)) {
        const { commands, log } = recorder();
        const handled = dispatchKey({ ...p, inTextField: true }, commands);
        expect(handled, label(p)).toBe(label(p) === 'Ctrl+s');
        expect(log, label(p)).toEqual(handled ? ['save'] : []);
      }
    }
  });

  it('Space plays and pauses in PLAY (not on key repeat) and holds the pan modifier elsewhere', () => {
    const play = recorder('PLAY');
    expect(dispatchKey(press(' '), play.commands)).toBe(true);
    expect(dispatchKey(press(' ', { repeat: true }), play.commands)).toBe(true);
    expect(play.log).toEqual(['togglePlayPause']);
    for (const mode of ['EDIT', 'DIRECT'] as const) {
      const r = recorder(mode);
      dispatchKey(press(' ', { repeat: true }), r.commands);
      expect(r.log, mode).toEqual(['setSpaceHeld(true)']);
    }
  });

  it('arrows nudge 1 px, 10 px with Shift, and leave the key to the browser when nothing moves', () => {
    const r = recorder('EDIT', true);
    expect(dispatchKey(press('ArrowUp', { shift: true }), r.commands)).toBe(true);
    expect(r.log).toEqual(['nudgeSelection(0, -10)']);
    const idle = recorder('EDIT', false);
    expect(dispatchKey(press('ArrowLeft'), idle.commands)).toBe(false);
  });

  it('keys with Alt, and Ctrl with unlisted keys, are not shortcuts', () => {
    const { commands, log } = recorder();
    for (const p of [press('e', { alt: true }), press('e', { ctrl: true }), press('q'), press('z', { ctrl: true, alt: true, shift: true })]) {
      const expected = p.key === 'z'; // Ctrl+Alt+Shift+Z is still Ctrl+Shift+Z (redo), as before
      expect(dispatchKey(p, commands), label(p)).toBe(expected);
    }
    expect(log).toEqual(['redo']);
  });
});

describe('the help overlay', () => {
  it('renders the help rows of the command list, unfiltered, with their keys and help text', () => {
    // The overlay is a Solid component (no DOM in these tests): check it lists these very rows.
    const source = readFileSync(fileURLToPath(new URL('../../../ui/components/HelpOverlay.tsx', import.meta.url)), 'utf8');
    expect(source).toMatch(/import \{ helpRows \} from '\.\.\/commands';/);
    expect(source).toMatch(/const rows = helpRows\(\);/);
    expect(source).toMatch(/<For each=\{rows\}>\s*\{\(s\) => \(/);
    expect(source).toMatch(/<kbd>\{s\.keys\}<\/kbd>/);
    expect(source).toMatch(/<td>\{s\.does\}<\/td>/);
  });
});
