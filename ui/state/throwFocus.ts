/**
 * Which throw the stage should preview (issue 11 "Previews"): a throw point being picked (the
 * capture carries its context) or a throw_prop open in an action editor (the queue panel's, the
 * Direct popup's form, a rule's reaction), which registers its context and its current target
 * here while it is open. One focus per editor; the last editor to register wins and only it can
 * clear its own focus, so closing one form never hides another's guide.
 */
import { createSignal, type Accessor } from 'solid-js';

type Vec2 = [number, number];

/** Whose throw it is and where it sits: the queue prefix the preview folds, or a rule's live-only semantics. */
export interface ThrowContext {
  rigId: string;
  /** An existing queue item being edited: the prefix is the queue before it. Absent: a throw to append. */
  actionId?: string;
  /** A rule's reaction: only the prop held when it runs counts (seed 11 §1.3 "Scope"). */
  rule?: boolean;
}

export interface ThrowFocus extends ThrowContext {
  /** The target the form holds now; null while its fields do not read as a point. */
  target: Vec2 | null;
}

interface FocusSignal {
  focus: Accessor<ThrowFocus | null>;
  set: (f: ThrowFocus | null) => void;
}

const byEditor = new WeakMap<object, FocusSignal>();

function signalOf(editor: object): FocusSignal {
  let s = byEditor.get(editor);
  if (!s) {
    const [focus, set] = createSignal<ThrowFocus | null>(null);
    byEditor.set(editor, (s = { focus, set }));
  }
  return s;
}

/** The focused throw of `editor`'s forms, if any. */
export function throwFocusOf(editor: object): ThrowFocus | null {
  return signalOf(editor).focus();
}

/** Focuses `f`; the returned function clears it unless another form has focused since. */
export function focusThrow(editor: object, f: ThrowFocus): () => void {
  const s = signalOf(editor);
  s.set(f);
  return () => {
    if (s.focus() === f) s.set(null);
  };
}
