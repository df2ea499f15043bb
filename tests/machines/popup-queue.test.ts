/** SPEC §3/§4 popup queue: the head is shown; dismissing it resolves or cancels it, removes it, and shows the next. */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { type PopupQueueEmitted, popupQueueMachine } from '../../machines/popup-queue/popup-queue.machine';

function start() {
  const actor = createActor(popupQueueMachine).start();
  const settled: PopupQueueEmitted[] = [];
  actor.on('popup.resolved', (event) => settled.push(event));
  actor.on('popup.cancelled', (event) => settled.push(event));
  const ids = () => actor.getSnapshot().context.queue.map((p) => p.id);
  return { actor, settled, ids };
}

describe('popup queue', () => {
  it('shows the first popup; resolving it tells its opener, removes it and shows the next', () => {
    const { actor, settled, ids } = start();
    actor.send({ type: 'popup.open', popup: { id: 'pay', kind: 'purchaseFailed', data: { orderId: 7 } } });
    actor.send({ type: 'popup.open', popup: { kind: 'confirmLogout' } });
    expect(actor.getSnapshot().hasTag('visible')).toBe(true);
    expect(actor.getSnapshot().context.queue[0]).toEqual({ id: 'pay', kind: 'purchaseFailed', data: { orderId: 7 } });

    actor.send({ type: 'user.resolve', id: 'pay', value: { retry: true } });
    expect(settled).toEqual([{ type: 'popup.resolved', id: 'pay', value: { retry: true } }]);
    expect(ids()).toEqual(['popup-2']);
    expect(actor.getSnapshot().context.queue[0]).toEqual({ id: 'popup-2', kind: 'confirmLogout', data: {} });
  });

  it('cancelling the shown popup tells its opener and empties the queue', () => {
    const { actor, settled, ids } = start();
    actor.send({ type: 'popup.open', popup: { id: 'logout', kind: 'confirmLogout' } });
    actor.send({ type: 'user.cancel', id: 'logout' });
    expect(settled).toEqual([{ type: 'popup.cancelled', id: 'logout' }]);
    expect(ids()).toEqual([]);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().hasTag('visible')).toBe(false);
  });

  it('only the shown popup can be dismissed, and an id waiting in the queue is not queued twice', () => {
    const { actor, settled, ids } = start();
    actor.send({ type: 'popup.open', popup: { id: 'a', kind: 'info' } });
    actor.send({ type: 'popup.open', popup: { id: 'b', kind: 'info' } });
    actor.send({ type: 'popup.open', popup: { id: 'b', kind: 'info', data: { again: true } } });
    expect(ids()).toEqual(['a', 'b']);
    expect(actor.getSnapshot().can({ type: 'user.resolve', id: 'b' })).toBe(false);
    actor.send({ type: 'user.cancel', id: 'b' });
    actor.send({ type: 'user.resolve', id: 'nobody' });
    expect(settled).toEqual([]);
    expect(ids()).toEqual(['a', 'b']);
  });
});
