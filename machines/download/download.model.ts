/** Model of a download (machines/download): a game or a clip, with and without the capability, answered or refused. */
import { messageOfServerWords } from '../../mesh/client/server-words';
import { messageId } from '../shared/messages';
import { downloadMachine } from './download.machine';
import { SOMETHING_WENT_WRONG } from '../shared/failures';
import { ClientRequestError, said } from '../../mesh/client/errors';
import { defineModel } from '../shared/machine-model';

/** The API's refusal past the downloads limit, in its words. */
const noDownloadsLeft = new ClientRequestError({
  kind: 'http',
  status: 403,
  field: 'download',
  operation: 'EventDownload',
  ...said('You have used all 20 of your downloads', { downloads: ['You have used all 20 of your downloads'] }, messageOfServerWords),
  body: null,
  upstream: null,
});

export const downloadModel = defineModel({
  machine: downloadMachine,
  inputs: [
    { target: { kind: 'event', id: 7 }, allowed: true },
    { target: { kind: 'event', id: 7 }, allowed: false },
    { target: { kind: 'clip', id: 9 }, allowed: true },
    { target: { kind: 'clip', id: 9 }, allowed: false },
  ],
  outputs: {
    requestDownload: [{ url: 'http://app.test/media/events/7/token/download.ts', file_name: 'summit-vs-boreal.ts' }],
  },
  errors: {
    requestDownload: [noDownloadsLeft, new Error('network down')],
  },
  abstractState: (snapshot) => ({
    value: snapshot.value,
    target: snapshot.context.target,
    allowed: snapshot.context.allowed,
    download: snapshot.context.download !== null,
    message: snapshot.context.message,
  }),
  check: (snapshot, step) => {
    const { allowed, message } = snapshot.context;
    if (!allowed && snapshot.matches('requesting')) throw new Error('asked for a link without the capability');
    if (message !== null && ![SOMETHING_WENT_WRONG.key, 'You have used all 20 of your downloads'].includes(messageId(message))) {
      throw new Error(`unexpected message "${messageId(message)}"`);
    }
    // The browser is handed exactly the link that was answered, once.
    const saved = step.actions.filter((a) => a.type === 'saveDownload');
    if (saved.length > 1) throw new Error('saved twice in one step');
    if (saved.length === 1 && saved[0]?.params !== snapshot.context.download) throw new Error('saved another link than the one kept');
  },
});
