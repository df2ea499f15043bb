/** The content of a channel page (SPEC §2 channel pages), read when the page's route shows. */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { createChannelPageActors } from '../../../machines/resource/channel-page.actors';
import { resourceMachine } from '../../../machines/resource/resource.machine';
import { useAppActors } from '../actors-context';

export type ResourceStatus = 'loading' | 'loaded' | 'failed';

export function useChannelPageContent(alias: string): { status: ResourceStatus; content: string | null; retry(): void } {
  const { client } = useAppActors();
  const logic = useMemo(() => resourceMachine.provide({ actors: createChannelPageActors({ client }) }), [client]);
  const actor = useActorRef(logic, { input: { params: alias } });
  useEffect(() => {
    if (actor.getSnapshot().context.params !== alias) actor.send({ type: 'params.changed', params: alias });
  }, [actor, alias]);
  const status = useSelector(actor, (s): ResourceStatus => (s.hasTag('busy') ? 'loading' : s.matches('failed') ? 'failed' : 'loaded'));
  const content = useSelector(actor, (s) => (typeof s.context.data === 'string' ? s.context.data : null));
  return { status, content, retry: () => actor.send({ type: 'user.retry' }) };
}
