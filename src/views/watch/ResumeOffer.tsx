/**
 * The player's resume offer (machines/player `offeringResume`): over the player, before anything plays, a viewer who
 * stopped part-way through a replay or a library video chooses "Resume from 12:34" or "Start from the beginning".
 * Loaded lazily: no page's first load carries it. `ResumeOffer` covers the player of the watch page (inside its
 * `<PlayerScope>`, in a positioned area); `PlayerWithResume` is the VOD item page's player with the offer.
 */
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlayerSource } from '../../../machines/player/player.types';
import { useResumeOffer } from '../../app/facades/resume-offer';
import { PlayerScope } from '../../app/facades/player';
import { primaryButton, secondaryButton } from '../../components/controls.css';
import { PlayerSurface } from '../../components/player/Player';
import { formatVodDuration } from '../../components/vod/vod-format';
import * as styles from './resume-offer.css';

export default function ResumeOffer() {
  const { t } = useTranslation();
  const { offered, position, resume, restart } = useResumeOffer();
  const titleId = useId();
  const first = useRef<HTMLButtonElement>(null);
  // The choice is the one thing to do before the video plays: keyboard focus goes to it.
  useEffect(() => {
    if (offered) first.current?.focus();
  }, [offered]);
  if (!offered || position === null) return null;
  return (
    <section className={styles.offer} aria-labelledby={titleId} data-testid="resume-offer">
      <h2 id={titleId} className={styles.title}>
        {t('player.resumeTitle')}
      </h2>
      <div className={styles.actions}>
        <button ref={first} type="button" className={primaryButton} onClick={resume}>
          {t('player.resumeFrom', { time: formatVodDuration(position) })}
        </button>
        <button type="button" className={secondaryButton} onClick={restart}>
          {t('player.startOver')}
        </button>
      </div>
    </section>
  );
}

export function PlayerWithResume({ source }: { source: PlayerSource }) {
  return (
    <PlayerScope source={source}>
      <div className={styles.area}>
        <PlayerSurface />
        <ResumeOffer />
      </div>
    </PlayerScope>
  );
}
