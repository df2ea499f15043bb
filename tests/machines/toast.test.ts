/** SPEC behaviour of the toast queue that the model-based paths take for granted: times, defaults and order. */
import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor } from 'xstate';
import { toastMachine } from '../../machines/toast/toast.machine';

function start() {
  const clock = new SimulatedClock();
  const actor = createActor(toastMachine, { clock }).start();
  const shown = () => actor.getSnapshot().context.queue[0];
  return { clock, actor, shown };
}

describe('toast queue', () => {
  it('shows a toast for 5000 ms as info unless told otherwise', () => {
    const { clock, actor, shown } = start();
    actor.send({ type: 'toast.show', toast: { message: { text: 'Saved' } } });
    expect(shown()).toEqual({ id: 'toast-1', message: { text: 'Saved' }, time: 5000, type: 'info' });
    clock.increment(4999);
    expect(actor.getSnapshot().hasTag('visible')).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it("keeps each toast for its own time, one after the other, in the order sent", () => {
    const { clock, actor, shown } = start();
    actor.send({ type: 'toast.show', toast: { message: { text: 'Payment failed' }, type: 'error', time: 8000 } });
    actor.send({ type: 'toast.show', toast: { message: { text: 'Saved' }, time: 0 } });
    clock.increment(7999);
    expect(shown()?.message).toEqual({ text: 'Payment failed' });
    clock.increment(1);
    expect(shown()).toMatchObject({ message: { text: 'Saved' }, time: 5000 });
    clock.increment(5000);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('shows the next toast, with a fresh timer, when the viewer closes the shown one', () => {
    const { clock, actor, shown } = start();
    actor.send({ type: 'toast.show', toast: { id: 'a', message: { text: 'A' } } });
    actor.send({ type: 'toast.show', toast: { id: 'b', message: { text: 'B' } } });
    clock.increment(3000);
    actor.send({ type: 'toast.dismiss', id: 'a' });
    expect(shown()?.id).toBe('b');
    clock.increment(4999);
    expect(shown()?.id).toBe('b');
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('withdraws a waiting toast, ignores unknown ids and does not queue an id twice', () => {
    const { actor } = start();
    actor.send({ type: 'toast.show', toast: { id: 'a', message: { text: 'A' } } });
    actor.send({ type: 'toast.show', toast: { id: 'b', message: { text: 'B' } } });
    actor.send({ type: 'toast.show', toast: { id: 'b', message: { text: 'B again' } } });
    actor.send({ type: 'toast.dismiss', id: 'nobody' });
    expect(actor.getSnapshot().context.queue.map((t) => t.message)).toEqual([{ text: 'A' }, { text: 'B' }]);
    actor.send({ type: 'toast.dismiss', id: 'b' });
    expect(actor.getSnapshot().context.queue.map((t) => t.id)).toEqual(['a']);
  });
});
