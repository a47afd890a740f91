import { defineAction } from '../definition';
import { path } from '../glyph';

/** Seed phase 11 §3.3: let go of the held prop where it is; with nothing held it is a skipped no-op. */
export const dropProp = defineAction({
  type: 'drop_prop',
  label: 'Drop Prop',
  // ⬇️: an arrow down onto the floor.
  icon: [path('M8 1.5v9.5M4.5 7.5 8 11l3.5-3.5M2.5 14.5h11')],
  overlay: false,
  payload: () => ({}),
  fields: [],
  text: () => 'Drop the prop',
  phrase: () => 'drops the prop',
  plan(_a, fold) {
    if (fold.held.kind === 'held') fold.held = { kind: 'empty', why: `Step ${fold.step} drops the prop first` };
  },
});
