/**
 * Everything of an event the viewer can follow (the watch page): its teams, their schools and its sport, each with
 * its favourite star, named as the channel's startup data names them.
 */
import { useTranslation } from 'react-i18next';
import type { FollowTarget } from '../../app/facades/favourites';
import { useStartupPart } from '../../app/facades/app-load';
import { participantDisplayName } from '../../format/event';
import { flattenCategories } from '../catalogue/catalogue-data';
import { FavouriteButton } from './FavouriteButton';
import * as styles from './favourite.css';

interface FollowedEvent {
  event_category_id: number | null;
  participants: ReadonlyArray<{ id: number; name: string; group_id: number | null } | null>;
}

export function EventFollows({ event }: { event: FollowedEvent }) {
  const { t } = useTranslation();
  const groups = useStartupPart('groups');
  const categories = flattenCategories(useStartupPart('categories'));
  const targets: Array<FollowTarget & { name: string }> = [];
  for (const participant of event.participants) {
    if (participant) targets.push({ id: participant.id, kind: 'team', name: participantDisplayName(participant.name) });
  }
  const schoolIds = new Set(event.participants.flatMap((p) => (p?.group_id ? [p.group_id] : [])));
  for (const id of schoolIds) {
    const school = groups?.data.find((group) => group?.id === id);
    if (school) targets.push({ id, kind: 'school', name: participantDisplayName(school.name) });
  }
  const sport = categories.find((category) => category.id === event.event_category_id);
  if (sport) targets.push({ id: sport.id, kind: 'sport', name: sport.name });
  if (targets.length === 0) return null;
  return (
    <div className={styles.follows}>
      <span className={styles.followsLabel} id="follow-label">
        {t('favourites.follow')}
      </span>
      <ul className={styles.row} aria-labelledby="follow-label">
        {targets.map(({ name, ...target }) => (
          <li key={`${target.kind}-${target.id}`}>
            <FavouriteButton target={target} name={name} />
          </li>
        ))}
      </ul>
    </div>
  );
}
