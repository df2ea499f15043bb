/**
 * A shared clip (SPEC §2 /share/{id}/{uuid}: the event's id and the clip's uuid). Anybody with the link watches it,
 * signed in or not; a link whose uuid names no processed clip of that event is the not-found page.
 */
import { useMemo } from 'react';
import { useParams } from 'wouter';
import { PlayerScope, usePlayer } from '../../app/facades/player';
import { PlayerSurface } from '../../components/player/Player';
import * as pageStyles from '../../components/page.css';
import { NotFoundView } from '../not-found/NotFoundView';
import { ClipInfo } from '../watch/ClipInfo';

export function ShareView() {
  const params = useParams<{ id: string; uuid: string }>();
  const source = useMemo(() => ({ kind: 'sharedClip' as const, id: Number(params.id), uuid: params.uuid }), [params.id, params.uuid]);
  return (
    <PlayerScope source={source}>
      <SharedClip />
    </PlayerScope>
  );
}

function SharedClip() {
  const { status, denial } = usePlayer();
  if (status === 'denied' && denial === 'notFound') return <NotFoundView />;
  return (
    <article className={pageStyles.page}>
      <PlayerSurface />
      <ClipInfo title="pages.share" />
    </article>
  );
}
