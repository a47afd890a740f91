/**
 * The queue panel's view of a run: every action record of a step lands, but the panel is woken
 * once per burst of records rather than once per record (a crowd's step streams dozens).
 */
import { describe, expect, it } from 'vitest';
import { BehaviorSubject, Subject } from 'rxjs';
import { LiveRun } from '../../../ui/state/liveRun';
import type { StageController } from '../../../streams';

function fakeController() {
  const records$ = new Subject<Record<string, unknown>>();
  const frame$ = new BehaviorSubject({ tick: 0, rigs: [] });
  return { records$, controller: { records$, frame$ } as unknown as StageController };
}

const action = (tick: number, rig: string, id: string, phase: 'started' | 'finished', outcome?: string) => ({ t: tick / 60, tick, type: 'action', rig, id, action: 'wait', phase, ...(outcome ? { outcome } : {}) });

describe('LiveRun', () => {
  it('publishes a burst of action records once, with all of them', async () => {
    const { records$, controller } = fakeController();
    const live = new LiveRun(controller);
    const before = live.runsOf('s7');
    for (let i = 0; i < 50; i += 1) records$.next(action(3, `s${i}`, 'a1', 'started'));
    records$.next(action(3, 's7', 'a1', 'finished', 'completed'));
    // Still the view from before the burst: nothing was published per record.
    expect(live.runsOf('s7')).toBe(before);
    expect(before.size).toBe(0);
    await Promise.resolve();
    const runs = live.runsOf('s7');
    expect(runs).not.toBe(before);
    expect(runs.size).toBe(1);
    expect(runs.get('a1')).toEqual({ phase: 'finished', outcome: 'completed' });
    // A stickman first asked about after its records came gets them too.
    expect(live.runsOf('s8').get('a1')).toEqual({ phase: 'started' });

    live.rewindTo(2);
    expect(live.runsOf('s7').size).toBe(0);
    expect(live.runsOf('s8').size).toBe(0);
    records$.next(action(3, 's1', 'a1', 'started'));
    await Promise.resolve();
    expect([...live.runsOf('s1').keys()]).toEqual(['a1']);
    live.clearRuns();
    expect(live.runsOf('s1').size).toBe(0);
  });

  it("publishes a stickman's runs anew only for its own records", async () => {
    const { records$, controller } = fakeController();
    const live = new LiveRun(controller);
    const s0 = live.runsOf('s0');
    let s1 = live.runsOf('s1');
    for (let tick = 1; tick <= 5; tick += 1) {
      records$.next(action(tick, 's1', `a${tick}`, 'started'));
      await Promise.resolve();
      // A new value for s1's readers each burst; s0's keep theirs (its signal was never set).
      expect(live.runsOf('s1')).not.toBe(s1);
      s1 = live.runsOf('s1');
      expect(live.runsOf('s0')).toBe(s0);
    }
    expect(s1.size).toBe(5);
    records$.next(action(6, 's0', 'a1', 'started'));
    records$.next(action(6, 's0', 'a1', 'finished', 'completed'));
    await Promise.resolve();
    expect(live.runsOf('s1')).toBe(s1);
    expect(live.runsOf('s0').get('a1')).toEqual({ phase: 'finished', outcome: 'completed' });
  });
});
