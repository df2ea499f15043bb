/** The reads the viewer waits for: one resource machine per read definition, built once, loading through the cache. */
import { fromPromise } from 'xstate';
import type { Read } from '../../../machines/resource/read';
import { resourceMachine } from '../../../machines/resource/resource.machine';
import type { CoreActors } from './core-logic';

export function provideReads(core: Pick<CoreActors, 'client' | 'cache'>): (definition: Read<never, unknown>) => typeof resourceMachine {
  const { client, cache } = core;
  const reads = new WeakMap<Read<never, unknown>, typeof resourceMachine>();
  return (definition) => {
    const known = reads.get(definition);
    if (known) return known;
    const logic = resourceMachine.provide({
      actors: { load: fromPromise<unknown, unknown>(({ input, signal }) => definition.load({ cache, client }, input as never, signal)) },
    });
    reads.set(definition, logic);
    return logic;
  };
}
