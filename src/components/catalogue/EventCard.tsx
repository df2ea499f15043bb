/**
 * An event's card (SPEC §2 display conventions), shared by the home rails and the events list: the title "away @
 * home" with short names, the date on the event's clock in the viewer's language, its status, the price of a paid
 * event the viewer cannot watch yet, the participants' logos and colours, Men or Women, and a favourite star per
 * team. The card links to its watch page; visitors are offered to log in or register for a paid event (SPEC §6).
 */
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { CatalogueEvent } from '../../../machines/resource/catalogue.reads';
import { eventTitle, formatEventDate, participantDisplayName, participantShortName } from '../../format/event';
import { genderLabel } from '../../format/gender';
import { formatMoney } from '../../format/price';
import { translator } from '../../i18n/i18n';
import { FavouriteButton } from '../favourites/FavouriteButton';
import * as favouriteStyles from '../favourites/favourite.css';
import { isLockedPaidEvent, participantProperty } from './catalogue-data';
import * as styles from './catalogue.css';

export type CardLayout = 'grid' | 'list';

export interface EventCardProps {
  event: CatalogueEvent;
  layout: CardLayout;
  /** The title's heading level: below the section's heading. */
  headingLevel: 2 | 3;
  /** A visitor without an account session: paid events show the login and registration prompts. */
  anonymous: boolean;
  /** The event's category (its sport), when known. */
  categoryName?: string | null;
}

const STATUS_KEYS = { live: 'catalogue.statusLive', upcoming: 'catalogue.statusUpcoming', vod: 'catalogue.statusReplay' } as const;

export function EventCard({ event, layout, headingLevel, anonymous, categoryName }: EventCardProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const locked = isLockedPaidEvent(event);
  const genders = participantProperty(event, 'gender').map((gender) => genderLabel(gender, translator(i18n)));
  const details = [categoryName, ...genders].filter((value): value is string => typeof value === 'string' && value !== '');
  const participants = event.participants.filter((p) => p !== null);
  const list = layout === 'list';
  return (
    <article className={list ? `${styles.card} ${styles.cardRow}` : styles.card} data-testid="event-card" data-event-id={event.id}>
      <div className={list ? `${styles.media} ${styles.mediaRow}` : styles.media}>
        {event.image && <img className={styles.cover} src={event.image} alt="" loading="lazy" />}
        {participants.map((participant) => {
          const logo = participant.images.logo ?? participant.image;
          if (!logo) return null;
          const ring: CSSProperties | undefined = participant.color ? { borderColor: participant.color } : undefined;
          return (
            <img
              key={participant.id}
              className={styles.logo}
              style={ring}
              src={logo}
              alt={participantDisplayName(participant.name)}
              loading="lazy"
            />
          );
        })}
        <span className={`${styles.badge} ${styles.badgeStatus[event.stream_status]}`} data-testid="event-status">
          {t(STATUS_KEYS[event.stream_status])}
        </span>
      </div>
      <div className={styles.body}>
        <Heading className={styles.cardTitle}>
          <Link href={`/watch/${event.id}`} className={styles.titleLink}>
            {eventTitle(event)}
          </Link>
        </Heading>
        <p className={styles.meta}>
          <time dateTime={new Date(event.event_utc_ts * 1000).toISOString()} data-testid="event-date">
            {formatEventDate(event.event_utc_ts, event.time_zone, locale)}
          </time>
        </p>
        {details.length > 0 && <p className={styles.meta}>{details.join(' · ')}</p>}
        {locked && (
          <p className={styles.price} data-testid="event-price">
            {formatMoney(event.base_price, event.currency, locale)}
          </p>
        )}
        {participants.length > 0 && (
          <ul className={`${favouriteStyles.row} ${styles.cardFollows}`} aria-label={t('favourites.teams')}>
            {participants.map((participant) => (
              <li key={participant.id}>
                <FavouriteButton target={{ id: participant.id, kind: 'team' }} name={participantShortName(participant)} size="small" />
              </li>
            ))}
          </ul>
        )}
        {locked && anonymous && (
          <p className={styles.prompts}>
            <Link href="/login" className={styles.promptLink}>
              {t('prompts.loginToWatch')}
            </Link>
            <Link href="/registration" className={styles.promptLinkSecondary}>
              {t('prompts.registerToWatch')}
            </Link>
          </p>
        )}
      </div>
    </article>
  );
}
