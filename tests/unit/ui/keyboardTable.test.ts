/**
 * The shortcut table (ui/shortcuts.ts) is the one place keys are defined: the handler dispatches
 * by it and the help overlay lists it. These tests read the keys each row's help text names and
 * check that exactly those presses run the row's command, that no press does something the help
 * does not name, and that text fields keep their keys. The table loads in Node (no DOM).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { dispatchShortcut, shortcutFor, SHORTCUTS, type KeyPress, type Shortcut, type ShortcutCommands } from '../../../ui/shortcuts';

type Mode = ReturnType<ShortcutCommands['mode']>;

/** Commands that record what they were asked to do. */
function recorder(mode: Mode = 'EDIT', canNudge = true) {
  const log: string[] = [];
  const rec = (name: string) => (...args: unknown[]) => {
    log.push(args.length ? `${name}(${args.join(', ')})` : name);
  };
  const commands: ShortcutCommands = {
    mode: () => mode,
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
    toggleSnap: rec('toggleSnap'),
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
function namedPresses(row: Shortcut): KeyPress[] {
  return row.keys.split(' / ').flatMap((alternative) => {
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
  'Ctrl+d': ['duplicateSelection'],
  'Ctrl+c': ['copySelection'],
  'Ctrl+x': ['cutSelection'],
  'Ctrl+v': ['paste'],
  '.': ['stepFrame'],
  ',': ['stepBack'],
  '[': ['changeSpeed(-1)'],
  ']': ['changeSpeed(1)'],
  c: ['toggleFollow'],
  s: ['toggleSnap'],
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

const keyRows = SHORTCUTS.filter((s) => s.test);

describe('the shortcut table', () => {
  it('every row has keys and help text; a row with a key test has a command and the other way round', () => {
    for (const row of SHORTCUTS) {
      expect(row.keys.trim(), JSON.stringify(row)).not.toBe('');
      expect(row.does.trim(), row.keys).not.toBe('');
      expect(!!row.test, row.keys).toBe(!!row.run);
    }
    // Help-only rows: pointer gestures, and keys a focused queue or rules list handles itself.
    expect(SHORTCUTS.filter((s) => !s.test).map((s) => s.keys)).toEqual(['Enter / Alt+↑↓', 'Mouse', 'Shift / Ctrl+click', 'Handles', 'Stickman']);
  });

  it('every key a row names in the help runs that row, and only that command', () => {
    const seen: string[] = [];
    for (const row of keyRows) {
      for (const p of namedPresses(row)) {
        const { commands, log } = recorder();
        expect(shortcutFor(p), `${label(p)} (help row "${row.keys}")`).toBe(row);
        expect(dispatchShortcut(p, commands), label(p)).toBe(true);
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
            const row = shortcutFor(p);
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
        const handled = dispatchShortcut({ ...p, inTextField: true }, commands);
        expect(handled, label(p)).toBe(label(p) === 'Ctrl+s');
        expect(log, label(p)).toEqual(handled ? ['save'] : []);
      }
    }
  });

  it('Space plays and pauses in PLAY (not on key repeat) and holds the pan modifier elsewhere', () => {
    const play = recorder('PLAY');
    expect(dispatchShortcut(press(' '), play.commands)).toBe(true);
    expect(dispatchShortcut(press(' ', { repeat: true }), play.commands)).toBe(true);
    expect(play.log).toEqual(['togglePlayPause']);
    for (const mode of ['EDIT', 'DIRECT'] as const) {
      const r = recorder(mode);
      dispatchShortcut(press(' ', { repeat: true }), r.commands);
      expect(r.log, mode).toEqual(['setSpaceHeld(true)']);
    }
  });

  it('arrows nudge 1 px, 10 px with Shift, and leave the key to the browser when nothing moves', () => {
    const r = recorder('EDIT', true);
    expect(dispatchShortcut(press('ArrowUp', { shift: true }), r.commands)).toBe(true);
    expect(r.log).toEqual(['nudgeSelection(0, -10)']);
    const idle = recorder('EDIT', false);
    expect(dispatchShortcut(press('ArrowLeft'), idle.commands)).toBe(false);
  });

  it('keys with Alt, and Ctrl with unlisted keys, are not shortcuts', () => {
    const { commands, log } = recorder();
    for (const p of [press('e', { alt: true }), press('e', { ctrl: true }), press('q'), press('z', { ctrl: true, alt: true, shift: true })]) {
      const expected = p.key === 'z'; // Ctrl+Alt+Shift+Z is still Ctrl+Shift+Z (redo), as before
      expect(dispatchShortcut(p, commands), label(p)).toBe(expected);
    }
    expect(log).toEqual(['redo']);
  });
});

describe('the help overlay', () => {
  it('renders every row of the table, unfiltered, with its keys and help text', () => {
    // The overlay is a Solid component (no DOM in these tests): check it lists this very table.
    const source = readFileSync(fileURLToPath(new URL('../../../ui/components/HelpOverlay.tsx', import.meta.url)), 'utf8');
    expect(source).toMatch(/import \{ SHORTCUTS \} from '\.\.\/shortcuts';/);
    expect(source).toMatch(/<For each=\{SHORTCUTS\}>\s*\{\(s\) => \(/);
    expect(source).toMatch(/<kbd>\{s\.keys\}<\/kbd>/);
    expect(source).toMatch(/<td>\{s\.does\}<\/td>/);
  });
});
