/**
 * The video player (SPEC §2 watch screens and VOD items): a 16/9 video with the player's own controls
 * (PlayerControls.tsx, loaded after the first frame), and what covers it when the video cannot play yet or any more:
 * a spinner while it loads or buffers, the "Ad" label during a preroll, a replay button at the end, the player error
 * (SPEC §8) with a retry button, and why the viewer may not watch with the way out: log in or register (SPEC §6), buy
 * the event, choose a pass, or wait for the start.
 *
 * `<Player source={{ kind: 'vod', id }} />` plays on its own; a screen that also shows the details wraps them in
 * `<PlayerScope source>` and renders `<PlayerSurface />` among them.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { PlayerDenial, PlayerDetails, PlayerSource } from '../../../machines/player/player.types';
import { PlayerScope, usePlayer } from '../../app/facades/player';
import { formatEventDate } from '../../format/event';
import { primaryButton, secondaryButton, visuallyHidden } from '../controls.css';
import * as styles from './player.css';

// The controls load after the first frame: the watch page's first load has no room for them, and the video needs
// none to start.
const PlayerControls = lazy(async () => ({ default: (await import('./PlayerControls')).PlayerControls }));

export function Player({ source }: { source: PlayerSource }) {
  return (
    <PlayerScope source={source}>
      <PlayerSurface />
    </PlayerScope>
  );
}

export function PlayerSurface() {
  const { t } = useTranslation();
  const { status, denial, details, isPreroll, retry, replay, videoRef, controls } = usePlayer();
  // The video element stays mounted whatever covers it: the stream actor holds on to it.
  return (
    <div className={styles.frame} data-testid="player" data-status={status}>
      <video ref={videoRef} className={styles.video} playsInline aria-label={t('player.videoLabel')} />
      {controls && (
        <Suspense fallback={null}>
          <PlayerControls key={controls.id} controls={controls} />
        </Suspense>
      )}
      {isPreroll && status !== 'error' && (
        <span className={styles.adLabel} data-testid="player-ad">
          {t('player.ad')}
          <span className={visuallyHidden}> {t('player.adNotice')}</span>
        </span>
      )}
      {(status === 'loading' || status === 'buffering') && (
        <div className={styles.passiveOverlay} role="status">
          <span className={styles.spinner} aria-hidden="true" />
          <p className={styles.message}>{t(status === 'loading' ? 'player.loading' : 'player.buffering')}</p>
        </div>
      )}
      {status === 'ended' && (
        <div className={styles.overlay}>
          <p className={styles.message}>{t('player.ended')}</p>
          <button type="button" className={primaryButton} onClick={replay}>
            {t('player.replay')}
          </button>
        </div>
      )}
      {status === 'error' && (
        <div className={styles.overlay}>
          <p className={styles.message} role="alert">
            {t('errors.playerError')}
          </p>
          <button type="button" className={primaryButton} onClick={retry}>
            {t('player.retry')}
          </button>
        </div>
      )}
      {status === 'denied' && denial !== null && <Denial denial={denial} details={details} />}
    </div>
  );
}

function Denial({ denial, details }: { denial: PlayerDenial; details: PlayerDetails | null }) {
  const { t, i18n } = useTranslation();
  const event = details?.kind === 'event' ? details.event : null;
  switch (denial) {
    case 'geoBlocked':
      return <Notice text={t('geo.blocked')} />;
    case 'loginRequired':
      return (
        <Notice text={t('player.loginRequired')}>
          <Link href="/login" className={primaryButton}>
            {t('prompts.loginToWatch')}
          </Link>
          <Link href="/registration" className={secondaryButton}>
            {t('prompts.registerToWatch')}
          </Link>
        </Notice>
      );
    case 'purchaseRequired':
      return (
        <Notice text={t('player.purchaseRequired')}>
          {event && event.single_event_package_id !== null && (
            <Link href={`/buy?event_id=${event.id}&single_event_package_id=${event.single_event_package_id}`} className={primaryButton}>
              {t('player.buyToWatch')}
            </Link>
          )}
          {/* The passes that include it; the only way to an event sold only within passes. */}
          <Link href="/packages" className={event?.single_event_package_id != null ? secondaryButton : primaryButton}>
            {t('player.seePasses')}
          </Link>
        </Notice>
      );
    case 'notAllowed':
      return (
        <Notice text={t('player.notAllowed')}>
          <Link href="/packages" className={secondaryButton}>
            {t('player.seePasses')}
          </Link>
        </Notice>
      );
    case 'notStarted':
      return (
        <Notice
          text={event ? t('player.notStarted', { date: formatEventDate(event.event_utc_ts, event.time_zone, i18n.language) }) : t('player.notStartedHint')}
        >
          {event && <p className={styles.message}>{t('player.notStartedHint')}</p>}
        </Notice>
      );
    case 'notFound':
      // An id that names no video (a mistyped or deleted one): the way back to what there is to watch.
      return (
        <Notice text={t('player.notFound')}>
          <Link href="/" className={secondaryButton}>
            {t('notFound.backHome')}
          </Link>
        </Notice>
      );
  }
}

function Notice({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <div className={styles.overlay} data-testid="player-denial">
      <p className={styles.message} role="alert">
        {text}
      </p>
      {children && <div className={styles.actions}>{children}</div>}
    </div>
  );
}
