/**
 * Downloading a finished game (SPEC §3 capability `download`, §7 download-event/{id}): for a viewer whose pass
 * includes downloads, a button under the game's details; the event-download flow asks for the link, the browser
 * saves the file, and a refusal (no downloads left) is shown in the API's words.
 */
import { useTranslation } from 'react-i18next';
import type { WatchedEvent } from '../../../machines/player/player.types';
import { useDownloadRight, useEventDownload } from '../../app/facades/event-download';
import { usePlayer } from '../../app/facades/player';
import { EventDownloadFlow } from '../../app/flows';
import { secondaryButton } from '../../components/controls.css';
import { ErrorNotice } from '../../components/form/Fields';
import * as styles from './watch.css';

export function EventDownload({ event }: { event: WatchedEvent }) {
  const allowed = useDownloadRight();
  const { status } = usePlayer();
  // Only a finished game has a recording to save, and only a viewer who may watch it may save it.
  if (!allowed || event.stream_status !== 'vod' || status === 'denied') return null;
  return (
    <EventDownloadFlow.Scope input={{ eventId: event.id, capabilities: { download: allowed } }}>
      <DownloadButton />
    </EventDownloadFlow.Scope>
  );
}

function DownloadButton() {
  const { t } = useTranslation();
  const { busy, canDownload, message, download } = useEventDownload();
  return (
    <div className={styles.download}>
      <button type="button" className={secondaryButton} onClick={download} disabled={!canDownload} aria-busy={busy || undefined}>
        {busy ? t('player.downloading') : t('player.download')}
      </button>
      <ErrorNotice error={message ? { message } : null} />
    </div>
  );
}
