/**
 * A gesture's small preview: a stick figure drawn from the gesture laid over the standing pose
 * (ui/state/gesturePreview), still until `playing`, then animated as the runtime plays it (blend
 * in, keys, blend out) for as long as it is hovered or selected. Drawing only: the clock here is
 * the browser's animation frame, never the simulation's.
 */
import { createEffect, createMemo, createSignal, For, onCleanup } from 'solid-js';
import type { Gesture } from '../../core/gestures';
import { DEFAULT_PROPORTIONS } from '../../core/rig/proportions';
import { PART_NAMES } from '../../core/rig/skeleton';
import { previewFrame, previewStill } from '../state/gesturePreview';

/** The figure's box in rig-local px: a little wider than arms reach, from above the raised hands to the feet. */
const VIEW_BOX = '-250 -700 500 720';
const LIMBS = PART_NAMES.filter((n) => n !== 'head');

export function GesturePreview(props: { gesture: Gesture; playing: boolean; width?: number; testId?: string }) {
  const [seconds, setSeconds] = createSignal(0);
  createEffect(() => {
    if (!props.playing) return;
    const start = performance.now();
    let handle = requestAnimationFrame(function tick(now) {
      setSeconds((now - start) / 1000);
      handle = requestAnimationFrame(tick);
    });
    onCleanup(() => cancelAnimationFrame(handle));
  });
  const pose = createMemo(() => (props.playing ? previewFrame(props.gesture, seconds()) : previewStill(props.gesture)));
  const width = () => props.width ?? 36;
  return (
    <svg
      class="gesture-preview"
      viewBox={VIEW_BOX}
      width={width()}
      height={width() * 1.44}
      aria-hidden="true"
      data-testid={props.testId}
      data-playing={props.playing ? 'true' : 'false'}
      data-right-hand={pose().markers.Right_Hand.map(Math.round).join(',')}
    >
      <line x1="-240" y1="0" x2="240" y2="0" class="gesture-preview-ground" />
      <g stroke="currentColor" stroke-width="26" stroke-linecap="round" fill="none">
        <For each={LIMBS}>
          {(name) => <line x1={pose().parts[name].start[0]} y1={pose().parts[name].start[1]} x2={pose().parts[name].end[0]} y2={pose().parts[name].end[1]} />}
        </For>
        <circle cx={pose().parts.head.end[0]} cy={pose().parts.head.end[1]} r={DEFAULT_PROPORTIONS.headRadius} />
      </g>
    </svg>
  );
}
