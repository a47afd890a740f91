/**
 * RigConnector (machines/connectRig): one connection per set of snapshots, and its speech and
 * queue status worked out once per connection (every frame reads them) — the same objects while
 * nothing changes, new ones the moment a snapshot does. Events go in through the connector, and a
 * read in the middle of one (a listener's) sees what it has done so far.
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
    connector.send({ type: 'queue.start' });
    connector.send({ type: 'step', dt: 1 / 60 });
    const first = connector.connection;
    expect(first.speech).toEqual([{ text: 'hello', overlay: false }]);
    expect(first.queue).toMatchObject({ current: 'hi', state: 'speaking' });
    // Asked again with nothing changed: the very same objects.
    expect(connector.connection).toBe(first);
    expect(first.speech).toBe(first.speech);
    expect(first.queue).toBe(first.queue);
    // A step counts the speech on: a new connection with the new progress; the old one is as it was.
    const progress = first.queue.progress;
    connector.send({ type: 'step', dt: 1 / 60 });
    const second = connector.connection;
    expect(second).not.toBe(first);
    expect(second.queue.progress).toBeGreaterThan(progress);
    expect(first.queue.progress).toBe(progress);
    // Once it has been said, the speech is gone from the next connection.
    for (let i = 0; i < 70; i += 1) connector.send({ type: 'step', dt: 1 / 60 });
    expect(connector.connection.speech).toEqual([]);
    expect(first.speech).toEqual([{ text: 'hello', overlay: false }]);
    rig.stop();
  });

  it('reads the rig anew while a send is under way: a listener hears the state the event made', () => {
    const rig = createActor(rigMachine, { input: { id: 'stick', items: [speak('hi', 'hello', 1 / 60), speak('bye', 'goodbye', 1)] } });
    rig.start();
    const connector = new RigConnector(rig);
    const runner = rig.getSnapshot().context.actionRunner;
    const heard: Array<{ event: string; current: string | null; state: string }> = [];
    const note = (event: string) => {
      const { queue } = connector.connection;
      heard.push({ event, current: queue.current, state: queue.state });
    };
    runner.on('runner.started', (e) => {
      // Sent from a listener, the stop waits in the rig's mailbox until the step it is in is done.
      if (e.item.id === 'bye') connector.send({ type: 'queue.stop' });
      note(`started ${e.item.id}`);
    });
    runner.on('runner.finished', (e) => note(`finished ${e.item.id}`));
    connector.send({ type: 'queue.start' });
    expect(connector.connection.queue).toMatchObject({ current: null, state: 'idle' });
    connector.send({ type: 'step', dt: 1 / 60 });
    connector.send({ type: 'step', dt: 1 / 60 });
    connector.send({ type: 'step', dt: 1 / 60 });
    // Each listener reads the snapshots of the event it hears (read mid-send, not the connection of
    // before), also after a read earlier in the same send.
    expect(heard).toEqual([
      { event: 'started hi', current: 'hi', state: 'speaking' },
      { event: 'finished hi', current: null, state: 'idle' },
      { event: 'started bye', current: 'bye', state: 'speaking' },
      { event: 'finished bye', current: null, state: 'stopped' },
    ]);
    expect(connector.connection.queue).toMatchObject({ current: null, state: 'stopped' });
    rig.stop();
  });
});
