/**
 * Downloading a finished game (SPEC §3 capability `download`, §7 download-event/{id}): for a viewer whose pass
 * includes downloads, a button under the game's details; the download flow (the machine each clip's download is too)
 * asks for the link, the browser saves the file, and a refusal (no downloads left) is shown in the API's words.
 */
import { useTranslation } from 'react-i18next';
import type { WatchedEvent } from '../../../machines/player/player.types';
import { useEventDownload, useGameDownloadOffered } from '../../app/facades/event-download';
import { EventDownloadFlow } from '../../app/flows';
import { secondaryButton } from '../../components/controls.css';
import { ErrorNotice } from '../../components/form/Fields';
import * as styles from './watch.css';

export function EventDownload({ event }: { event: WatchedEvent }) {
  // Only a finished game has a recording to save, and only a viewer whose pass includes downloads and who may watch it.
  const offered = useGameDownloadOffered(event);
  if (!offered) return null;
  return (
    <EventDownloadFlow.Scope input={{ target: { kind: 'event', id: event.id }, allowed: offered }}>
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
