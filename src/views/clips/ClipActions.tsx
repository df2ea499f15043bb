/**
 * What a viewer does with a processed clip (SPEC §3 Clip, §7 Clips), on its own clip actor: share its link, download
 * it (the download_clip capability; the server counts downloads and says when none are left), delete it after a
 * confirmation popup. Used under the player and on each row of the profile's clip list.
 */
import { useTranslation } from 'react-i18next';
import { type ClipActor, useClip } from '../../app/facades/clips';
import { secondaryButton } from '../../components/controls.css';
import { ErrorNotice } from '../../components/form/Fields';
import * as styles from './clip-actions.css';

export function ClipActions({ clip, name }: { clip: ClipActor; name?: string }) {
  const { t } = useTranslation();
  const { canShare, canDownload, canDelete, downloading, deleting, downloadIncluded, message, share, download, remove } = useClip(clip);
  // In a list every row has the same three buttons: their names say which clip they act on.
  const label = (key: 'clips.share' | 'clips.download' | 'clips.delete') => (name ? `${t(key)} · ${name}` : undefined);
  return (
    <div className={styles.actions}>
      <ErrorNotice error={message ? { message } : null} />
      <div className={styles.buttons}>
        <button type="button" className={secondaryButton} onClick={share} disabled={!canShare} aria-label={label('clips.share')}>
          {t('clips.share')}
        </button>
        <button
          type="button"
          className={secondaryButton}
          onClick={download}
          disabled={!canDownload}
          aria-busy={downloading || undefined}
          aria-label={label('clips.download')}
        >
          {t('clips.download')}
        </button>
        <button
          type="button"
          className={secondaryButton}
          onClick={remove}
          disabled={!canDelete}
          aria-busy={deleting || undefined}
          aria-label={label('clips.delete')}
        >
          {t('clips.delete')}
        </button>
      </div>
      {!downloadIncluded && <p className={styles.note}>{t('clips.noDownload')}</p>}
    </div>
  );
}
