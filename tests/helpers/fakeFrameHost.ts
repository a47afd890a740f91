/** A fake browser for the frame driver: the test decides when frames happen and what time it is. */
import type { FrameDriverHost } from '../../streams/stage/frameDriver';

export function fakeFrameHost() {
  let now = 0;
  let pending: (() => void) | null = null;
  const host: FrameDriverHost = {
    now: () => now,
    requestFrame: (cb) => {
      pending = cb;
      return 1;
    },
    cancelFrame: () => {
      pending = null;
    },
  };
  return {
    host,
    frame(ms: number) {
      now += ms;
      const cb = pending;
      pending = null;
      cb?.();
    },
    get scheduled() {
      return pending !== null;
    },
  };
}
