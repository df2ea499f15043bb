/** Events as a grid of cards or a list of rows (SPEC §2 "Views are grid or list"). */
import type { CatalogueEvent } from '../../../machines/resource/catalogue.reads';
import type { CatalogueLayout } from '../../app/facades/catalogue';
import { EventCard } from './EventCard';
import * as styles from './catalogue.css';

export interface EventCollectionProps {
  events: readonly CatalogueEvent[];
  layout: CatalogueLayout;
  headingLevel: 2 | 3;
  anonymous: boolean;
  categoryName(id: number | null): string | null;
  label?: string;
}

export function EventCollection({ events, layout, headingLevel, anonymous, categoryName, label }: EventCollectionProps) {
  return (
    <ul className={layout === 'grid' ? styles.grid : styles.rows} aria-label={label} data-layout={layout} data-testid="event-collection">
      {events.map((event) => (
        <li key={event.id}>
          <EventCard
            event={event}
            layout={layout}
            headingLevel={headingLevel}
            anonymous={anonymous}
            categoryName={categoryName(event.event_category_id)}
          />
        </li>
      ))}
    </ul>
  );
}
