import { defineAction } from '../definition';
import { circle, path } from '../glyph';

const HANDS = [
  { value: 'auto', label: 'Auto' },
  { value: 'left', label: 'Left' },
  { value: 'right', label: 'Right' },
] as const;

/** " with the left hand" for an explicit hand; nothing for `auto`. */
const withHand = (hand: 'auto' | 'left' | 'right') => (hand === 'auto' ? '' : ` with the ${hand} hand`);

/**
 * Seed phase 11 §3.1: walk up to the prop if needed and take it by a grip. One authored action;
 * an explicit hand is never switched, `auto` prefers the primary grip.
 */
export const pickUpProp = defineAction({
  type: 'pick_up_prop',
  label: 'Pick Up Prop…',
  // 🫴: a palm held up under a ball.
  icon: [circle(9.5, 4.5, 2.5), path('M1.5 9.5h3l2.5 1.5h3.5a1.25 1.25 0 0 1 0 2.5H7.5M10.5 11.5l2.8-1.6a1.2 1.2 0 0 1 1.4 1.9L10.5 14.5h-5l-4-1.5')],
  overlay: false,
  payload: (s) => ({ target_prop_id: s.objectId, hand: s.hand.default('auto') }),
  fields: [
    { name: 'target_prop_id', label: 'Prop', kind: 'prop', capture: 'stage_prop' },
    { name: 'hand', label: 'Hand', kind: 'hand', capture: 'choice', default: 'auto', optional: true, choices: HANDS },
  ],
  text: (a, name = (id) => id) => `Pick up ${name(a.target_prop_id)}${withHand(a.hand)}`,
  phrase: (a, name = (id) => id) => `picks up ${name(a.target_prop_id)}${withHand(a.hand)}`,
  plan(a, fold) {
    // The runtime refuses a pickup while something is held: the held prop stays.
    if (fold.held.kind === 'held') return;
    if (!a.target_prop_id) {
      fold.held = { kind: 'empty', why: `Step ${fold.step} pickup names no prop` };
      return;
    }
    const predicted = fold.predictPickup({ propId: a.target_prop_id, hand: a.hand ?? 'auto' }, fold.root);
    if (!predicted.ok) {
      fold.held = { kind: 'empty', why: `Step ${fold.step} pickup would be skipped: ${predicted.reason}` };
      return;
    }
    fold.held = { kind: 'held', propId: a.target_prop_id, hand: predicted.hand, pickupStep: fold.step };
    if (predicted.uncertain) fold.uncertain.push(`Step ${fold.step}: ${predicted.uncertain}`);
    if (predicted.approachRoot) {
      fold.root = [predicted.approachRoot[0], predicted.approachRoot[1]];
      fold.rootPredicted = true;
    }
  },
});
