/** Model of a read the viewer waits for (machines/resource): it answers, or fails for the client's reason or another. */
import { resourceMachine } from './resource.machine';
import { defineModel } from '../shared/machine-model';
import { requestError } from '../shared/client-fixtures';

export const resourceModel = defineModel({
  machine: resourceMachine,
  input: { params: 'about-network' },
  events: {
    // Another page, and the same one again (a view re-rendering), which the machine ignores.
    'params.changed': [
      { type: 'params.changed' as const, params: 'accessibility' },
      { type: 'params.changed' as const, params: 'about-network' },
    ],
  },
  outputs: { load: ['<p>About the network</p>'] },
  errors: { load: [requestError('notFound', 404, 'Page not found'), new Error('offline')] },
  check: (snapshot) => {
    const { data, error } = snapshot.context;
    if (snapshot.hasTag('busy') !== snapshot.matches('loading')) throw new Error('busy outside loading');
    if (snapshot.matches('loaded') && (data === null || error !== null)) throw new Error('loaded without data, or with an error');
    if (snapshot.matches('loading') && data !== null) throw new Error('old data shown while loading something else');
    if (snapshot.can({ type: 'user.retry' }) !== snapshot.matches('failed')) throw new Error('retry offered outside a failure');
  },
});
