/** Model of a home rail (machines/rail): a few card counts and both motion settings keep the context finite. */
import { railMachine } from './rail.machine';
import { defineModel } from '../shared/machine-model';

export const railModel = defineModel({
  machine: railMachine,
  input: { count: 3, reducedMotion: false },
  events: {
    // A rail emptied (a nonsense count reads as none; a single card behaves as none too) and one of three cards.
    'items.changed': [
      { type: 'items.changed', count: -2 },
      { type: 'items.changed', count: 3 },
    ],
    'motion.changed': [
      { type: 'motion.changed', reduced: true },
      { type: 'motion.changed', reduced: false },
    ],
  },
  check: (snapshot) => {
    const { index, count, reducedMotion, hovered, focused } = snapshot.context;
    if (count === 0 ? index !== 0 : index < 0 || index >= count) throw new Error(`card ${index} of ${count}`);
    const shouldMove = !reducedMotion && count > 1 && !hovered && !focused;
    if (snapshot.hasTag('moving') !== shouldMove) {
      throw new Error(`moving is ${snapshot.hasTag('moving')} with ${JSON.stringify(snapshot.context)}`);
    }
  },
});
