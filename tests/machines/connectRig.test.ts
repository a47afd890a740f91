/**
 * RigConnector (machines/connectRig): one connection per set of snapshots, and its speech and
 * queue status worked out once per connection (every frame reads them) — the same objects while
 * nothing changes, new ones the moment a snapshot does.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { LaneItem } from '../../core/actions/lane';
import { RigConnector } from '../../machines/connectRig';
import { rigMachine } from '../../machines/rigMachine';

const speak = (id: string, text: string, seconds: number): LaneItem => ({ id, origin: 'authored', action: { type: 'speak', text, seconds } });

describe('RigConnector', () => {
  it('keeps one connection, speech and queue status while no snapshot changes, and reads anew after a step', () => {
    const rig = createActor(rigMachine, { input: { id: 'stick', items: [speak('hi', 'hello', 1)] } });
    rig.start();
    const connector = new RigConnector(rig);
    rig.send({ type: 'queue.start' });
    rig.send({ type: 'step', dt: 1 / 60 });
    const first = connector.connection;
    expect(first.speech).toEqual([{ text: 'hello', overlay: false }]);
    expect(first.queue).toMatchObject({ current: 'hi', state: 'speaking' });
    // Asked again with nothing changed: the very same objects.
    expect(connector.connection).toBe(first);
    expect(first.speech).toBe(first.speech);
    expect(first.queue).toBe(first.queue);
    // A step counts the speech on: a new connection with the new progress; the old one is as it was.
    const progress = first.queue.progress;
    rig.send({ type: 'step', dt: 1 / 60 });
    const second = connector.connection;
    expect(second).not.toBe(first);
    expect(second.queue.progress).toBeGreaterThan(progress);
    expect(first.queue.progress).toBe(progress);
    // Once it has been said, the speech is gone from the next connection.
    for (let i = 0; i < 70; i += 1) rig.send({ type: 'step', dt: 1 / 60 });
    expect(connector.connection.speech).toEqual([]);
    expect(first.speech).toEqual([{ text: 'hello', overlay: false }]);
    rig.stop();
  });
});
