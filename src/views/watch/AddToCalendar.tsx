/**
 * "Add to calendar" on an upcoming game (issue 30): a button under the game's details that saves the game as an
 * iCalendar file (src/format/calendar-file.ts), with its time, place and a link back to its watch page on this
 * channel's own address. Nothing to ask the API: the page already has the game, and the file is made here. The watch
 * view loads it for an upcoming game only.
 */
import { useTranslation } from 'react-i18next';
import type { WatchedEvent } from '../../../machines/player/player.types';
import { saveText } from '../../adapters/save-file';
import { useChannelName } from '../../app/facades/channel';
import { secondaryButton } from '../../components/controls.css';
import { calendarFile, calendarFileName } from '../../format/calendar-file';
import { eventTitle } from '../../format/event';
import { eventPlace } from '../../format/place';
import * as styles from './watch.css';

/** Saves the game's calendar file. The link is on the origin the viewer opened: the channel's own, public host. */
function saveCalendarFile(event: WatchedEvent, channelName: string | null) {
  const origin = window.location.origin;
  const title = eventTitle(event);
  const game = {
    id: event.id,
    title,
    startUtcSeconds: event.event_utc_ts,
    durationSeconds: event.duration,
    place: eventPlace(event.location),
    description: event.description,
  };
  const text = calendarFile(game, { name: channelName ?? window.location.host, origin }, new Date());
  saveText(calendarFileName(title), text, 'text/calendar');
}

export function AddToCalendar({ event }: { event: WatchedEvent }) {
  const { t } = useTranslation();
  const channelName = useChannelName();
  return (
    <div className={styles.calendar}>
      <button type="button" className={secondaryButton} onClick={() => saveCalendarFile(event, channelName)}>
        {t('player.addToCalendar')}
      </button>
    </div>
  );
}
